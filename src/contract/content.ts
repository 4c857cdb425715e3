/**
 * Public content calls of the share pages and Sound (our calls; docs/contract.md).
 * `GET /content/<kind>/<id>` answers the content when its owner shares it, else code 100001 (missing,
 * private or deleted look the same). Media URLs are same-origin paths that serve byte ranges.
 */

export type ContentKind = 'opus' | 'read' | 'task' | 'sound'

export const CONTENT_KINDS: readonly ContentKind[] = ['opus', 'read', 'task', 'sound']

/** `/content/opus/:id` and so on, under the API base. */
export const contentPath = (kind: ContentKind, id: string): string => `/content/${kind}/${encodeURIComponent(id)}`

/** Media bytes: `/api/content/media/:id` (same origin, so the service worker caches it). */
export const MEDIA_PATH = '/content/media'

/** Ids are uuids, or the fixed demo ids: letters, digits and dashes. */
export const CONTENT_ID_PATTERN = '^[A-Za-z0-9-]{1,64}$'
export const isContentId = (id: string | null | undefined): id is string => typeof id === 'string' && new RegExp(CONTENT_ID_PATTERN).test(id)

/** The page path that shows a kind of content (its share link is `<origin><path>?id=<id>`). */
export const SHARE_PAGE: Record<ContentKind, string> = { opus: '/share/opus', read: '/share/read', task: '/share/task', sound: '/sound' }

export interface Image {
  url: string
  width: number | null
  height: number | null
}

export interface Audio {
  url: string
  mime: string
  durationMs: number
}

export interface Person {
  name: string
  /** e.g. 'Grade 7 Class 2'; null when unknown. */
  className: string | null
}

export interface OpusView {
  id: string
  title: string
  author: Person
  org: string | null
  cover: Image | null
  /** Plain text; paragraphs separated by blank lines. */
  body: string
  images: Image[]
  audio: Audio | null
  createdAt: number
}

export interface ReadView {
  id: string
  book: { title: string; author: string; category: string; cover: Image | null; totalPages: number | null }
  reader: Person
  org: string | null
  minutes: number
  pages: number
  notes: string | null
  readAt: number
  /** The reader's UTC offset in minutes (local time = readAt + offset). */
  tzOffsetMin: number
  /** Consecutive days of reading ending on this record's day. */
  streakDays: number
  /** Minutes and sessions of this book by this reader so far. */
  bookMinutes: number
  bookSessions: number
}

export interface Attachment {
  name: string
  url: string
  mime: string
  size: number
}

export interface TaskView {
  id: string
  title: string
  brief: string
  dueAt: number | null
  className: string
  org: string | null
  publisher: string
  attachments: Attachment[]
  createdAt: number
}

export interface SoundView {
  id: string
  title: string
  description: string | null
  author: Person
  org: string | null
  cover: Image | null
  audio: Audio
  createdAt: number
}

export interface ContentViews {
  opus: OpusView
  read: ReadView
  task: TaskView
  sound: SoundView
}
