/**
 * What notifications keep on this device, in IndexedDB (the store the service worker can reach too):
 * - the sign-in whose pushes the service worker may show (none after a logout);
 * - whether Web Push was found not to work here (its push service never answered);
 * - the notification tip's memory: how many signed-in starts there have been, and whether it was closed.
 * The unread count is not kept here: it is the server's (the inbox, docs/notifications.md).
 * Kept out of local storage so that none of it is in Login's first start (docs/notifications.md).
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval'

/** What the service worker tells the app's windows (sw/push.ts posts, app/push.ts listens). */
export const PUSH_TO_APP = { unread: 'push-unread', open: 'push-open' } as const

let store: UseStore | undefined
const db = (): UseStore => (store ??= createStore('habor-push', 'device'))
const SESSION_KEY = 'session'

/** A stored value, or undefined when there is none or IndexedDB cannot be used (blocked, missing). */
async function read(key: string): Promise<unknown> {
  try {
    return await get(key, db())
  } catch {
    return undefined
  }
}

/**
 * The sign-in (session id) this device's push notifications are for, stored by the app at sign-in; the
 * service worker shows only pushes that name it, so none after a logout and none of another account.
 */
export async function signedInSession(): Promise<string | null> {
  const v = await read(SESSION_KEY)
  return typeof v === 'string' && v ? v : null
}

export async function setSignedInSession(sessionId: string | null): Promise<void> {
  try {
    if (sessionId) await set(SESSION_KEY, sessionId, db())
    else await del(SESSION_KEY, db())
  } catch {
    // Nowhere to keep it: the service worker then shows nothing, which is the safe side.
  }
}

/** The session id (`sid`) an access token carries, or null. */
export function sessionOfToken(token: string): string | null {
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='))
    const sid = (JSON.parse(json) as { sid?: unknown }).sid
    return typeof sid === 'string' && sid ? sid : null
  } catch {
    return null
  }
}

/** Whether Web Push was found not to work on this device (a push service that never answered). */
export async function pushUnavailable(): Promise<boolean> {
  return num(await read('unavailableAt')) > 0
}

export async function setPushUnavailable(on: boolean): Promise<void> {
  try {
    if (on) await set('unavailableAt', Date.now(), db())
    else await del('unavailableAt', db())
  } catch {
    // Not kept: the next try finds out again.
  }
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

/** Counts a start of the app with someone signed in; returns the count (0 when IndexedDB is unavailable). */
export async function countStart(): Promise<number> {
  try {
    const n = Math.min(num(await read('starts')) + 1, 1_000_000)
    await set('starts', n, db())
    return n
  } catch {
    return 0
  }
}

/** Whether the tip was closed for good on this device. */
export async function tipClosed(): Promise<boolean> {
  return num(await read('tipClosedAt')) > 0
}

export async function closeTip(): Promise<void> {
  try {
    await set('tipClosedAt', Date.now(), db())
  } catch {
    // Nowhere to keep it: the tip may show again at the next start.
  }
}
