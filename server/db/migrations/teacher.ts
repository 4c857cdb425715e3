/**
 * 0015_teacher: classes and the teachers who teach them become data (docs/contract.md "The teacher's
 * calls", docs/privacy.md "Who sees what").
 * - classes: one row per class of an organisation (grade and class name as the students' profiles have
 *   them); made by the operator's import, the seed, a confirmation or a task. Existing confirmed classes and
 *   the classes of existing tasks are made here.
 * - teacher_classes: which account teaches which class (the operator's import fills it).
 * - class_refusals: a teacher's "no" to a student's declared class, one per student and organisation;
 *   it stands while the profile declares that class.
 * - task_reads: when a student first opened a task, one row per task and student.
 * - audit_log: who did what to whom and when (confirm, refuse, remove, remind), kept for a year.
 * - tasks.class_id: the class a task is for (filled for existing tasks whose class is known);
 *   tasks.reminded_at: the last reminder, for the one-an-hour rule.
 * Portable types only.
 */
import { sql, type Kysely, type Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const teacher: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('classes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'text', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('grade', 'text', (c) => c.notNull())
      .addColumn('class_name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('classes_org_class', ['org_id', 'grade', 'class_name'])
      .execute()
    await db.schema
      .createTable('teacher_classes')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('teacher_classes_pk', ['user_id', 'class_id'])
      .execute()
    await db.schema.createIndex('teacher_classes_class').on('teacher_classes').column('class_id').execute()
    await db.schema
      .createTable('class_refusals')
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('org_id', 'text', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('grade', 'text', (c) => c.notNull())
      .addColumn('class_name', 'text', (c) => c.notNull())
      .addColumn('refused_by', 'text')
      .addColumn('refused_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('class_refusals_pk', ['student_id', 'org_id'])
      .execute()
    await db.schema
      .createTable('task_reads')
      .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('read_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('task_reads_pk', ['task_id', 'student_id'])
      .execute()
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('actor_user_id', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('org_id', 'text')
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute()
    await db.schema.createIndex('audit_log_subject').on('audit_log').column('subject').execute()
    await db.schema.alterTable('tasks').addColumn('class_id', 'text', (c) => c.references('classes.id')).execute()
    await db.schema.alterTable('tasks').addColumn('reminded_at', 'bigint').execute()
    await db.schema.createIndex('tasks_class_id').on('tasks').column('class_id').execute()

    // The classes that exist as text today: the confirmed ones, and those tasks were given to.
    const known = await sql<{ org_id: string; grade: string; class_name: string }>`
      select distinct m.org_id as org_id, s.confirmed_grade as grade, s.confirmed_class as class_name
        from students s join memberships m on m.student_id = s.id
       where s.confirmed_grade is not null and s.confirmed_class is not null
      union
      select distinct t.org_id as org_id, t.grade as grade, t.class_name as class_name
        from tasks t where t.grade is not null`.execute(db)
    const now = Date.now()
    for (const c of known.rows) {
      await sql`insert into classes (id, org_id, grade, class_name, created_at) values (${crypto.randomUUID()}, ${c.org_id}, ${c.grade}, ${c.class_name}, ${now})`.execute(db)
    }
    await sql`update tasks set class_id = (select c.id from classes c where c.org_id = tasks.org_id and c.grade = tasks.grade and c.class_name = tasks.class_name) where grade is not null`.execute(db)
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('tasks_class_id').execute()
    await db.schema.alterTable('tasks').dropColumn('reminded_at').execute()
    await db.schema.alterTable('tasks').dropColumn('class_id').execute()
    for (const t of ['audit_log', 'task_reads', 'class_refusals', 'teacher_classes', 'classes']) await db.schema.dropTable(t).execute()
  },
}
