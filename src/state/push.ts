/**
 * Web Push on this device (docs/notifications.md): whether it can work here, the notification tip's rule,
 * and subscribing (only from the student's own tap) or forgetting the subscription. The subscription's
 * endpoint is the push client id of the stored auth state; the server keeps the subscription for this
 * session and drops it when the session ends.
 */
import { CALLS } from '../contract/calls'
import { call } from '../lib/http'
import { clearUnread, closeTip, countStart, tipClosed } from '../lib/push/store'
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

/** The tip shows from the second start on, to a signed-in student, until it is closed or push is on. */
export function tipWanted(o: { starts: number; dismissed: boolean; loggedIn: boolean; subscribed: boolean; support: PushSupport; permission: NotificationPermission | 'n/a' }): boolean {
  if (o.starts < 2 || o.dismissed || !o.loggedIn || o.subscribed) return false
  if (o.support === 'ios-home-screen') return true
  return o.support === 'ready' && o.permission === 'default'
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

export type EnableResult = 'subscribed' | 'denied' | 'unsupported'

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
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  const json = sub.toJSON()
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('the browser gave a subscription without keys')
  await call(CALLS.pushSubscribe, { body: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth }, lang: appState.lang } })
  setPushClientId(json.endpoint)
  setNotificationTip(false)
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

/**
 * After a session ended (logout, a kick; the server has already dropped its copy): this device stops
 * receiving — the browser's subscription is dropped — and nothing stays counted.
 */
export async function forgetPush(): Promise<void> {
  showUnread(0)
  await clearUnread()
  const reg = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration().catch(() => undefined) : undefined
  const sub = await reg?.pushManager?.getSubscription().catch(() => null)
  await sub?.unsubscribe().catch(() => false)
}
