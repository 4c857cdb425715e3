/**
 * The one overlay that toast and loading share (docs/product.md): showing either replaces what is shown; hiding
 * one while the other is shown only logs a warning. Toast defaults to 1500 ms, loading stays until hidden
 * (docs/product.md "Timing and limits"). Plain functions, so the network layer and the service-worker glue can call them.
 */
import { proxy, useSnapshot } from 'valtio'
import { setLoading } from '../../state/app'

/** docs/product.md "Timing and limits": toast default duration. */
export const TOAST_DURATION_MS = 1500

export type ToastIcon = 'none' | 'success' | 'error' | 'loading'

export type OverlayContent =
  | { kind: 'none' }
  | { kind: 'toast'; text: string; icon: ToastIcon; id: number; link?: ToastLink }
  | { kind: 'loading'; text: string; id: number }

/** A link inside a toast (an app path), such as the card that just landed. */
export interface ToastLink {
  href: string
  text: string
}

export interface ToastOptions {
  duration?: number
  icon?: ToastIcon
  link?: ToastLink
}

export const overlayState = proxy<{ content: OverlayContent }>({ content: { kind: 'none' } })

let timer: ReturnType<typeof setTimeout> | undefined
let nextId = 1

function stopTimer(): void {
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
}

function show(content: OverlayContent): void {
  stopTimer()
  overlayState.content = content
  setLoading(content.kind === 'loading')
}

export function showToast(text: string, { duration = TOAST_DURATION_MS, icon = 'none', link }: ToastOptions = {}): void {
  const id = nextId++
  show({ kind: 'toast', text, icon, id, ...(link ? { link } : {}) })
  if (Number.isFinite(duration) && duration > 0) {
    timer = setTimeout(() => {
      timer = undefined
      const c = overlayState.content
      if (c.kind === 'toast' && c.id === id) show({ kind: 'none' })
    }, duration)
  }
}

/** `text` defaults to the catalogue's 'loading...' in the current language (the host fills it in). */
export function showLoading(text = ''): void {
  show({ kind: 'loading', text, id: nextId++ })
}

function hide(kind: 'toast' | 'loading'): void {
  const shown = overlayState.content.kind
  if (shown === kind) return show({ kind: 'none' })
  if (shown !== 'none') console.warn(`[overlay] hide${kind === 'toast' ? 'Toast' : 'Loading'}() while a ${shown} is shown: nothing changed`)
}

export const hideToast = (): void => hide('toast')
export const hideLoading = (): void => hide('loading')

export const useOverlay = (): OverlayContent => useSnapshot(overlayState).content as OverlayContent

export function reset(): void {
  stopTimer()
  overlayState.content = { kind: 'none' }
}
