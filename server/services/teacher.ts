/**
 * The teacher's side (docs/contract.md "The teacher's calls"): who may act on which class and task, what a
 * teacher sees of a student, task progress, reminders, the progress CSV and the audit log. The routes
 * (server/routes/teacher.ts, classes.ts, tasks.ts) pass the account the session already loaded.
 * See docs/privacy.md ("Who sees what", "The audit log") and docs/security.md ("Class membership").
 */
import { CODE } from '../../src/contract'
import { isUnderConsentAge } from '../../src/contract/guardian'
import { TEACHER_ROLE } from '../../src/contract/tasks'
import { REMIND_EVERY_MS, type AgeBand, type TaskState, type TeacherLive } from '../../src/contract/teacher'
import type { Db } from '../db/connect'
import type { AuditAction, TaskTable } from '../db/schema'
import { ApiError } from '../errors'
import { limitsOf } from './guardian'
import type { Trx } from './sessions'
import { parseList, type SessionAccount } from './users'

/** 403 200008: the caller is not a teacher of this organisation, class or task (or the id does not exist). */
export const roleForbidden = (why = 'only a teacher of this class may do this'): ApiError => new ApiError(CODE.ROLE_FORBIDDEN, why, 403)

/** The audit log's retention (docs/privacy.md "The audit log"). */
export const AUDIT_KEEP_MS = 365 * 86_400_000

/** The organisation whose code is given, when the caller is a teacher there; 403 200008 otherwise. */
export function teacherOrg(acc: SessionAccount, orgCode: string): { id: string; code: string } {
  const code = orgCode.trim().toUpperCase()
  const m = acc.memberships.find((x) => x.org.code === code)
  if (!m?.roles.includes(TEACHER_ROLE)) throw roleForbidden('only a teacher of this organisation may do this')
  return { id: m.org.id, code: m.org.code }
}

const teachesIn = (acc: SessionAccount, orgId: string): boolean => acc.memberships.some((m) => m.org.id === orgId && m.roles.includes(TEACHER_ROLE))

/** The class row of (org, grade, class name), made when it does not exist yet; its id. */
export async function ensureClass(trx: Trx, orgId: string, grade: string, className: string, now: number): Promise<string> {
  await trx
    .insertInto('classes')
    .values({ id: crypto.randomUUID(), org_id: orgId, grade, class_name: className, created_at: now })
    .onConflict((oc) => oc.columns(['org_id', 'grade', 'class_name']).doNothing())
    .execute()
  const row = await trx.selectFrom('classes').select('id').where('org_id', '=', orgId).where('grade', '=', grade).where('class_name', '=', className).executeTakeFirstOrThrow()
  return row.id
}

/** The accounts that teach class (org, grade, class name); empty when nobody does, or the class has no row. */
export async function teachersOfClass(db: Trx, orgId: string, grade: string | null, className: string): Promise<string[]> {
  let q = db.selectFrom('teacher_classes').innerJoin('classes', 'classes.id', 'teacher_classes.class_id').select('teacher_classes.user_id').where('classes.org_id', '=', orgId).where('classes.class_name', '=', className)
  if (grade !== null) q = q.where('classes.grade', '=', grade)
  return (await q.execute()).map((r) => r.user_id)
}

/** Every account with the teacher role in the organisation. */
export async function teachersOfOrg(db: Trx, orgId: string): Promise<string[]> {
  const rows = await db.selectFrom('memberships').innerJoin('students', 'students.id', 'memberships.student_id').select(['students.user_id', 'memberships.roles']).where('memberships.org_id', '=', orgId).execute()
  return rows.filter((r) => parseList(r.roles).includes(TEACHER_ROLE)).map((r) => r.user_id)
}


/**
 * Who answers a request for class (org, grade, class name): its teachers, or every teacher of the
 * organisation when nobody teaches it, so that no student waits for good.
 */
export async function answerersOf(db: Trx, orgId: string, grade: string, className: string): Promise<string[]> {
  const teachers = await teachersOfClass(db, orgId, grade, className)
  return teachers.length ? teachers : teachersOfOrg(db, orgId)
}

/** Throws 403 200008 unless the caller (a teacher of `orgId`) may answer requests for this class. */
export async function checkAnswerer(db: Trx, acc: SessionAccount, orgId: string, grade: string, className: string): Promise<void> {
  const teachers = await teachersOfClass(db, orgId, grade, className)
  if (teachers.length ? !teachers.includes(acc.user.id) : !teachesIn(acc, orgId)) throw roleForbidden()
}

/** A class the caller teaches; 403 200008 for any other id, existing or not. */
export async function taughtClass(db: Trx, acc: SessionAccount, classId: string): Promise<{ id: string; org_id: string; grade: string; class_name: string }> {
  const row = await db
    .selectFrom('classes')
    .innerJoin('teacher_classes', 'teacher_classes.class_id', 'classes.id')
    .select(['classes.id', 'classes.org_id', 'classes.grade', 'classes.class_name'])
    .where('classes.id', '=', classId)
    .where('teacher_classes.user_id', '=', acc.user.id)
    .executeTakeFirst()
  if (!row || !teachesIn(acc, row.org_id)) throw roleForbidden()
  return row
}

/** The classes of the organisation that `userId` teaches, by grade and name. */
export const classesTaughtBy = (db: Trx, orgId: string, userId: string) =>
  db
    .selectFrom('classes')
    .innerJoin('teacher_classes', 'teacher_classes.class_id', 'classes.id')
    .select(['classes.id', 'classes.grade', 'classes.class_name'])
    .where('classes.org_id', '=', orgId)
    .where('teacher_classes.user_id', '=', userId)
    .orderBy('classes.grade')
    .orderBy('classes.class_name')
    .execute()

/** A student of the class (by its confirmed class and the organisation); undefined for anyone else. */
export const classStudent = (db: Trx, cls: { org_id: string; grade: string; class_name: string }, studentId: string) =>
  db
    .selectFrom('students')
    .innerJoin('memberships', 'memberships.student_id', 'students.id')
    .select(['students.id', 'students.user_id'])
    .where('students.id', '=', studentId)
    .where('memberships.org_id', '=', cls.org_id)
    .where('students.confirmed_grade', '=', cls.grade)
    .where('students.confirmed_class', '=', cls.class_name)
    .executeTakeFirst()

/** Takes the student's confirmed class away: back to waiting for a teacher (班级待老师确认). */
export async function unconfirmClass(trx: Trx, studentId: string): Promise<void> {
  await trx.updateTable('students').set({ confirmed_grade: null, confirmed_class: null }).where('id', '=', studentId).execute()
}

/** The organisation's newest tasks (at most 100) that `userId` assigned or whose class they teach. */
export const tasksFollowedBy = (db: Trx, orgId: string, userId: string): Promise<TaskTable[]> =>
  db
    .selectFrom('tasks')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('publisher_user_id', '=', userId), eb('class_id', 'in', eb.selectFrom('teacher_classes').select('class_id').where('user_id', '=', userId))]))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(100)
    .execute()

/** A task the caller may follow: a teacher of its organisation who teaches its class or assigned it. */
export async function teacherTask(db: Trx, acc: SessionAccount, taskId: string): Promise<TaskTable> {
  const task = await db.selectFrom('tasks').selectAll().where('id', '=', taskId).where('deleted_at', 'is', null).executeTakeFirst()
  if (!task || !teachesIn(acc, task.org_id)) throw roleForbidden()
  if (task.publisher_user_id === acc.user.id) return task
  const teaches = task.class_id ? await db.selectFrom('teacher_classes').select('class_id').where('class_id', '=', task.class_id).where('user_id', '=', acc.user.id).executeTakeFirst() : undefined
  if (!teaches) throw roleForbidden()
  return task
}

/** The age band of a month and year of birth at `now` (src/contract/values/teacher.ts); the same safe side as the consent age. */
export function ageBandOf(birth: { year: number; month: number } | null, now: number): AgeBand {
  if (!birth) return 'unknown'
  if (isUnderConsentAge(birth, now)) return 'under-14'
  // Under 18 is under 14 for someone born four years later.
  return isUnderConsentAge({ year: birth.year + 4, month: birth.month }, now) ? '14-17' : '18+'
}

/** A student as a teacher sees them: name, declared class, age band, limited or not. Never a phone number. */
export interface SeenStudent {
  studentId: string
  userId: string
  name: string
  grade: string
  className: string
  ageBand: AgeBand
  limited: boolean
}

type StudentRow = { id: string; user_id: string; name: string; grade: string; class_name: string; birth_year: number | null; birth_month: number | null }

export async function seen(db: Trx, rows: readonly StudentRow[], now: number): Promise<SeenStudent[]> {
  const ids = rows.map((r) => r.user_id)
  // limitsOf counts staff as never limited; an account it does not know has no age yet.
  const limits = await limitsOf(db, ids, now)
  return rows.map((r) => ({
    studentId: r.id,
    userId: r.user_id,
    name: r.name,
    grade: r.grade,
    className: r.class_name,
    ageBand: ageBandOf(r.birth_year !== null && r.birth_month !== null ? { year: Number(r.birth_year), month: Number(r.birth_month) } : null, now),
    limited: limits.get(r.user_id) !== null,
  }))
}

const studentColumns = ['students.id', 'students.user_id', 'students.name', 'students.grade', 'students.class_name', 'students.birth_year', 'students.birth_month'] as const

/** The students whose confirmed class is (org, grade, class name); grade null: any grade (tasks from before 0010). */
export async function rosterRows(db: Trx, orgId: string, grade: string | null, className: string): Promise<StudentRow[]> {
  let q = db
    .selectFrom('students')
    .innerJoin('memberships', 'memberships.student_id', 'students.id')
    .innerJoin('users', 'users.id', 'students.user_id')
    .select([...studentColumns, 'memberships.roles'])
    .where('memberships.org_id', '=', orgId)
    .where('users.status', '=', 'active')
    .where('students.confirmed_class', '=', className)
  if (grade !== null) q = q.where('students.confirmed_grade', '=', grade)
  // A teacher of the organisation is not a student of its classes, whatever their own profile says.
  return (await q.orderBy('students.name').orderBy('students.id').limit(1000).execute()).filter((r) => !parseList(r.roles).includes(TEACHER_ROLE))
}

export interface PendingRow extends StudentRow {
  confirmed_grade: string | null
  confirmed_class: string | null
  updated_at: number
}

/**
 * The organisation's students whose declared class is not the confirmed one and has not been refused,
 * staff left out. `only`: just the requests for that class.
 */
export async function pendingRows(db: Trx, orgId: string, only?: { grade: string; className: string }): Promise<PendingRow[]> {
  let q = db
    .selectFrom('students')
    .innerJoin('memberships', 'memberships.student_id', 'students.id')
    .innerJoin('users', 'users.id', 'students.user_id')
    .select([...studentColumns, 'students.confirmed_grade', 'students.confirmed_class', 'students.updated_at', 'memberships.roles'])
    .where('memberships.org_id', '=', orgId)
    .where('users.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('students.confirmed_grade', 'is', null),
        eb('students.confirmed_class', 'is', null),
        eb('students.confirmed_grade', '!=', eb.ref('students.grade')),
        eb('students.confirmed_class', '!=', eb.ref('students.class_name')),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('class_refusals')
            .select('class_refusals.student_id')
            .whereRef('class_refusals.student_id', '=', 'students.id')
            .where('class_refusals.org_id', '=', orgId)
            .whereRef('class_refusals.grade', '=', 'students.grade')
            .whereRef('class_refusals.class_name', '=', 'students.class_name'),
        ),
      ),
    )
  if (only) q = q.where('students.grade', '=', only.grade).where('students.class_name', '=', only.className)
  const rows = await q.orderBy('students.updated_at', 'asc').orderBy('students.id').limit(500).execute()
  return rows.filter((r) => !parseList(r.roles).includes(TEACHER_ROLE))
}

// ---- tasks ------------------------------------------------------------------------------------------

export interface StudentProgress extends SeenStudent {
  state: TaskState
  readAt: number | null
  doneAt: number | null
}

/** Every student of the task's class with their state; the publisher left out. */
export async function progressOf(db: Trx, task: TaskTable, now: number): Promise<StudentProgress[]> {
  const roster = (await rosterRows(db, task.org_id, task.grade, task.class_name)).filter((r) => r.user_id !== task.publisher_user_id)
  const [students, reads, dones] = await Promise.all([
    seen(db, roster, now),
    db.selectFrom('task_reads').select(['student_id', 'read_at']).where('task_id', '=', task.id).execute(),
    db.selectFrom('task_completions').select(['student_id', 'done_at']).where('task_id', '=', task.id).execute(),
  ])
  const readAt = new Map(reads.map((r) => [r.student_id, Number(r.read_at)]))
  const doneAt = new Map(dones.map((r) => [r.student_id, Number(r.done_at)]))
  const order: Record<TaskState, number> = { 'not-opened': 0, read: 1, done: 2 }
  return students
    .map((s) => {
      const done = doneAt.get(s.studentId) ?? null
      // Marking done opens the task: a done without a read row still counts as read.
      const read = readAt.get(s.studentId) ?? done
      return { ...s, state: (done !== null ? 'done' : read !== null ? 'read' : 'not-opened') as TaskState, readAt: read, doneAt: done }
    })
    .sort((a, b) => order[a.state] - order[b.state])
}

export const countsOf = (students: readonly { state: TaskState }[]) => ({
  notOpened: students.filter((s) => s.state === 'not-opened').length,
  read: students.filter((s) => s.state === 'read').length,
  done: students.filter((s) => s.state === 'done').length,
})

export const nextRemindAt = (task: { reminded_at: number | null }, now: number): number | null =>
  task.reminded_at !== null && Number(task.reminded_at) + REMIND_EVERY_MS > now ? Number(task.reminded_at) + REMIND_EVERY_MS : null

/**
 * Claims the task's reminder for this hour: one conditional update, so of two reminders at once (on any
 * number of nodes) exactly one wins (PostgreSQL re-reads the row the first one locked; SQLite runs one at
 * a time). Returns null when claimed, or the time the next one is possible.
 */
export async function claimReminder(trx: Trx, taskId: string, now: number): Promise<number | null> {
  const res = await trx
    .updateTable('tasks')
    .set({ reminded_at: now })
    .where('id', '=', taskId)
    .where((eb) => eb.or([eb('reminded_at', 'is', null), eb('reminded_at', '<=', now - REMIND_EVERY_MS)]))
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) === 1) return null
  const row = await trx.selectFrom('tasks').select('reminded_at').where('id', '=', taskId).executeTakeFirstOrThrow()
  return Number(row.reminded_at) + REMIND_EVERY_MS
}

/** The teachers who follow a task live: those who teach its class, and the one who assigned it. */
export async function followersOf(db: Trx, task: { class_id: string | null; publisher_user_id: string | null }): Promise<string[]> {
  const teachers = task.class_id ? (await db.selectFrom('teacher_classes').select('user_id').where('class_id', '=', task.class_id).execute()).map((r) => r.user_id) : []
  return [...new Set([...teachers, ...(task.publisher_user_id ? [task.publisher_user_id] : [])])]
}

/** The message a teacher's open page hears when a student reads a task or marks it done. */
export const progressed = (taskId: string, studentId: string, state: 'read' | 'done', at: number): TeacherLive => ({ type: 'task-progressed', taskId, studentId, state, at })

// ---- the audit log ----------------------------------------------------------------------------------

export async function audit(trx: Trx, row: { actor: string; action: AuditAction; subject: string; orgId: string | null; details: Record<string, unknown> }, now: number): Promise<void> {
  await trx.insertInto('audit_log').values({ id: crypto.randomUUID(), actor_user_id: row.actor, action: row.action, subject: row.subject, org_id: row.orgId, details: JSON.stringify(row.details), at: now }).execute()
}

/** Forgets audit rows older than AUDIT_KEEP_MS; returns how many went. */
export async function sweepAudit(db: Db, now: number): Promise<number> {
  const res = await db.deleteFrom('audit_log').where('at', '<', now - AUDIT_KEEP_MS).executeTakeFirst()
  return Number(res.numDeletedRows)
}

// ---- the progress CSV -------------------------------------------------------------------------------

/**
 * One CSV cell: quoted, and a cell that a spreadsheet would read as a formula (starting with =, +, -, @,
 * a tab or a carriage return) is neutralised with a leading apostrophe (OWASP "CSV injection"): names are
 * typed by students.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

/** The file's bytes: UTF-8 with a BOM (Excel and WPS open it as UTF-8), CRLF line ends (RFC 4180). */
export const csvBytes = (rows: readonly (readonly string[])[]): Buffer => Buffer.from(`\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`, 'utf8')

/** `attachment` with an ASCII fallback and the UTF-8 name of RFC 5987 / RFC 6266. */
export function attachment(name: string, fallback: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/** China's local time of `ms` as `YYYY-MM-DD HH:mm` (the school's time, whatever the server's zone). */
export function chinaTime(ms: number | null): string {
  if (ms === null) return ''
  const d = new Date(ms + 8 * 3_600_000)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`
}


/**
 * Whom to tell that a student's class request is new or changed: for each organisation of the student
 * where the declared class waits for a confirmation, the teachers who answer it (answerersOf).
 */
export async function requestWatchers(db: Trx, studentId: string): Promise<{ orgCode: string; userIds: string[] }[]> {
  const rows = await db
    .selectFrom('students')
    .innerJoin('memberships', 'memberships.student_id', 'students.id')
    .innerJoin('orgs', 'orgs.id', 'memberships.org_id')
    .select(['orgs.id', 'orgs.code', 'students.grade', 'students.class_name', 'students.confirmed_grade', 'students.confirmed_class'])
    .where('students.id', '=', studentId)
    .execute()
  const out: { orgCode: string; userIds: string[] }[] = []
  for (const r of rows) {
    if (r.confirmed_grade === r.grade && r.confirmed_class === r.class_name) continue
    out.push({ orgCode: r.code, userIds: await answerersOf(db, r.id, r.grade, r.class_name) })
  }
  return out
}

/**
 * `requestWatchers` for a student whose organisations, declared class and confirmed class the caller
 * already has (the signed-in account): only the answerers are read, for every organisation together.
 */
export async function watchersOf(
  db: Trx,
  orgs: readonly { id: string; code: string }[],
  declared: { grade: string; className: string },
  confirmed: { grade: string; className: string } | null,
): Promise<{ orgCode: string; userIds: string[] }[]> {
  if (confirmed?.grade === declared.grade && confirmed.className === declared.className) return []
  return Promise.all(orgs.map(async (o) => ({ orgCode: o.code, userIds: await answerersOf(db, o.id, declared.grade, declared.className) })))
}
