/**
 * 0010_task_progress: tasks that a teacher assigns to a class and a student marks done.
 * - tasks.grade: with class_name, the class a task is for (null: every class of that name, as before);
 * - tasks.book_id: the book the task is about, when it is about one;
 * - task_completions: who has done which task, once per student (the primary key makes a repeated or
 *   parallel "done" one row). Portable types only.
 */
import type { Kysely, Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const taskProgress: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('tasks').addColumn('grade', 'text').execute()
    await db.schema.alterTable('tasks').addColumn('book_id', 'text').execute()
    await db.schema
      .createTable('task_completions')
      .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('done_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('task_completions_pk', ['task_id', 'student_id'])
      .execute()
    await db.schema.createIndex('tasks_class').on('tasks').columns(['org_id', 'class_name']).execute()
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('tasks_class').execute()
    await db.schema.dropTable('task_completions').execute()
    await db.schema.alterTable('tasks').dropColumn('book_id').execute()
    await db.schema.alterTable('tasks').dropColumn('grade').execute()
  },
}
