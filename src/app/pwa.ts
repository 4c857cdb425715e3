/**
 * Service-worker registration through workbox-window, started after the load event so it never competes
 * with the first paint. A waiting version is announced to the UI; accepting it tells the worker to take
 * over, and every tab reloads when control changes hands. iOS home-screen apps rarely restart, so an
 * update check also runs whenever the app becomes visible again.
 */
import { Workbox } from 'workbox-window'
import { setControlled, setInstalled, setInstallPrompt, setUpdateReady, type InstallPromptEvent } from '../state/pwa'

export const SW_URL = '/sw.js'

export function registerServiceWorker(): Workbox | undefined {
  if (!('serviceWorker' in navigator)) return undefined
  const wb = new Workbox(SW_URL, { scope: '/', updateViaCache: 'none' })
  // The worker that controlled this tab before the latest change: none on a first visit, where the new
  // worker's clients.claim() takes over without any need to reload.
  let previous = navigator.serviceWorker.controller
  let reloading = false

  // Any tab: when a new worker takes over from an old one (an accepted update), reload onto the new version.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    setControlled(true)
    const replaced = previous !== null
    previous = navigator.serviceWorker.controller
    if (!replaced || reloading) return
    reloading = true
    location.reload()
  })

  wb.addEventListener('waiting', () => {
    setUpdateReady(() => wb.messageSkipWaiting())
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
