/**
 * The year in review on the server: reading a student's year out of the content tables, storing the
 * figures once per account and year (the `reports` table, server/db/schema.ts), and turning a row into
 * what its owner or anyone else may see.
 */
import { isSlideKind, visibleSlides, type OwnerReport, type PublicReport, type ReportFigures, type ReportSummary, type SlideKind } from '../../src/contract/report'
import type { Db } from '../db/connect'
import type { Database, ReportTable } from '../db/schema'
import { computeReport, slidesOf, type ReadingInput, type WorkInput } from './reportFigures'

export type { ReportTable }
/** The report table (declared in server/db/schema.ts with the others). */
export type ReportTables = Pick<Database, 'reports'>

const DAY_MS = 86_400_000

/** A student's reading records and works around `year` (a day of slack each side for time zones). */
export async function yearInputs(db: Db, studentId: string, year: number): Promise<{ reading: ReadingInput[]; works: WorkInput[] }> {
  const from = Date.UTC(year, 0, 1) - DAY_MS
  const to = Date.UTC(year + 1, 0, 1) + DAY_MS
  const rows = await db
    .selectFrom('reading_records')
    .innerJoin('books', 'books.id', 'reading_records.book_id')
    .select(['reading_records.read_at', 'reading_records.tz_offset_min', 'reading_records.minutes', 'reading_records.pages', 'reading_records.book_id', 'books.title', 'books.author', 'books.category'])
    .where('reading_records.student_id', '=', studentId)
    .where('reading_records.deleted_at', 'is', null)
    .where('reading_records.read_at', '>=', from)
    .where('reading_records.read_at', '<', to)
    .execute()
  const works = await db
    .selectFrom('works')
    .select('created_at')
    .where('student_id', '=', studentId)
    .where('deleted_at', 'is', null)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .execute()
  return {
    reading: rows.map((r) => ({
      readAt: Number(r.read_at),
      tzOffsetMin: Number(r.tz_offset_min),
      minutes: Number(r.minutes),
      pages: Number(r.pages),
      bookId: r.book_id,
      title: r.title,
      author: r.author,
      category: r.category,
    })),
    works: works.map((w) => ({ createdAt: Number(w.created_at) })),
  }
}

/**
 * Creates the account's report of `year`, or refreshes its figures when it exists (its id, share setting
 * and hidden slides stay). One statement, so two taps at once still make one report.
 */
export async function saveReport(db: Db, input: { userId: string; year: number; figures: ReportFigures; inviteCode: string | null; now: number }): Promise<ReportTable> {
  const figures = JSON.stringify(input.figures)
  await db
    .insertInto('reports')
    .values({ id: crypto.randomUUID(), user_id: input.userId, year: input.year, figures, hidden: '[]', shareable: 0, invite_code: input.inviteCode, created_at: input.now, updated_at: input.now })
    .onConflict((oc) => oc.columns(['user_id', 'year']).doUpdateSet({ figures, updated_at: input.now }))
    .execute()
  return db.selectFrom('reports').selectAll().where('user_id', '=', input.userId).where('year', '=', input.year).executeTakeFirstOrThrow()
}

/** The stored figures; a row that cannot be read back counts as an empty year rather than an error. */
export function figuresOf(row: ReportTable): ReportFigures {
  try {
    const f = JSON.parse(row.figures) as ReportFigures
    if (typeof f === 'object' && f !== null && typeof f.minutes === 'number' && Array.isArray(f.categories)) return f
  } catch {
    // fall through
  }
  return computeReport(Number(row.year), [], [])
}

export function hiddenOf(row: ReportTable): SlideKind[] {
  try {
    const h: unknown = JSON.parse(row.hidden)
    return Array.isArray(h) ? h.filter((k): k is SlideKind => typeof k === 'string' && isSlideKind(k)) : []
  } catch {
    return []
  }
}

async function ownerFacts(db: Db, userId: string): Promise<{ name: string; inviteCode: string | null }> {
  const student = await db.selectFrom('students').select('name').where('user_id', '=', userId).executeTakeFirst()
  const invite = await db.selectFrom('invite_codes').select('code').where('owner_user_id', '=', userId).executeTakeFirst()
  return { name: student?.name ?? '', inviteCode: invite?.code ?? null }
}

export async function ownerView(db: Db, row: ReportTable): Promise<OwnerReport> {
  const { name, inviteCode } = await ownerFacts(db, row.user_id)
  return {
    id: row.id,
    year: Number(row.year),
    slides: slidesOf(figuresOf(row), name),
    inviteCode,
    updatedAt: Number(row.updated_at),
    shareable: row.shareable === 1,
    hidden: hiddenOf(row),
    createdAt: Number(row.created_at),
  }
}

/** Only the visible slides are built into the answer: a hidden slide's figures never leave the server. */
export async function publicView(db: Db, row: ReportTable): Promise<PublicReport> {
  const { name, inviteCode } = await ownerFacts(db, row.user_id)
  return { id: row.id, year: Number(row.year), slides: visibleSlides(slidesOf(figuresOf(row), name), hiddenOf(row)), inviteCode, updatedAt: Number(row.updated_at) }
}

export function summaryOf(row: ReportTable): ReportSummary {
  const hidden = hiddenOf(row)
  const slides = slidesOf(figuresOf(row), '')
  return {
    id: row.id,
    year: Number(row.year),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    shareable: row.shareable === 1,
    slideCount: slides.length,
    hiddenCount: slides.filter((s) => hidden.includes(s.kind)).length,
  }
}

/** A report anyone may open: shared, and its owner's account active; undefined otherwise. */
export async function sharedReport(db: Db, id: string): Promise<ReportTable | undefined> {
  return db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.user_id')
    .selectAll('reports')
    .where('reports.id', '=', id)
    .where('reports.shareable', '=', 1)
    .where('users.status', '=', 'active')
    .executeTakeFirst()
}
