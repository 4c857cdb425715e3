/**
 * Class membership and what a teacher may do to a class: the class a student's tasks come from is the one
 * a teacher of its organisation confirmed, and a teacher's task assignments are limited per hour.
 * See docs/security.md ("Class membership", "Limits of accounts, numbers and classes").
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect'
import type { TaskTable } from '../db/schema'
import { tooMany } from '../errors'

/** The classes of an organisation, one row per teacher of each (user_id null for a class nobody teaches). */
export const classTeachers = (db: Db, orgId: string) =>
  db
    .selectFrom('classes')
    .leftJoin('teacher_classes', 'teacher_classes.class_id', 'classes.id')
    .select(['classes.id', 'classes.grade', 'classes.class_name', 'teacher_classes.user_id'])
    .where('classes.org_id', '=', orgId)
    .execute()

/** A class of the organisation by id. */
export const orgClass = (db: Db, orgId: string, classId: string) =>
  db.selectFrom('classes').select(['id', 'grade', 'class_name']).where('id', '=', classId).where('org_id', '=', orgId).executeTakeFirst()

/** The student of the organisation whose declared class is the one given; undefined for anyone else. */
export const requestingStudent = (db: Db, orgId: string, studentId: string, grade: string, className: string) =>
  db
    .selectFrom('students')
    .innerJoin('memberships', 'memberships.student_id', 'students.id')
    .select(['students.id', 'students.user_id'])
    .where('students.id', '=', studentId)
    .where('memberships.org_id', '=', orgId)
    .where('students.grade', '=', grade)
    .where('students.class_name', '=', className)
    .executeTakeFirst()

/**
 * Confirms the class a student asks for, and forgets an earlier refusal by the organisation. Only the class
 * the student asks for now: false (and nothing written) when the profile has changed since.
 */
export async function confirmClass(trx: Db, studentId: string, orgId: string, grade: string, className: string): Promise<boolean> {
  const done = await trx.updateTable('students').set({ confirmed_grade: grade, confirmed_class: className }).where('id', '=', studentId).where('grade', '=', grade).where('class_name', '=', className).executeTakeFirst()
  if (Number(done.numUpdatedRows) !== 1) return false
  await trx.deleteFrom('class_refusals').where('student_id', '=', studentId).where('org_id', '=', orgId).execute()
  return true
}

/** Records (or replaces) the organisation's refusal of the class a student asked for. */
export async function refuseClass(trx: Db, r: { studentId: string; orgId: string; grade: string; className: string; by: string; now: number }): Promise<void> {
  await trx
    .insertInto('class_refusals')
    .values({ student_id: r.studentId, org_id: r.orgId, grade: r.grade, class_name: r.className, refused_by: r.by, refused_at: r.now })
    .onConflict((oc) => oc.columns(['student_id', 'org_id']).doUpdateSet({ grade: r.grade, class_name: r.className, refused_by: r.by, refused_at: r.now }))
    .execute()
}

/**
 * Tasks one teacher may assign in an hour, over all their classes. Each task notifies a whole class, so a
 * runaway script (or a stolen teacher account) must not reach a class fifty times in a second; a teacher
 * giving one task to each of six classes, a few times over, stays well inside.
 */
export const TASKS_PER_TEACHER_HOUR = 30

/**
 * Throws 429 when the teacher has assigned TASKS_PER_TEACHER_HOUR tasks in the last hour. Runs in the
 * assignment's transaction, serialised per teacher (SQLite runs one at a time; PostgreSQL takes an advisory
 * lock), so parallel assignments on any number of nodes cannot outrun it.
 */
export async function assignRoom(trx: Db, kind: 'sqlite' | 'postgres', teacherUserId: string, now: number): Promise<void> {
  if (kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`assign:${teacherUserId}`}))`.execute(trx)
  const recent = await trx
    .selectFrom('tasks')
    .select('created_at')
    .where('publisher_user_id', '=', teacherUserId)
    .where('created_at', '>', now - 3_600_000)
    .orderBy('created_at', 'asc')
    .execute()
  if (recent.length >= TASKS_PER_TEACHER_HOUR) throw tooMany((Number(recent[recent.length - TASKS_PER_TEACHER_HOUR]!.created_at) + 3_600_000 - now) / 1000)
}

/** The row of a task as a teacher assigns it (here and in the demo seed): no attachments, shareable, written at `now`. */
export const assignedTask = (task: Omit<TaskTable, 'attachments' | 'shareable' | 'deleted_at' | 'created_at' | 'updated_at' | 'reminded_at'>, now: number): TaskTable => ({
  ...task,
  reminded_at: null,
  attachments: '[]',
  shareable: 1,
  deleted_at: null,
  created_at: now,
  updated_at: now,
})
