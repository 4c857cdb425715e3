/** Public content of the share pages and Sound (src/contract/content.ts): the path and the views. */
import { Type } from '@sinclair/typebox'
import { CONTENT_ID_PATTERN, CONTENT_KINDS, type ContentKind } from '../values/content'
import { Answer, FileAnswer, Nullable } from './common'

const ContentId = Type.String({ pattern: CONTENT_ID_PATTERN })
// An enum rather than a union of literals: a wrong kind is refused as "not one of the allowed values".
export const ContentParams = Type.Object({ kind: Type.Unsafe<ContentKind>({ type: 'string', enum: [...CONTENT_KINDS] }), id: ContentId })
export const MediaParams = Type.Object({ id: ContentId })

export const Image = Type.Object({ url: Type.String(), width: Nullable(Type.Number()), height: Nullable(Type.Number()) })
export const Audio = Type.Object({ url: Type.String(), mime: Type.String(), durationMs: Type.Number() })
export const Person = Type.Object({
  name: Type.String(),
  /** e.g. 'Grade 7 Class 2'; null when unknown. */
  className: Nullable(Type.String()),
})

export const OpusView = Type.Object({
  id: Type.String(),
  title: Type.String(),
  author: Person,
  org: Nullable(Type.String()),
  cover: Nullable(Image),
  /** Plain text; paragraphs separated by blank lines. */
  body: Type.String(),
  images: Type.Array(Image),
  audio: Nullable(Audio),
  createdAt: Type.Number(),
})

export const ReadView = Type.Object({
  id: Type.String(),
  book: Type.Object({ title: Type.String(), author: Type.String(), category: Type.String(), cover: Nullable(Image), totalPages: Nullable(Type.Number()) }),
  reader: Person,
  org: Nullable(Type.String()),
  minutes: Type.Number(),
  pages: Type.Number(),
  notes: Nullable(Type.String()),
  readAt: Type.Number(),
  /** The reader's UTC offset in minutes (local time = readAt + offset). */
  tzOffsetMin: Type.Number(),
  /** Consecutive days of reading ending on this record's day. */
  streakDays: Type.Number(),
  /** Minutes and sessions of this book by this reader so far. */
  bookMinutes: Type.Number(),
  bookSessions: Type.Number(),
})

export const Attachment = Type.Object({ name: Type.String(), url: Type.String(), mime: Type.String(), size: Type.Number() })

export const TaskView = Type.Object({
  id: Type.String(),
  title: Type.String(),
  brief: Type.String(),
  dueAt: Nullable(Type.Number()),
  className: Type.String(),
  org: Nullable(Type.String()),
  publisher: Type.String(),
  attachments: Type.Array(Attachment),
  createdAt: Type.Number(),
})

export const SoundView = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String()),
  author: Person,
  org: Nullable(Type.String()),
  cover: Nullable(Image),
  audio: Audio,
  createdAt: Type.Number(),
})

export const ANSWER = {
  /** One route answers every kind: the views differ in their required fields, so each matches only its own. */
  content: Answer(Type.Union([OpusView, ReadView, TaskView, SoundView])),
  media: FileAnswer,
}
