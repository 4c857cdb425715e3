/**
 * Web Push on this device (docs/notifications.md): whether it can work here, the notification tip's rule,
 * and subscribing (only from the student's own tap) or forgetting the subscription. The subscription's
 * endpoint is the push client id of the stored auth state; the server keeps the subscription for this
 * session and drops it when the session ends.
 */
import { CALLS } from '../contract/calls'
import { settleWithin } from '../lib/async/settleWithin'
import { call } from '../lib/http'
import { proxy } from 'valtio'
import { closeTip, countStart, pushUnavailable, setPushUnavailable, setSignedInSession, tipClosed } from '../lib/push/store'
import { appState, setBadge, setNotificationTip } from './app'
import { authState, setPushClientId } from './auth'
import { isLive } from './session/machine'

/** ready: can subscribe; ios-home-screen: iOS Safari outside a home-screen app (push needs the app added); unsupported: neither. */
export type PushSupport = 'ready' | 'ios-home-screen' | 'unsupported'

interface PushEnv {
  userAgent: string
  maxTouchPoints: number
  standalone: boolean
  hasPush: boolean
}

const envNow = (): PushEnv => ({
  userAgent: navigator.userAgent,
  maxTouchPoints: navigator.maxTouchPoints ?? 0,
  standalone: matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true,
  hasPush: 'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined',
})

export function pushSupport(env: PushEnv = envNow()): PushSupport {
  if (env.hasPush) return 'ready'
  // iPadOS reports itself as a Mac; its touch points give it away.
  const ios = /iPhone|iPad|iPod/.test(env.userAgent) || (/Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1)
  return ios && !env.standalone ? 'ios-home-screen' : 'unsupported'
}

/**
 * The tip shows from the second start on, to a signed-in student, until it is closed, push is on, or push
 * was found not to work here. Notifications the browser allows already, with no subscription for this
 * sign-in (a new sign-in, a subscription the push service dropped), still want the tip: only a refusal ends it.
 */
export function tipWanted(o: { starts: number; dismissed: boolean; loggedIn: boolean; subscribed: boolean; support: PushSupport; permission: NotificationPermission | 'n/a'; unavailable?: boolean }): boolean {
  if (o.starts < 2 || o.dismissed || !o.loggedIn || o.subscribed || o.unavailable) return false
  if (o.support === 'ios-home-screen') return true
  return o.support === 'ready' && o.permission !== 'denied'
}

let starts: Promise<number> | undefined

/**
 * Works the tip's state out from what is stored and what the browser says. The first call of a page load
 * counts the start (the tip waits for the second signed-in start).
 */
export async function refreshTip(): Promise<void> {
  starts ??= countStart()
  const support = pushSupport()
  setNotificationTip(
    tipWanted({
      starts: await starts,
      dismissed: await tipClosed(),
      // Signed in from the logged-in event on, so the tip is worked out as the signed-in modules start.
      loggedIn: isLive(),
      subscribed: Boolean(authState.pushClientId),
      support,
      permission: support === 'ready' ? Notification.permission : 'n/a',
      unavailable: await pushUnavailable(),
    }),
  )
}

export function dismissTip(): void {
  setNotificationTip(false)
  void closeTip()
}

/** base64url → the bytes PushManager.subscribe() takes as applicationServerKey. */
export function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(b64url.length / 4) * 4, '=')
  const raw = atob(b64)
  const out = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.byteLength) return false
  const x = new Uint8Array(a)
  return x.every((v, i) => v === b[i])
}

/**
 * subscribed; denied: the browser's permission was refused; unsupported: no Web Push here; unavailable:
 * the browser's push service did not answer in time (Chrome in mainland China cannot reach Google's).
 */
export type EnableResult = 'subscribed' | 'denied' | 'unsupported' | 'unavailable'

/** How long subscribing may take before Web Push counts as not available here (docs/notifications.md). */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 5000

/** What this device was found to do: Settings shows it beside the switches. */
export const pushDevice = proxy({ unavailable: false })

/** Reads what an earlier try found out on this device. */
export async function loadPushDevice(): Promise<void> {
  pushDevice.unavailable = await pushUnavailable()
}

class SubscribeTimeout extends Error {}

/** `promise`, or a SubscribeTimeout after `ms` (the promise itself may never settle). */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return settleWithin(promise, ms, () => new SubscribeTimeout(`no answer within ${ms} ms`))
}

/**
 * Asks for permission (call it from a tap), subscribes with the server's VAPID key and stores the
 * subscription for this session. A subscription made with another key is replaced.
 */
export async function enablePush(registration?: Promise<ServiceWorkerRegistration>): Promise<EnableResult> {
  if (pushSupport() !== 'ready') return 'unsupported'
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') {
    setNotificationTip(false)
    return 'denied'
  }
  const { publicKey } = await call(CALLS.pushKey, {})
  const key = keyBytes(publicKey)
  const reg = await (registration ?? navigator.serviceWorker.ready)
  let sub = await reg.pushManager.getSubscription()
  if (sub && !sameBytes(sub.options?.applicationServerKey, key)) {
    await sub.unsubscribe().catch(() => false)
    sub = null
  }
  if (!sub) {
    try {
      sub = await within(reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), PUSH_SUBSCRIBE_TIMEOUT_MS)
    } catch (e) {
      // A push service that never answers (or refuses: an AbortError) is this network's or device's limit,
      // not a passing error: say so, stop asking from the tip, and keep it for Settings.
      if (e instanceof SubscribeTimeout || (e instanceof DOMException && (e.name === 'AbortError' || e.name === 'NotAllowedError'))) {
        // The tip stays to say so; it is not offered again at later starts.
        pushDevice.unavailable = true
        void setPushUnavailable(true)
        return 'unavailable'
      }
      throw e
    }
  }
  const json = sub.toJSON()
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('the browser gave a subscription without keys')
  await call(CALLS.pushSubscribe, { body: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth }, lang: appState.lang } })
  setPushClientId(json.endpoint)
  setNotificationTip(false)
  pushDevice.unavailable = false
  void setPushUnavailable(false)
  return 'subscribed'
}

type Badged = Navigator & { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> }

/** The app state's badge and the icon's badge show `count`. */
export function showUnread(count: number): void {
  setBadge(count)
  const nav = navigator as Badged
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.()
  void done?.catch(() => undefined)
}

/** Closes the notifications this device shows (all of them are the ended account's). */
async function closeShown(reg: ServiceWorkerRegistration | undefined): Promise<void> {
  const shown = await reg?.getNotifications?.().catch(() => [] as Notification[])
  for (const n of shown ?? []) n.close()
}

/**
 * After a session ended (logout, a kick, a password change, deletion; the server has already dropped its
 * copy): the service worker stops showing this sign-in's pushes, the shown notifications are closed, the
 * browser's subscription is dropped, and the badge is cleared — again at the end, after whatever was
 * still on its way, so nothing of the account is left on the icon.
 */
export async function forgetPush(): Promise<void> {
  showUnread(0)
  await setSignedInSession(null)
  const reg = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration().catch(() => undefined) : undefined
  await closeShown(reg)
  const sub = await reg?.pushManager?.getSubscription().catch(() => null)
  await sub?.unsubscribe().catch(() => false)
  await closeShown(reg)
  if (!isLive()) showUnread(0)
}
