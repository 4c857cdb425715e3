/**
 * Migration 0015_teacher on a database with data (SQLite here; PostgreSQL through
 * scripts/test-server-pg.mjs): the classes that existed as text become rows and tasks point at theirs.
 * And the teacher's demo data fills an existing database once: a second run changes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql, Migrator } from 'kysely'
import { describe, expect, it } from 'vitest'
import { openDb } from '../../../server/db/connect'
import { migrationProvider } from '../../../server/db/migrations'
import { DEMO_CLASS_STUDENTS, seedTeacherDemo } from '../../../server/db/seed'
import { AUDIT_KEEP_MS, sweepAudit } from '../../../server/services/teacher'
import { makeApp, pgSchema } from '../support/helpers'

describe('0015_teacher', () => {
  it('makes a class row of every confirmed class and every task class, and links the tasks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'habor-mig-'))
    const schema = await pgSchema()
    const { db, kind } = openDb({ dataDir: dir, databaseUrl: schema?.url })
    try {
      const migrationTableSchema = kind === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined
      const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema })
      expect((await migrator.migrateTo('0014_guardian')).error).toBeUndefined()
      const now = Date.now()
      await sql`insert into orgs (id, code, name, created_at) values ('o1', 'S1', 'School', ${now})`.execute(db)
      for (const [i, cls] of [['七年级', '2班'], ['七年级', '2班'], ['八年级', '1班']].entries()) {
        await sql`insert into users (id, phone, password_hash, status, created_at, updated_at) values (${`u${i}`}, ${`+861380000000${i}`}, null, 'active', ${now}, ${now})`.execute(db)
        await sql`insert into students (id, user_id, name, grade, class_name, confirmed_grade, confirmed_class, created_at, updated_at) values (${`s${i}`}, ${`u${i}`}, 'x', ${cls[0]}, ${cls[1]}, ${cls[0]}, ${cls[1]}, ${now}, ${now})`.execute(db)
        await sql`insert into memberships (student_id, org_id, roles, perms, is_primary, created_at) values (${`s${i}`}, 'o1', '[]', '[]', 1, ${now})`.execute(db)
      }
      await sql`insert into tasks (id, org_id, publisher_user_id, publisher_name, grade, class_name, title, brief, attachments, shareable, created_at, updated_at) values ('t1', 'o1', null, 'p', '九年级', '3班', 't', 'b', '[]', 1, ${now}, ${now})`.execute(db)
      await sql`insert into tasks (id, org_id, publisher_user_id, publisher_name, grade, class_name, title, brief, attachments, shareable, created_at, updated_at) values ('t2', 'o1', null, 'p', null, '七年级 2班', 't', 'b', '[]', 1, ${now}, ${now})`.execute(db)
      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      const classes = (await db.selectFrom('classes').select(['org_id', 'grade', 'class_name']).execute()).map((c) => `${c.org_id} ${c.grade} ${c.class_name}`)
      expect(classes.sort()).toEqual(['o1 七年级 2班', 'o1 九年级 3班', 'o1 八年级 1班'].sort())
      const tasks = await db.selectFrom('tasks').leftJoin('classes', 'classes.id', 'tasks.class_id').select(['tasks.id', 'classes.grade', 'classes.class_name', 'tasks.reminded_at']).orderBy('tasks.id').execute()
      expect(tasks).toEqual([
        { id: 't1', grade: '九年级', class_name: '3班', reminded_at: null },
        { id: 't2', grade: null, class_name: null, reminded_at: null },
      ])
    } finally {
      await db.destroy()
      await schema?.drop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("the teacher's demo data", () => {
  it('fills an existing database that lacks it, once', async () => {
    const t = await makeApp()
    const { db } = t.app
    const count = async () => ({
      taught: (await db.selectFrom('teacher_classes').select('class_id').execute()).length,
      users: (await db.selectFrom('users').select('id').execute()).length,
      reads: (await db.selectFrom('task_reads').select('task_id').execute()).length,
      done: (await db.selectFrom('task_completions').select('task_id').execute()).length,
    })
    const seeded = await count()
    expect(seeded.taught).toBe(2)
    // A database from before: the class's students and who teaches what are not there yet.
    await db.deleteFrom('teacher_classes').execute()
    await db.deleteFrom('users').where('phone', 'in', [...DEMO_CLASS_STUDENTS.map((s) => s.phone), '+8613700137000']).execute()
    expect((await count()).taught).toBe(0)
    await seedTeacherDemo(db, t.clock.now())
    expect(await count()).toEqual(seeded)
    await seedTeacherDemo(db, t.clock.now())
    expect(await count()).toEqual(seeded)
  })
})

describe('the audit log', () => {
  it('keeps a row for a year, to the millisecond, and sweeps it after', async () => {
    const t = await makeApp()
    const { db } = t.app
    const at = t.clock.now()
    await db.insertInto('audit_log').values({ id: 'a1', actor_user_id: null, action: 'task-remind', subject: 'x', org_id: null, details: '{}', at }).execute()
    expect(await sweepAudit(db, at + AUDIT_KEEP_MS)).toBe(0)
    expect(await sweepAudit(db, at + AUDIT_KEEP_MS + 1)).toBe(1)
    expect(await db.selectFrom('audit_log').select('id').execute()).toEqual([])
  })
})
