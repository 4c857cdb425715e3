/// <reference lib="webworker" />
/**
 * Web Push in the service worker (docs/notifications.md): a push for the sign-in stored on this device
 * shows its notification (a tag collapses repeats), sets the icon's badge to the inbox's unread count it
 * carries and tells the open windows, which read the count from the server; a push for any other session
 * (an earlier account on a shared phone, or any after a logout) is dropped unseen. A click opens what it
 * points to through the app's router (so the login guard still applies), in a window already open when
 * there is one.
 */
import { isPushMessage, type PushMessage } from '../src/contract/push'
import { PUSH_TO_APP, signedInSession } from '../src/lib/push/store'

const ICON = '/pwa-192x192.png'
const BADGE = '/pwa-64x64.png'

/** The message a push carries, or null for a payload this app did not send (ignored, never shown raw). */
export function readPush(data: { json(): unknown } | null): PushMessage | null {
  if (!data) return null
  try {
    const m = data.json()
    return isPushMessage(m) ? m : null
  } catch {
    return null
  }
}

interface WindowLike {
  url: string
  focus(): Promise<unknown>
  postMessage(message: unknown): void
}

/**
 * Where a click goes: the first open window of the app is focused and told to route to `url`; with none,
 * a new window opens at `url` (and the app's guard decides at start). Only in-app paths are followed.
 */
export async function routeClick(url: string, windows: readonly WindowLike[], openWindow: (url: string) => Promise<unknown>, origin: string): Promise<'focused' | 'opened' | 'ignored'> {
  const target = new URL(url, origin)
  if (target.origin !== origin) return 'ignored'
  const path = `${target.pathname}${target.search}`
  const open = windows.find((w) => new URL(w.url).origin === origin)
  if (open) {
    await open.focus()
    open.postMessage({ type: PUSH_TO_APP.open, url: path })
    return 'focused'
  }
  await openWindow(path)
  return 'opened'
}

/** Only a push for the sign-in stored at this device's sign-in is shown; none when nobody is signed in. */
export const forThisSignIn = (message: PushMessage, stored: string | null): boolean => stored !== null && message.session === stored

export function listenForPush(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('push', (event) => {
    const message = readPush(event.data)
    if (!message) return
    event.waitUntil(
      (async () => {
        if (!forThisSignIn(message, await signedInSession())) return
        await self.registration.showNotification(message.title, {
          body: message.body,
          icon: ICON,
          badge: BADGE,
          tag: message.tag,
          data: { url: message.url },
        })
        const count = message.unread
        if (count !== undefined) await (self.navigator as WorkerNavigator & { setAppBadge?: (n: number) => Promise<void> }).setAppBadge?.(count).catch(() => undefined)
        for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: PUSH_TO_APP.unread, count })
      })(),
    )
  })

  self.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const url = (event.notification.data as { url?: unknown } | null)?.url
    if (typeof url !== 'string') return
    event.waitUntil(
      self.clients
        .matchAll({ type: 'window', includeUncontrolled: true })
        .then((windows) => routeClick(url, windows, (u) => self.clients.openWindow(u), self.location.origin))
        .then(() => undefined),
    )
  })
}
