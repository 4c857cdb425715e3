/**
 * Copy to the clipboard with the texts of docs/product.md "Errors": 'Content copied', or 'Copy failed, please copy
 * manually' when the browser refuses. The message is returned and handed to an injected notifier (the
 * app passes its toast), so this module shows nothing itself.
 */
import type { Lang } from '../../../manifest/app'
import { translate } from '../../i18n/i18n'

export type Notify = (message: string) => void

export interface CopyOptions {
  lang: Lang
  notify?: Notify
  /** The async Clipboard API; navigator.clipboard by default (absent on insecure origins). */
  clipboard?: Pick<Clipboard, 'writeText'> | null
  /** Used when the Clipboard API is absent or refuses; document.execCommand('copy') by default. */
  fallback?: (text: string) => boolean
}

export interface CopyResult {
  ok: boolean
  message: string
}

/** The pre-Clipboard-API way, still the only one on plain http: select a hidden textarea and copy. */
export function execCommandCopy(text: string): boolean {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  area.style.pointerEvents = 'none'
  document.body.appendChild(area)
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null
  try {
    area.select()
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
    active?.focus()
  }
}

export async function copyText(text: string, options: CopyOptions): Promise<CopyResult> {
  const clipboard = options.clipboard !== undefined ? options.clipboard : (globalThis.navigator?.clipboard ?? null)
  const fallback = options.fallback ?? execCommandCopy
  let ok = false
  if (clipboard) {
    try {
      await clipboard.writeText(text)
      ok = true
    } catch {
      ok = false
    }
  }
  if (!ok) ok = fallback(text)
  const message = translate(options.lang, ok ? 'clipboard.copied' : 'clipboard.failed')
  options.notify?.(message)
  return { ok, message }
}
