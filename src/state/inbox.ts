/**
 * The notification inbox (docs/notifications.md): the entries the server keeps for the signed-in account,
 * newest first, and its unread count, which is the badge (Home's "N 条新通知" and the icon's). New entries
 * arrive over the live channel; the count is always the server's answer, never a local tally. Each
 * answer belongs to the sign-in that asked: one that lands after the session ended (a logout, a kick) is
 * dropped, so nothing of an account comes back once it is gone.
 */
import { proxy, useSnapshot } from 'valtio'
import { CALLS } from '../contract/calls'
import type { InboxEntry, InboxNotified } from '../contract/inbox'
import { call } from '../lib/http'
import { showUnread } from './push'
import { isLive } from './session/machine'

export interface InboxState {
  entries: InboxEntry[]
  /** Cursor of the next page; null at the end. */
  next: string | null
  unread: number
  status: 'idle' | 'loading' | 'ready' | 'failed'
  loadingMore: boolean
}

const initial = (): InboxState => ({ entries: [], next: null, unread: 0, status: 'idle', loadingMore: false })

export const inboxState = proxy<InboxState>(initial())

/** Bumped when the session ends: an answer asked for before is not this account's any more. */
let generation = 0

/** Runs `ask`, and `apply` with its answer only if the same sign-in is still live. */
async function forThisSignIn<T>(ask: () => Promise<T>, apply: (v: T) => void): Promise<void> {
  const asked = generation
  const v = await ask()
  if (asked !== generation || !isLive()) return
  apply(v)
}

function setUnread(n: number): void {
  inboxState.unread = Math.max(0, Math.floor(n))
  showUnread(inboxState.unread)
}

/** The badge from the server (at start, when the channel comes back, when a push was shown). */
export async function refreshUnread(): Promise<void> {
  await forThisSignIn(
    () => call(CALLS.inboxUnread, {}),
    (r) => setUnread(r.unread),
  )
}

/** The first page again (the notifications page opening, pull to refresh). */
export async function loadInbox(): Promise<void> {
  if (inboxState.status !== 'ready') inboxState.status = 'loading'
  try {
    await forThisSignIn(
      () => call(CALLS.inbox, { query: {} }),
      (page) => {
        inboxState.entries = page.entries
        inboxState.next = page.next
        inboxState.status = 'ready'
        setUnread(page.unread)
      },
    )
  } catch (e) {
    if (inboxState.status !== 'ready') inboxState.status = 'failed'
    throw e
  }
}

/** The page after the last one shown; entries that arrived meanwhile are at the top already. */
export async function loadMore(): Promise<void> {
  const cursor = inboxState.next
  if (!cursor || inboxState.loadingMore) return
  inboxState.loadingMore = true
  try {
    await forThisSignIn(
      () => call(CALLS.inbox, { query: { cursor } }),
      (page) => {
        const known = new Set(inboxState.entries.map((e) => e.id))
        inboxState.entries.push(...page.entries.filter((e) => !known.has(e.id)))
        inboxState.next = page.next
        setUnread(page.unread)
      },
    )
  } finally {
    inboxState.loadingMore = false
  }
}

/** A new entry from the live channel: on top of the list, and the server's count with it. */
export function received(m: InboxNotified): void {
  if (!isLive()) return
  if (!inboxState.entries.some((e) => e.id === m.entry.id)) inboxState.entries.unshift(m.entry)
  setUnread(m.unread)
}

/** Opening an entry marks it read (shown at once; the server's count follows). */
export async function markRead(id: string): Promise<void> {
  const entry = inboxState.entries.find((e) => e.id === id)
  if (entry && entry.readAt === null) {
    entry.readAt = Date.now()
    setUnread(inboxState.unread - 1)
  }
  await forThisSignIn(
    () => call(CALLS.inboxRead, { params: { id } }),
    (r) => setUnread(r.unread),
  )
}

/** 全部已读. */
export async function markAllRead(): Promise<void> {
  const now = Date.now()
  for (const e of inboxState.entries) e.readAt ??= now
  setUnread(0)
  await forThisSignIn(
    () => call(CALLS.inboxReadAll, {}),
    (r) => setUnread(r.unread),
  )
}

export const useInbox = () => useSnapshot(inboxState)

/** The session ended: nothing of the account stays, and no answer still on its way lands. */
export function resetInbox(): void {
  generation++
  Object.assign(inboxState, initial())
}
