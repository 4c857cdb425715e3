/**
 * What notifications keep on this device, in IndexedDB (the store the service worker can reach too):
 * - the notifications the student has not opened yet: the service worker adds one per push, the app
 *   removes them as the student opens what they point to; their count is the app state's badge and the
 *   home-screen icon's badge;
 * - the notification tip's memory: how many signed-in starts there have been, and whether it was closed.
 * Kept out of local storage so that none of it is in Login's first start (docs/notifications.md).
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval'

/** What the service worker tells the app's windows (sw/push.ts posts, app/push.ts listens). */
export const PUSH_TO_APP = { unread: 'push-unread', open: 'push-open' } as const

export interface Unread {
  tag: string
  url: string
}

let store: UseStore | undefined
const db = (): UseStore => (store ??= createStore('habor-push', 'device'))
const KEY = 'list'

const isUnread = (v: unknown): v is Unread => typeof v === 'object' && v !== null && typeof (v as Unread).tag === 'string' && typeof (v as Unread).url === 'string'

/** What is stored, read defensively: a corrupt value reads as nothing unread. */
export async function unreadList(): Promise<Unread[]> {
  const v = await read(KEY)
  return Array.isArray(v) ? v.filter(isUnread) : []
}

/** A stored value, or undefined when there is none or IndexedDB cannot be used (blocked, missing). */
async function read(key: string): Promise<unknown> {
  try {
    return await get(key, db())
  } catch {
    return undefined
  }
}

/** Adds one; a repeat of the same tag replaces the earlier (as the notification itself does). */
export async function addUnread(item: Unread): Promise<number> {
  const list = (await unreadList()).filter((u) => u.tag !== item.tag)
  list.push({ tag: item.tag, url: item.url })
  await set(KEY, list, db())
  return list.length
}

/** The two URLs name the same page and item (path and query, order of parameters aside). */
export function sameTarget(a: string, b: string): boolean {
  const x = new URL(a, 'https://app.invalid')
  const y = new URL(b, 'https://app.invalid')
  if (x.pathname !== y.pathname) return false
  x.searchParams.sort()
  y.searchParams.sort()
  return x.searchParams.toString() === y.searchParams.toString()
}

/** Removes those that point at `url` (the student opened it); returns how many are left. */
export async function openedUnread(url: string): Promise<number> {
  const list = await unreadList()
  const left = list.filter((u) => !sameTarget(u.url, url))
  if (left.length !== list.length) await set(KEY, left, db())
  return left.length
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

/** Logout: nothing of the last account's stays counted. */
export async function clearUnread(): Promise<void> {
  try {
    await del(KEY, db())
  } catch {
    // Nothing was kept.
  }
}
