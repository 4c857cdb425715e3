/**
 * Home's desk (GET /home/desk): the student's recent reading, works and open tasks, the report and the
 * invitation count. The account, its profile and memberships come from the sign-in check (`req.account`);
 * the five reads here do not depend on each other and run together, so the call waits for two round trips.
 */
import { DESK_LIMIT, type Desk } from '../../src/contract/desk'
import { REPORT_YEAR } from '../../src/contract/report'
import { TEACHER_ROLE } from '../../src/contract/tasks'
import type { Db } from '../db/connect'
import type { SessionAccount } from './users'

type Student = NonNullable<SessionAccount['student']>

const readingOf = (db: Db, student: Student) =>
  db
    .selectFrom('reading_records')
    .innerJoin('books', 'books.id', 'reading_records.book_id')
    .select(['reading_records.id', 'books.title', 'books.author', 'reading_records.minutes', 'reading_records.pages', 'reading_records.read_at'])
    .where('reading_records.student_id', '=', student.id)
    .where('reading_records.deleted_at', 'is', null)
    .orderBy('reading_records.read_at', 'desc')
    .limit(DESK_LIMIT)
    .execute()

/** Works made in another organisation stay with it; works made outside any show everywhere. */
function worksOf(db: Db, student: Student, orgId: string | null) {
  let q = db.selectFrom('works').select(['id', 'title', 'created_at', 'shareable']).where('student_id', '=', student.id).where('deleted_at', 'is', null)
  if (orgId) q = q.where((eb) => eb.or([eb('org_id', '=', orgId), eb('org_id', 'is', null)]))
  return q.orderBy('created_at', 'desc').limit(DESK_LIMIT).execute()
}

/**
 * Open tasks of the class a teacher confirmed (docs/security.md, "Class membership"), soonest first; a task
 * marked done leaves. Only where the account is a student member: a teacher of the organisation is not a
 * student of its classes (as the roster and a task's notices have it), whatever its own profile says.
 */
async function tasksOf(db: Db, account: SessionAccount & { student: Student }, orgId: string | null, now: number) {
  const { student } = account
  const cls = student.confirmed
  const here = account.memberships.find((m) => m.org.id === orgId)
  if (!orgId || !cls || !here || here.roles.includes(TEACHER_ROLE)) return []
  return db
    .selectFrom('tasks')
    .select(['id', 'title', 'publisher_name', 'due_at'])
    .where('org_id', '=', orgId)
    .where('class_name', '=', cls.className)
    .where((eb) => eb.or([eb('grade', 'is', null), eb('grade', '=', cls.grade)]))
    .where('deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('task_completions').select('task_id').whereRef('task_completions.task_id', '=', 'tasks.id').where('task_completions.student_id', '=', student.id))))
    .where((eb) => eb.or([eb('due_at', 'is', null), eb('due_at', '>=', now)]))
    .orderBy('due_at', 'asc')
    .orderBy('created_at', 'desc')
    .limit(DESK_LIMIT)
    .execute()
}

const reportOf = (db: Db, userId: string) =>
  db.selectFrom('reports').select(['id', 'shareable']).where('user_id', '=', userId).where('year', '=', REPORT_YEAR).orderBy('created_at', 'desc').executeTakeFirst()

const invitedOf = (db: Db, userId: string) =>
  db.selectFrom('invitations').select((eb) => eb.fn.countAll<string | number>().as('n')).where('inviter_user_id', '=', userId).executeTakeFirstOrThrow()

/** The desk of `account`'s student in the organisation `orgId` (the Org-ID header's, else the primary membership's). */
export async function deskOf(db: Db, account: SessionAccount & { student: Student }, orgId: string | null, now: number): Promise<Desk> {
  const { student, user } = account
  const current = orgId ?? (account.memberships.find((m) => m.primary) ?? account.memberships[0])?.org.id ?? null
  const [reading, works, tasks, report, invited] = await Promise.all([readingOf(db, student), worksOf(db, student, current), tasksOf(db, account, current, now), reportOf(db, user.id), invitedOf(db, user.id)])
  return {
    reading: reading.map((r) => ({ id: r.id, bookTitle: r.title, author: r.author, minutes: r.minutes, pages: r.pages, readAt: Number(r.read_at) })),
    works: works.map((w) => ({ id: w.id, title: w.title, createdAt: Number(w.created_at), shareable: w.shareable === 1 })),
    tasks: tasks.map((t) => ({ id: t.id, title: t.title, publisherName: t.publisher_name, dueAt: t.due_at === null ? null : Number(t.due_at) })),
    report: report ? { id: report.id, shareable: report.shareable === 1 } : null,
    invited: Number(invited.n),
  }
}
