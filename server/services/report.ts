/**
 * The year in review on the server: reading a student's year out of the content tables, storing the
 * figures once per account and year (the `reports` table, server/db/schema.ts), and turning a row into
 * what its owner or anyone else may see.
 */
import { isNum, isRecord } from '../../src/contract/guards'
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
  const [rows, works] = await Promise.all([
    db
      .selectFrom('reading_records')
      .innerJoin('books', 'books.id', 'reading_records.book_id')
      .select(['reading_records.read_at', 'reading_records.tz_offset_min', 'reading_records.minutes', 'reading_records.pages', 'reading_records.book_id', 'books.title', 'books.author', 'books.category'])
      .where('reading_records.student_id', '=', studentId)
      .where('reading_records.deleted_at', 'is', null)
      .where('reading_records.read_at', '>=', from)
      .where('reading_records.read_at', '<', to)
      .execute(),
    db
      .selectFrom('works')
      .select('created_at')
      .where('student_id', '=', studentId)
      .where('deleted_at', 'is', null)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .execute(),
  ])
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
    const f: unknown = JSON.parse(row.figures)
    if (isRecord(f) && isNum(f.minutes) && Array.isArray(f.categories)) return f as unknown as ReportFigures
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

/** What a report shows of its owner: the name on the slides and the invitation code. */
export interface OwnerFacts {
  name: string
  inviteCode: string | null
}

async function ownerFacts(db: Db, userId: string): Promise<OwnerFacts> {
  const [student, invite] = await Promise.all([
    db.selectFrom('students').select('name').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('invite_codes').select('code').where('owner_user_id', '=', userId).executeTakeFirst(),
  ])
  return { name: student?.name ?? '', inviteCode: invite?.code ?? null }
}

/** The owner's own view; `owner` is the signed-in owner's name and code as the sign-in check read them. */
export function ownerView(row: ReportTable, { name, inviteCode }: OwnerFacts): OwnerReport {
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

/** The account's reports, newest year first. */
export const reportsOf = (db: Db, userId: string): Promise<ReportTable[]> =>
  db.selectFrom('reports').selectAll().where('user_id', '=', userId).orderBy('year', 'desc').orderBy('updated_at', 'desc').execute()

/** A report of `userId`'s by id; undefined for anyone else's. */
export const ownReport = (db: Db, id: string, userId: string): Promise<ReportTable | undefined> =>
  db.selectFrom('reports').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()

export async function updateReportSettings(db: Db, id: string, changes: { shareable?: number; hidden?: string }): Promise<void> {
  await db.updateTable('reports').set(changes).where('id', '=', id).execute()
}

/** The invitation code when it is a real one of an account other than `userId`'s; null otherwise. */
export async function othersInviteCode(db: Db, code: string, userId: string): Promise<string | null> {
  const row = await db.selectFrom('invite_codes').select('code').where('code', '=', code).where('owner_user_id', '!=', userId).executeTakeFirst()
  return row?.code ?? null
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
