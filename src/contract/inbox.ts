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
import { isNum, isStr, nullable, oneOf, shape } from './guards'
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

const text = shape<InboxTexts['en']>({ title: isStr, body: isStr })

/** An in-app path: starts with one slash (never `//host`). */
export const isAppPath = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/') && !v.startsWith('//')

/** Never trust what the channel carried: the shape of an entry, checked field by field. */
export const isInboxEntry = shape<InboxEntry>({
  id: isStr,
  kind: oneOf(INBOX_KINDS),
  url: isAppPath,
  texts: shape<InboxTexts>({ 'zh-Hans': text, en: text }),
  createdAt: isNum,
  readAt: nullable(isNum),
})

export const isInboxNotified = shape<InboxNotified>({
  type: oneOf(['notified'] as const),
  entry: isInboxEntry,
  unread: (v): v is number => isNum(v) && v >= 0,
})
