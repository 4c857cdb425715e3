/**
 * Reads public content: a row answers only while it is shared, not deleted, and its owner's account is
 * active; anything else is null (the route turns it into 100001, so private and missing look alike).
 */
import { limitOf } from './guardian'
import { MEDIA_PATH, type Audio, type ContentKind, type ContentViews, type Image, type Person } from '../../src/contract/content'
import type { Db } from '../db/connect'
import type { TaskAttachmentRow } from '../db/schema'
import { isStr, shape } from '../../src/contract/guards'
import { localDayNumber, streakEndingOn } from './reading'

export const mediaUrl = (id: string): string => `/api${MEDIA_PATH}/${id}`

interface MediaRow {
  id: string
  mime: string
  size: number
  width: number | null
  height: number | null
  duration_ms: number | null
}

async function mediaRows(db: Db, ids: (string | null)[]): Promise<Map<string, MediaRow>> {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))]
  if (!wanted.length) return new Map()
  const rows = await db.selectFrom('media').select(['id', 'mime', 'size', 'width', 'height', 'duration_ms']).where('id', 'in', wanted).execute()
  return new Map(rows.map((r) => [r.id, r]))
}

const imageOf = (m: MediaRow | undefined): Image | null => (m ? { url: mediaUrl(m.id), width: m.width, height: m.height } : null)
const audioOf = (m: MediaRow | undefined, fallbackMs = 0): Audio | null => (m ? { url: mediaUrl(m.id), mime: m.mime, durationMs: m.duration_ms ?? fallbackMs } : null)

/** The public face of a student: name and class, and the name of their primary organisation. */
async function studentOf(db: Db, studentId: string, now: number): Promise<{ person: Person; org: string | null } | null> {
  const s = await db
    .selectFrom('students as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.name', 's.grade', 's.class_name', 's.user_id'])
    .where('s.id', '=', studentId)
    .where('u.status', '=', 'active')
    .executeTakeFirst()
  // A limited child's shared things reach nobody (docs/privacy.md).
  if (!s || (await limitOf(db, s.user_id, now)) !== null) return null
  const org = await db
    .selectFrom('memberships as m')
    .innerJoin('orgs as o', 'o.id', 'm.org_id')
    .select('o.name')
    .where('m.student_id', '=', studentId)
    .orderBy('m.is_primary', 'desc')
    .orderBy('m.created_at')
    .executeTakeFirst()
  return { person: { name: s.name, className: [s.grade, s.class_name].filter(Boolean).join(' ') || null }, org: org?.name ?? null }
}

async function opus(db: Db, id: string, now: number): Promise<ContentViews['opus'] | null> {
  const w = await db.selectFrom('works').selectAll().where('id', '=', id).where('shareable', '=', 1).where('deleted_at', 'is', null).executeTakeFirst()
  if (!w) return null
  const owner = await studentOf(db, w.student_id, now)
  if (!owner) return null
  const images = parseIds(w.images)
  const media = await mediaRows(db, [w.cover_media_id, w.audio_media_id, ...images])
  const org = w.org_id ? await db.selectFrom('orgs').select('name').where('id', '=', w.org_id).executeTakeFirst() : undefined
  return {
    id: w.id,
    title: w.title,
    author: owner.person,
    org: org?.name ?? owner.org,
    cover: imageOf(media.get(w.cover_media_id ?? '')),
    body: w.body,
    images: images.map((m) => imageOf(media.get(m))).filter((x): x is Image => x !== null),
    audio: audioOf(media.get(w.audio_media_id ?? '')),
    createdAt: w.created_at,
  }
}

async function read(db: Db, id: string, now: number): Promise<ContentViews['read'] | null> {
  const r = await db
    .selectFrom('reading_records as r')
    .innerJoin('books as b', 'b.id', 'r.book_id')
    .select(['r.id', 'r.student_id', 'r.book_id', 'r.read_at', 'r.tz_offset_min', 'r.minutes', 'r.pages', 'r.notes', 'b.title', 'b.author', 'b.category', 'b.cover_media_id', 'b.total_pages'])
    .where('r.id', '=', id)
    .where('r.shareable', '=', 1)
    .where('r.deleted_at', 'is', null)
    .executeTakeFirst()
  if (!r) return null
  const owner = await studentOf(db, r.student_id, now)
  if (!owner) return null
  // The streak counts the reader's days up to this one (a later share of an old record shows its own streak).
  const history = await db
    .selectFrom('reading_records')
    .select(['read_at', 'tz_offset_min', 'book_id', 'minutes'])
    .where('student_id', '=', r.student_id)
    .where('deleted_at', 'is', null)
    .where('read_at', '<=', r.read_at)
    .execute()
  const sameBook = history.filter((h) => h.book_id === r.book_id)
  const media = await mediaRows(db, [r.cover_media_id])
  return {
    id: r.id,
    book: { title: r.title, author: r.author, category: r.category, cover: imageOf(media.get(r.cover_media_id ?? '')), totalPages: r.total_pages },
    reader: owner.person,
    org: owner.org,
    minutes: r.minutes,
    pages: r.pages,
    notes: r.notes,
    readAt: r.read_at,
    tzOffsetMin: r.tz_offset_min,
    streakDays: streakEndingOn(
      history.map((h) => localDayNumber(h.read_at, h.tz_offset_min)),
      localDayNumber(r.read_at, r.tz_offset_min),
    ),
    bookMinutes: sameBook.reduce((s, h) => s + h.minutes, 0),
    bookSessions: sameBook.length,
  }
}

async function task(db: Db, id: string): Promise<ContentViews['task'] | null> {
  const t = await db
    .selectFrom('tasks as t')
    .innerJoin('orgs as o', 'o.id', 't.org_id')
    .selectAll('t')
    .select('o.name as org_name')
    .where('t.id', '=', id)
    .where('t.shareable', '=', 1)
    .where('t.deleted_at', 'is', null)
    .executeTakeFirst()
  if (!t) return null
  const rows = parseAttachments(t.attachments)
  const media = await mediaRows(
    db,
    rows.map((a) => a.mediaId),
  )
  return {
    id: t.id,
    title: t.title,
    brief: t.brief,
    dueAt: t.due_at,
    className: [t.grade, t.class_name].filter(Boolean).join(' '),
    org: t.org_name,
    publisher: t.publisher_name,
    attachments: rows.flatMap((a) => {
      const m = media.get(a.mediaId)
      return m ? [{ name: a.name, url: mediaUrl(m.id), mime: m.mime, size: m.size }] : []
    }),
    createdAt: t.created_at,
  }
}

async function sound(db: Db, id: string, now: number): Promise<ContentViews['sound'] | null> {
  const s = await db.selectFrom('sounds').selectAll().where('id', '=', id).where('shareable', '=', 1).where('deleted_at', 'is', null).executeTakeFirst()
  if (!s) return null
  const owner = await studentOf(db, s.student_id, now)
  if (!owner) return null
  const media = await mediaRows(db, [s.audio_media_id, s.cover_media_id])
  const audio = audioOf(media.get(s.audio_media_id), s.duration_ms)
  if (!audio) return null
  return { id: s.id, title: s.title, description: s.description, author: owner.person, org: owner.org, cover: imageOf(media.get(s.cover_media_id ?? '')), audio, createdAt: s.created_at }
}

/** `now`: the injected clock's, for the owner's age (a limited child's shared things reach nobody). */
type Loaders = { [K in ContentKind]: (db: Db, id: string, now: number) => Promise<ContentViews[K] | null> }
export const LOADERS: Loaders = { opus, read, task, sound }

export function loadContent<K extends ContentKind>(db: Db, kind: K, id: string, now: number): Promise<ContentViews[K] | null> {
  return LOADERS[kind](db, id, now)
}

function parseIds(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

const isAttachment = shape<TaskAttachmentRow>({ mediaId: isStr, name: isStr })

function parseAttachments(json: string): TaskAttachmentRow[] {
  try {
    const v: unknown = JSON.parse(json)
    if (!Array.isArray(v)) return []
    return v.filter(isAttachment)
  } catch {
    return []
  }
}
