/**
 * The in-app notification inbox (docs/notifications.md): every notifying event leaves an entry for each
 * recipient, delivered live over the app's own channel while it is open and listed here on the next
 * start. It needs no third-party push service. Our calls:
 *
 *   GET  /inbox             (login) ?cursor&limit → InboxPage: newest first; `next` is the cursor of the
 *                                   following page (null at the end); entries added meanwhile never shift it
 *   GET  /inbox/unread      (login) → InboxUnread: the badge's number
 *   POST /inbox/:id/read    (login) → InboxUnread; another account's entry does not exist (100001)
 *   POST /inbox/read        (login) → InboxUnread; marks every entry read up to now
 *
 * The live channel carries `{"type":"notified","entry":InboxEntry,"unread":n}` on the session topic.
 */
import type { Static } from '@sinclair/typebox'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as S from './schemas/inbox'
import { INBOX_KINDS, INBOX_PAGE_MAX, type InboxKind } from './values/inbox'
export { INBOX_KINDS, INBOX_PAGE_MAX, type InboxKind }

export const INBOX_PATH = '/inbox'
export const INBOX_UNREAD_PATH = '/inbox/unread'
export const INBOX_READ_ALL_PATH = '/inbox/read'
export const INBOX_PAGE_DEFAULT = 20

export type InboxEntry = Static<typeof S.InboxEntry>
export type InboxPage = Static<typeof S.InboxPage>
export type InboxUnread = Static<typeof S.InboxUnread>
export type InboxQuery = Static<typeof S.InboxQuery>
export type InboxTexts = InboxEntry['texts']

/** The live-channel message that a new entry arrived (past tense, docs/architecture.md). */
export interface InboxNotified {
  type: 'notified'
  entry: InboxEntry
  unread: number
}

const isText = (v: unknown): v is { title: string; body: string } =>
  typeof v === 'object' && v !== null && typeof (v as { title?: unknown }).title === 'string' && typeof (v as { body?: unknown }).body === 'string'

/** An in-app path: starts with one slash (never `//host`). */
export const isAppPath = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/') && !v.startsWith('//')

/** Never trust what the channel carried: the shape of an entry, checked field by field. */
export function isInboxEntry(v: unknown): v is InboxEntry {
  if (typeof v !== 'object' || v === null) return false
  const e = v as Record<string, unknown>
  const texts = e.texts as Record<string, unknown> | undefined
  return (
    typeof e.id === 'string' &&
    (INBOX_KINDS as readonly unknown[]).includes(e.kind) &&
    isAppPath(e.url) &&
    typeof e.createdAt === 'number' &&
    (e.readAt === null || typeof e.readAt === 'number') &&
    typeof texts === 'object' &&
    texts !== null &&
    isText(texts['zh-Hans']) &&
    isText(texts.en)
  )
}

export function isInboxNotified(v: unknown): v is InboxNotified {
  if (typeof v !== 'object' || v === null) return false
  const m = v as Record<string, unknown>
  return m.type === 'notified' && typeof m.unread === 'number' && m.unread >= 0 && isInboxEntry(m.entry)
}
