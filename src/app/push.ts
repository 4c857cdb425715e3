/**
 * Web Push in the open app (docs/notifications.md), started once someone is signed in: the badge number
 * follows the unread notifications the service worker counts, opening what one points to clears it, a
 * notification's click routes through the router (so the login guard applies), the start is counted and
 * the tip worked out, and a session that ends forgets this device's subscription. Loaded lazily: nothing
 * of it is in Login's first start.
 */
import { subscribe } from 'valtio'
import { openedUnread, PUSH_TO_APP } from '../lib/push/store'
import { currentUrl, push } from '../state/navigation'
import { forgetPush, refreshTip, showUnread } from '../state/push'
import { isLive, sessionState } from '../state/session/machine'

/** The page now on screen counts as opened. */
export async function openedHere(): Promise<void> {
  showUnread(await openedUnread(currentUrl()))
}

let started = false

export function startPush(): void {
  if (started) return
  started = true
  void refreshTip()
  navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string; count?: unknown; url?: unknown } | null>) => {
    const m = e.data
    if (m?.type === PUSH_TO_APP.unread && typeof m.count === 'number') void openedHere().catch(() => showUnread(Number(m.count)))
    if (m?.type === PUSH_TO_APP.open && typeof m.url === 'string' && m.url.startsWith('/') && !m.url.startsWith('//')) push(m.url)
  })
  for (const event of ['popstate', 'pushState', 'replaceState']) addEventListener(event, () => void openedHere().catch(() => undefined))
  void openedHere().catch(() => undefined)
  // A later sign-in in this same page (after a logout or a kick) works the tip out again; an ended one forgets.
  let signedIn = isLive()
  subscribe(sessionState, () => {
    const now = isLive()
    if (now === signedIn) return
    signedIn = now
    if (now) void refreshTip()
    else void forgetPush()
  })
}
