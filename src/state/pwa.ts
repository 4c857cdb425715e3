/** Service-worker state the UI shows: a waiting update, and the install prompt where the browser offers one. */
import { proxy, ref, useSnapshot } from 'valtio'
import { useHydrating } from '../hooks/useHydrating'

export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export interface PwaState {
  /** A new version is installed and waiting; accepting reloads every open tab onto it. */
  updateReady: boolean
  /** The page is controlled by our service worker (offline shell available). */
  controlled: boolean
  installPrompt: InstallPromptEvent | null
  installed: boolean
}

const initial = (): PwaState => ({ updateReady: false, controlled: false, installPrompt: null, installed: false })

export const pwaState = proxy<PwaState>(initial())

let acceptUpdate: () => void = () => undefined

export function setUpdateReady(accept: () => void): void {
  acceptUpdate = accept
  pwaState.updateReady = true
}

export function applyUpdate(): void {
  pwaState.updateReady = false
  acceptUpdate()
}

export function dismissUpdate(): void {
  pwaState.updateReady = false
}

export function setControlled(value: boolean): void {
  pwaState.controlled = value
}

export function setInstallPrompt(event: InstallPromptEvent | null): void {
  pwaState.installPrompt = event ? ref(event) : null
}

export function setInstalled(value: boolean): void {
  pwaState.installed = value
  if (value) pwaState.installPrompt = null
}

export function reset(): void {
  Object.assign(pwaState, initial())
  acceptUpdate = () => undefined
}

/** The state the public pages were prerendered with: no update waiting, no install prompt, not installed. */
const PRERENDERED: Readonly<PwaState> = Object.freeze(initial())

/**
 * The state as React shows it. A page being hydrated sees what it was prerendered with: the install prompt
 * (or the installed window) the browser reports at the load event may come before a slow phone has
 * hydrated the page (hooks/useHydrating.ts).
 */
export function usePwa(): Readonly<PwaState> {
  const live = useSnapshot(pwaState)
  return useHydrating() ? PRERENDERED : live
}
