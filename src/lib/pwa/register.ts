/**
 * Service-worker registration through workbox-window, started after the load event so it never competes
 * with the first paint. A waiting version is announced to the UI; accepting it tells the worker to take
 * over, and every tab reloads when control changes hands. iOS home-screen apps rarely restart, so an
 * update check also runs whenever the app becomes visible again.
 */
import { Workbox } from 'workbox-window'
import { setControlled, setInstalled, setInstallPrompt, setUpdateReady, type InstallPromptEvent } from '../../state/pwa'

export const SW_URL = '/sw.js'
const SKIP_WAITING = { type: 'SKIP_WAITING' }

export function registerServiceWorker(): Workbox | undefined {
  if (!('serviceWorker' in navigator)) return undefined
  const wb = new Workbox(SW_URL, { scope: '/', updateViaCache: 'none' })
  const hadController = Boolean(navigator.serviceWorker.controller)
  let reloading = false

  // Any tab: when a new worker takes control after an update, reload onto the new version.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    setControlled(true)
    if (!hadController || reloading) return
    reloading = true
    location.reload()
  })

  wb.addEventListener('waiting', () => {
    setUpdateReady(() => wb.messageSW(SKIP_WAITING))
  })
  wb.addEventListener('activated', () => setControlled(Boolean(navigator.serviceWorker.controller)))

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined)
  })

  void wb.register().then(
    () => setControlled(Boolean(navigator.serviceWorker.controller)),
    (e: unknown) => console.warn('[pwa] service worker registration failed', e),
  )
  return wb
}

export function listenForInstall(): void {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    setInstallPrompt(event as InstallPromptEvent)
  })
  addEventListener('appinstalled', () => setInstalled(true))
  if (matchMedia('(display-mode: standalone)').matches) setInstalled(true)
}
