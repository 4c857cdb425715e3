/**
 * Notifications in the open app (docs/notifications.md), started once someone is signed in: the inbox's
 * unread count (the server's) is the badge, read at start, whenever the live channel comes back and
 * whenever the service worker showed a push; new entries arrive over the live channel; a notification's
 * click routes through the router (so the login guard applies); the sign-in whose pushes this device may
 * show is stored for the service worker; the start is counted and the tip worked out; and a session that
 * ends clears all of it. A notice about the student's class, and a change a guardian made on their own
 * phone, load the profile again, so that Home and the profile page show the account as the teacher or the
 * guardian left it; so does the channel coming back after a drop (a bus's tunnel, a Wi-Fi sign-in page),
 * since what was sent while it was down is not kept for it. Loaded lazily: nothing of it is in Login's
 * first start.
 */
import { subscribe } from 'valtio'
import { isAppPath } from '../contract/inbox'
import { PUSH_TO_APP, sessionOfToken, setSignedInSession } from '../lib/push/store'
import { received, refreshUnread, resetInbox } from '../state/inbox'
import { push } from '../state/navigation'
import { forgetPush, loadPushDevice, refreshTip } from '../state/push'
import { isLive, liveToken, sessionState } from '../state/session/machine'

let started = false

/** Reads the profile again (Home and the profile page show it), quietly: a failure leaves the one shown. */
const reloadProfile = (): void => void import('../state/session/flows').then((f) => f.loadProfile({ loading: false })).catch(() => undefined)

/** A signed-in start, or a sign-in in this same page after a logout or a kick. */
function signedIn(): void {
  void setSignedInSession(sessionOfToken(liveToken()))
  void refreshTip()
  void refreshUnread().catch(() => undefined)
}

export function startPush(): void {
  if (started) return
  started = true
  void loadPushDevice()
  void import('../lib/live').then((m) =>
    m.live.configure({
      onNotified: (m) => {
        if (received(m) === 'class') reloadProfile()
      },
      onAccountChanged: reloadProfile,
      onResumed: () => {
        void refreshUnread().catch(() => undefined)
        reloadProfile()
      },
    }),
  )
  navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string; url?: unknown } | null>) => {
    const m = e.data
    if (m?.type === PUSH_TO_APP.unread) void refreshUnread().catch(() => undefined)
    if (m?.type === PUSH_TO_APP.open && isAppPath(m.url)) push(m.url)
  })
  let live = isLive()
  if (live) signedIn()
  subscribe(sessionState, () => {
    const now = isLive()
    if (now === live) return
    live = now
    if (now) signedIn()
    else {
      resetInbox()
      void forgetPush()
    }
  })
}
