/**
 * The notification inbox (docs/notifications.md): the entries the server keeps for the signed-in account,
 * newest first, and its unread count, which is the badge (Home's "N 条新通知" and the icon's). New entries
 * arrive over the live channel; the count is always the server's answer, never a local tally. Each
 * answer belongs to the sign-in that asked: one that lands after the session ended (a logout, a kick) is
 * dropped, so nothing of an account comes back once it is gone.
 *
 * The first page is kept as the page's offline copy (lib/offline/copies.ts, per account, cleared at logout):
 * when the server cannot be reached it is shown again with `seenAt`, and the count it would contradict is
 * not shown (pages/Notifications).
 *
 * Some notices change what Home shows (a new task, the class confirmed or refused): `deskChanged` counts
 * them, and Home reloads its desk in place when it moves (docs/notifications.md "Home follows the inbox").
 */
import { proxy, useSnapshot } from 'valtio'
import { CALLS } from '../contract/calls'
import type { InboxEntry, InboxKind, InboxNotified } from '../contract/inbox'
import { call } from '../lib/http'
import { isUnreachable } from '../lib/http/errors'
import { readCopy, saveCopy } from '../lib/offline/copies'
import { COPY, isInboxPage } from '../lib/offline/pages'
import { showUnread } from './push'
import { isLive, sessionAccount } from './session/machine'

export interface InboxState {
  entries: InboxEntry[]
  /** Cursor of the next page; null at the end. */
  next: string | null
  unread: number
  status: 'idle' | 'loading' | 'ready' | 'failed'
  loadingMore: boolean
  /** Set while the entries shown are the offline copy, seen at that time (epoch ms); the server's count is not known then. */
  seenAt: number | undefined
  /** Notices received that change Home's desk (DESK_NOTICES); Home reloads when it moves. */
  deskChanged: number
}

/**
 * The notice kinds that change what Home shows, and what they change: `tasks`, Home's open tasks; `class`,
 * the student's class as well (the profile's confirmed class, and with it the tasks that reach them). The
 * one list: the class kinds are the teacher's answers to the class the student declared.
 */
export const DESK_NOTICES: Readonly<Partial<Record<InboxKind, 'tasks' | 'class'>>> = {
  task: 'tasks',
  'class-confirmed': 'class',
  'class-refused': 'class',
  'class-removed': 'class',
}

/** What a notice of this kind changes on Home, if anything. */
export const deskChangeOf = (kind: string): 'tasks' | 'class' | undefined => (Object.hasOwn(DESK_NOTICES, kind) ? DESK_NOTICES[kind as InboxKind] : undefined)

const initial = (): InboxState => ({ entries: [], next: null, unread: 0, status: 'idle', loadingMore: false, seenAt: undefined, deskChanged: 0 })

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

/**
 * The first page again (the notifications page opening, pull to refresh, the network back). Kept as the
 * account's offline copy; when the server cannot be reached, that copy is shown instead, marked `seenAt`.
 */
export async function loadInbox(): Promise<void> {
  if (inboxState.status !== 'ready') inboxState.status = 'loading'
  const account = sessionAccount()
  try {
    await forThisSignIn(
      () => call(CALLS.inbox, { query: {} }),
      (page) => {
        // Kept before the store takes the entries over (the store's proxies cannot be cloned into IndexedDB).
        void saveCopy(account, COPY.inbox, structuredClone(page))
        inboxState.entries = page.entries
        inboxState.next = page.next
        inboxState.status = 'ready'
        inboxState.seenAt = undefined
        setUnread(page.unread)
      },
    )
  } catch (e) {
    if (isUnreachable(e)) {
      let shown = false
      await forThisSignIn(
        () => readCopy(account, COPY.inbox, isInboxPage),
        (copy) => {
          if (!copy) return
          // Older pages cannot be fetched offline; the count of then is not the server's now.
          inboxState.entries = copy.data.entries
          inboxState.next = null
          inboxState.status = 'ready'
          inboxState.seenAt = copy.at
          shown = true
        },
      )
      if (shown) return
    }
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

/**
 * A new entry from the live channel: on top of the list, and the server's count with it. A notice that
 * changes Home's desk moves `deskChanged` (once per entry); what it changes is returned.
 */
export function received(m: InboxNotified): 'tasks' | 'class' | undefined {
  if (!isLive()) return undefined
  const known = inboxState.entries.some((e) => e.id === m.entry.id)
  if (!known) inboxState.entries.unshift(m.entry)
  setUnread(m.unread)
  const change = deskChangeOf(m.entry.kind)
  if (change && !known) inboxState.deskChanged++
  return change
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
