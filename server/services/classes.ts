/**
 * Class membership and what a teacher may do to a class: the class a student's tasks come from is the one
 * a teacher of its organisation confirmed, and a teacher's task assignments are limited per hour.
 * See docs/security.md ("Class membership", "Limits of accounts, numbers and classes").
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect'
import type { TaskTable } from '../db/schema'
import { tooMany } from '../errors'

/** The class a student's tasks come from; null until a teacher confirmed one. */
export async function confirmedClass(db: Db, studentId: string): Promise<{ grade: string; className: string } | null> {
  const row = await db.selectFrom('students').select(['confirmed_grade', 'confirmed_class']).where('id', '=', studentId).executeTakeFirst()
  return row?.confirmed_grade != null && row.confirmed_class != null ? { grade: row.confirmed_grade, className: row.confirmed_class } : null
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
