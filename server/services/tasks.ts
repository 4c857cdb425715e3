/**
 * Class tasks on the server (routes/tasks.ts): a task's row and book, the students of the class it goes
 * to, and a student's read and done marks, each kept once (the first time stands).
 */
import type { Db } from '../db/connect'
import type { TaskTable } from '../db/schema'

/** A task that is not deleted; whether the caller may see it is the caller's rule. */
export const liveTask = (db: Db, id: string): Promise<TaskTable | undefined> =>
  db.selectFrom('tasks').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()

export const bookOf = (db: Db, bookId: string) => db.selectFrom('books').select(['id', 'title', 'author']).where('id', '=', bookId).executeTakeFirst()

export async function bookExists(db: Db, bookId: string): Promise<boolean> {
  return (await db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst()) !== undefined
}

export async function insertTask(trx: Db, task: TaskTable): Promise<void> {
  await trx.insertInto('tasks').values(task).execute()
}

/**
 * The accounts of the organisation's students whose confirmed class is the one given, with their roles
 * there (a teacher of the organisation is not a student of its classes: the caller filters them out).
 */
export const classMembers = (db: Db, orgId: string, grade: string, className: string, exceptUserId: string) =>
  db
    .selectFrom('students')
    .innerJoin('memberships', 'memberships.student_id', 'students.id')
    .select(['students.user_id', 'memberships.roles'])
    .where('memberships.org_id', '=', orgId)
    .where('students.confirmed_class', '=', className)
    .where('students.confirmed_grade', '=', grade)
    .where('students.user_id', '!=', exceptUserId)
    .execute()

/** When the student marked the task done; undefined until then. */
export async function doneAt(db: Db, taskId: string, studentId: string): Promise<number | undefined> {
  const row = await db.selectFrom('task_completions').select('done_at').where('task_id', '=', taskId).where('student_id', '=', studentId).executeTakeFirst()
  return row ? Number(row.done_at) : undefined
}

/** Marks the task done at `now` unless it was before; `fresh` says whether this call did. */
export async function markDone(trx: Db, taskId: string, studentId: string, now: number): Promise<{ fresh: boolean; doneAt: number }> {
  const ins = await trx.insertInto('task_completions').values({ task_id: taskId, student_id: studentId, done_at: now }).onConflict((oc) => oc.columns(['task_id', 'student_id']).doNothing()).executeTakeFirst()
  const row = await trx.selectFrom('task_completions').select('done_at').where('task_id', '=', taskId).where('student_id', '=', studentId).executeTakeFirstOrThrow()
  return { fresh: Number(ins.numInsertedOrUpdatedRows ?? 0) === 1, doneAt: Number(row.done_at) }
}

/** Marks the task read at `now` unless it was before; `fresh` says whether this call did. */
export async function markRead(trx: Db, taskId: string, studentId: string, now: number): Promise<{ fresh: boolean; readAt: number }> {
  const ins = await trx.insertInto('task_reads').values({ task_id: taskId, student_id: studentId, read_at: now }).onConflict((oc) => oc.columns(['task_id', 'student_id']).doNothing()).executeTakeFirst()
  const row = await trx.selectFrom('task_reads').select('read_at').where('task_id', '=', taskId).where('student_id', '=', studentId).executeTakeFirstOrThrow()
  return { fresh: Number(ins.numInsertedOrUpdatedRows ?? 0) === 1, readAt: Number(row.read_at) }
}
