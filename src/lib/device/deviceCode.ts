/**
 * The device code of docs/product.md "Stored state", created on the first launch and kept in storage.
 * A new code is stored once start-up is over — when the page is next idle, or as it is hidden, whichever
 * comes first — and read from memory until then: its encryption (10–30 ms at 4× CPU slowdown) would
 * otherwise sit in the window where a tap held on Login waits for the app (docs/performance.md). A new
 * code is the one a first visit's 登录 may already have sent before the logic loaded (start/lib/firstTap.ts).
 */
import { read, write } from '../storage'
import { firstDeviceCode } from '../../start/lib/firstTap'

/** How long a new code may wait for an idle moment before it is stored anyway. */
export const STORE_WITHIN_MS = 2000

let unsaved: string | undefined

function save(): void {
  const code = unsaved
  if (code === undefined) return
  // Another tab of the same first launch may have stored its own: the stored one stays the device's.
  if (!read('deviceCode')) {
    try {
      write('deviceCode', code)
    } catch (e) {
      // This launch goes on with the code in memory; the next makes another.
      console.warn('[device] could not store the device code:', (e as Error).message)
      return
    }
  }
  unsaved = undefined
}

/** The device code: the stored one, else a new one, stored soon after. */
export function ensureDeviceCode(): string {
  const known = deviceCode()
  if (known) return known
  const code = (unsaved = firstDeviceCode())
  if (typeof requestIdleCallback === 'function') requestIdleCallback(save, { timeout: STORE_WITHIN_MS })
  else setTimeout(save, STORE_WITHIN_MS)
  addEventListener('pagehide', save, { once: true })
  return code
}

/** The device code, '' before the first launch has made one. */
export function deviceCode(): string {
  return read('deviceCode') ?? unsaved ?? ''
}
