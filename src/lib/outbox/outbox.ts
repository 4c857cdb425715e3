/**
 * The outbox: writes made while the API cannot be reached (no network, a time-out, a Wi-Fi sign-in page)
 * wait here, in IndexedDB so a recording fits and nothing is lost to a reload or a restart, and are sent
 * when the connection returns. Every write carries an Idempotency-Key made on the device before its first
 * attempt, so a write whose answer was lost, or that is sent twice, lands once (docs/offline.md).
 *
 * Items belong to the account that made them and are only ever sent with that account's session. A
 * refusal by the server on replay is kept with the item and shown, never dropped.
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval'
import { v4 as uuid } from 'uuid'
import { isRequestError, isUnreachable } from '../http/errors'
import { setOutboxCount } from './count'
import { SENDERS, type OutboxPayload, type SendOptions, type SendResult } from './senders'

export type OutboxState = 'waiting' | 'refused'

export interface OutboxItem {
  id: string
  /** The account (user id) that made it: sent only under that account's session. */
  account: string
  createdAt: number
  state: OutboxState
  /** The server's refusal, when it refused the replay. */
  error?: string
  /** The refusal's data (the envelope's `data`, e.g. a 429's reason), so a page can word it itself. */
  errorData?: unknown
  payload: OutboxPayload
}

type Landed = (item: OutboxItem, result: SendResult) => void
type Changed = () => void
type Queued = (item: OutboxItem) => void

let store: UseStore | undefined
const db = (): UseStore => (store ??= createStore('habor-outbox', 'items'))
let account: () => string = () => ''
const landedListeners = new Set<Landed>()
const changedListeners = new Set<Changed>()
const queuedListeners = new Set<Queued>()
let items: OutboxItem[] = []
let loaded: Promise<void> | undefined
let draining: Promise<DrainResult> | undefined

/** Sends a payload with the sender of its kind; `stepDone` hears each step that landed. */
function send(payload: OutboxPayload, stepDone: (next: OutboxPayload) => void | Promise<void>, opts?: SendOptions): Promise<SendResult> {
  const sender = SENDERS[payload.kind] as (p: OutboxPayload, done: typeof stepDone, o?: SendOptions) => Promise<SendResult>
  return sender(payload, stepDone, opts)
}

/** New keys for a write's steps, made before its first attempt. */
export const newKey = (): string => uuid()

/** How long a write made before the app has wired the outbox (just after a start) waits for it. */
export const CONFIGURE_WAIT_MS = 5_000
let configured: () => void = () => {}
const wired = new Promise<void>((resolve) => (configured = resolve))

/** Who is signed in now (the app wires it to the auth store). */
export function configureOutbox(opts: { account: () => string }): void {
  account = opts.account
  configured()
}

/** Who the outbox sends for now ('' when nobody is signed in). */
export const currentAccount = (): string => account()

/**
 * Whether an item is a change the student made and should see waiting: a task's read is not (it only
 * tells the teacher the task was opened), so it waits and lands without being counted or asked about.
 */
export const isShown = (item: OutboxItem): boolean => item.payload.kind !== 'taskRead'

/** Says the count again for whoever is signed in now (after a login or a logout). */
export function publish(): void {
  const mine = account()
  setOutboxCount(mine ? items.filter((i) => i.account === mine && isShown(i)).length : 0)
  for (const l of [...changedListeners]) l()
}

async function load(): Promise<void> {
  // Without IndexedDB (a browser that blocks it, a test without one) the outbox is simply empty.
  loaded ??= Promise.resolve()
    .then(() => entries<string, OutboxItem>(db()))
    .then(
      (rows) => {
        // A stored value that is not an item (corrupt, or from another version) is left out, not trusted.
        items = rows.map(([, v]) => v).filter((v) => v && typeof v.id === 'string' && typeof v.account === 'string' && v.payload && v.payload.kind in SENDERS)
        items.sort((a, b) => a.createdAt - b.createdAt)
        publish()
      },
      () => {
        items = []
      },
    )
  return loaded
}

async function save(item: OutboxItem): Promise<void> {
  await set(item.id, item, db())
  const at = items.findIndex((i) => i.id === item.id)
  if (at >= 0) items[at] = item
  else items.push(item)
  publish()
}

async function remove(id: string): Promise<void> {
  await del(id, db())
  items = items.filter((i) => i.id !== id)
  publish()
}

/** The signed-in account's items, oldest first. */
export async function listOutbox(): Promise<OutboxItem[]> {
  await load()
  const mine = account()
  return items.filter((i) => i.account === mine)
}

export function onOutboxChanged(listener: Changed): () => void {
  changedListeners.add(listener)
  return () => changedListeners.delete(listener)
}

/** Called with each write that could not be sent at once and now waits. */
export function onQueued(listener: Queued): () => void {
  queuedListeners.add(listener)
  return () => queuedListeners.delete(listener)
}

/** Called with each item that lands, and the server's answer. */
export function onLanded(listener: Landed): () => void {
  landedListeners.add(listener)
  return () => landedListeners.delete(listener)
}

/**
 * Whether `next` makes the waiting `earlier` one out of date: the same report's settings, the profile, a
 * second read of the same task (the first time is the one kept), or the same task assignment sent again
 * under its key (a double tap while offline).
 */
const replaces = (next: OutboxPayload, earlier: OutboxPayload): boolean =>
  (next.kind === 'report' && earlier.kind === 'report' && next.reportId === earlier.reportId) ||
  (next.kind === 'profile' && earlier.kind === 'profile') ||
  (next.kind === 'taskRead' && earlier.kind === 'taskRead' && next.taskId === earlier.taskId) ||
  (next.kind === 'assignTask' && earlier.kind === 'assignTask' && next.key === earlier.key)

/** The waiting item's payload with the newer write's values over it, under the newer key. */
function merge(earlier: OutboxPayload, next: OutboxPayload): OutboxPayload {
  if (earlier.kind === 'report' && next.kind === 'report') return { ...next, body: { ...earlier.body, ...next.body } }
  if (earlier.kind === 'taskRead' || earlier.kind === 'assignTask') return earlier
  return next
}

/**
 * Sends a write now; when the API cannot be reached it waits in the outbox instead. Resolves with the
 * answer, or with `{ queued }` naming the waiting item. A refusal by the server rejects as before.
 */
export async function sendOrQueue(payload: OutboxPayload, opts?: SendOptions): Promise<{ sent: SendResult } | { queued: OutboxItem }> {
  // A tap in the first moments after a start can come before the app has said who is signed in: without
  // an owner an unreachable write could not wait, and would fail although it can be kept.
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([wired, new Promise<void>((resolve) => (timer = setTimeout(resolve, CONFIGURE_WAIT_MS)))])
  clearTimeout(timer)
  const owner = account()
  const item: OutboxItem = { id: uuid(), account: owner, createdAt: Date.now(), state: 'waiting', payload }
  await load()
  // A report change (or a profile edit) while an earlier one waits replaces it (its body holds whole
  // values): one item, one new key, since the body is no longer the one the old key was sent with.
  const earlier = draining ? undefined : items.find((i) => i.account === owner && i.state === 'waiting' && replaces(payload, i.payload))
  if (earlier) {
    const merged: OutboxItem = { ...earlier, payload: merge(earlier.payload, payload) }
    await save(merged)
    for (const l of [...queuedListeners]) l(merged)
    return { queued: merged }
  }
  try {
    return { sent: await send(item.payload, (next) => void (item.payload = next), opts) }
  } catch (e) {
    if (!owner || !isUnreachable(e)) throw e
    await save(item)
    requestBackgroundSync()
    for (const l of [...queuedListeners]) l(item)
    return { queued: item }
  }
}

/** Forgets an item (the student gave up on a refused write). */
export async function discard(id: string): Promise<void> {
  await load()
  await remove(id)
}

/** Sends a refused item again (after the student changed nothing; the server may accept it now). */
export async function retry(id: string): Promise<void> {
  await load()
  const item = items.find((i) => i.id === id)
  if (item && item.state === 'refused') await save({ ...item, state: 'waiting', error: undefined, errorData: undefined })
  await drain()
}

/** How a drain ended: everything it could send was sent (or refused), or the API was out of reach. */
export type DrainResult = 'done' | 'unreachable'

async function drainOnce(): Promise<DrainResult> {
  await load()
  for (const item of [...items]) {
    // Only the signed-in account's items, with its own session.
    if (item.state !== 'waiting' || !account() || item.account !== account()) continue
    const current: OutboxItem = { ...item }
    try {
      const result = await send(current.payload, async (next) => {
        // A step that landed (a recording's upload) is kept at once: a crash then never sends it twice.
        current.payload = next
        await save({ ...current })
      })
      await remove(current.id)
      for (const l of [...landedListeners]) l(current, result)
    } catch (e) {
      // Still out of reach, or the session is over: everything waits for the next chance.
      if (isUnreachable(e)) return 'unreachable'
      if (isRequestError(e) && (e.kind === 'expired' || e.kind === 'no-login' || e.kind === 'aborted')) return 'done'
      await save({ ...current, state: 'refused', error: e instanceof Error ? e.message : String(e), errorData: isRequestError(e) ? e.data : undefined })
    }
  }
  return 'done'
}

/** Sends what waits, oldest first; one drain at a time (a second call joins the running one). */
export function drain(): Promise<DrainResult> {
  draining ??= drainOnce().finally(() => {
    draining = undefined
  })
  return draining
}

/** Asks the browser to wake the app when the connection is back (Background Sync, where there is one). */
function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  void navigator.serviceWorker.ready
    .then((reg) => (reg as ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined)
}

export const OUTBOX_SYNC_TAG = 'outbox'

/** For tests: forget what is in memory (the database stays). */
export function resetOutboxMemory(): void {
  items = []
  loaded = undefined
  draining = undefined
  landedListeners.clear()
  changedListeners.clear()
  queuedListeners.clear()
  store = undefined
}
