/** The notification inbox (src/contract/inbox.ts). */
import { Type } from '@sinclair/typebox'
import { INBOX_KINDS, INBOX_PAGE_MAX } from '../values/inbox'
import { Answer, Nullable } from './common'

const Text = Type.Object({ title: Type.String(), body: Type.String() })

export const InboxEntry = Type.Object({
  id: Type.String(),
  kind: Type.Union(INBOX_KINDS.map((k) => Type.Literal(k))),
  /** The in-app path it opens. */
  url: Type.String(),
  /** What happened, in both of the app's languages: the student may switch. */
  texts: Type.Object({ 'zh-Hans': Text, en: Text }),
  createdAt: Type.Number(),
  readAt: Nullable(Type.Number()),
})

/** `<createdAt>.<id>` of the last entry of the page before. */
export const Cursor = Type.String({ maxLength: 90, pattern: '^[0-9]{1,16}\\.[A-Za-z0-9-]{1,64}$' })

export const InboxQuery = Type.Object(
  {
    cursor: Type.Optional(Cursor),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: INBOX_PAGE_MAX })),
  },
  { additionalProperties: false },
)

export const InboxUnread = Type.Object({ unread: Type.Integer({ minimum: 0 }) })

export const InboxPage = Type.Object({
  entries: Type.Array(InboxEntry),
  next: Nullable(Cursor),
  unread: Type.Integer({ minimum: 0 }),
})

export const ANSWER = { page: Answer(InboxPage), unread: Answer(InboxUnread) }
