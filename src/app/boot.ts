/**
 * Launch (docs/product.md): device code, language, size, network, persisted session; launched flag after 50 ms.
 * With a cached token the profile is reloaded quietly (the sign-in code loads only then).
 */
import { detectDeviceType, isConnectedType, networkTypeOf } from '../lib/device/device'
import { ensureDeviceCode } from '../lib/device/deviceCode'
import { read, write } from '../lib/storage'
import { setDeviceType, setLaunched, setNetwork, setWindowSize } from '../state/app'
import { restoreSession } from '../state/session/machine'
import { loadLang } from '../i18n/i18n'
import { applyLang, resolveLang } from '../state/lang'
import { initHistory } from '../state/navigation'

/** docs/product.md "Timing and limits": the launched flag is set 50 ms after the launch event. */
export const LAUNCHED_DELAY_MS = 50

function safeWrite(fn: () => void): void {
  try {
    fn()
  } catch (e) {
    console.warn('[boot]', (e as Error).message)
  }
}

interface NavigatorWithConnection extends Navigator {
  connection?: { type?: string; effectiveType?: string; addEventListener?: (t: string, f: () => void) => void }
}

export function readNetwork(): void {
  const nav = navigator as NavigatorWithConnection
  const online = nav.onLine !== false
  const type = networkTypeOf(nav.connection, online)
  setNetwork(isConnectedType(type, online), type)
}

let langReady: Promise<void> = Promise.resolve()
/** Resolves once the chosen language's catalogue has loaded (or failed to: zh-Hans then stays). */
export const bootLangReady = (): Promise<void> => langReady

export function boot(): void {
  initHistory()
  ensureDeviceCode()
  // docs/product.md "Stored state": the SMS countdown is reset to 0 at launch (a reload is a launch). A
  // missing one already reads as 0, so a first launch spends no encryption on it.
  if ((read('smsCountdown') ?? 0) !== 0) safeWrite(() => write('smsCountdown', 0))
  // zh-Hans at once; another language once its catalogue has loaded (main.tsx waits for that before the
  // first render), and zh-Hans if it cannot. Only the language shown is applied: the daily open's frames
  // follow it, and an English reader's frame never turns Chinese for the moment the catalogue loads.
  const lang = resolveLang(location.search)
  if (lang === 'zh-Hans') applyLang('zh-Hans')
  else langReady = loadLang(lang).then(() => applyLang(lang), () => applyLang('zh-Hans'))
  setDeviceType(detectDeviceType({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints }))
  setWindowSize({ width: innerWidth, height: innerHeight })
  addEventListener('resize', () => setWindowSize({ width: innerWidth, height: innerHeight }))
  readNetwork()
  addEventListener('online', readNetwork)
  addEventListener('offline', readNetwork)
  ;(navigator as NavigatorWithConnection).connection?.addEventListener?.('change', readNetwork)
  const phase = restoreSession()
  setTimeout(() => setLaunched(true), LAUNCHED_DELAY_MS)
  if (phase === 'resuming') void relaunchSession()
}

/** The cached session's profile reload and logged-in event (state/session/launch.ts). */
export async function relaunchSession(): Promise<void> {
  try {
    const { launch } = await import('../state/session/launch')
    await launch()
  } catch (e) {
    console.warn('[boot] could not resume the session:', (e as Error).message)
  }
}
