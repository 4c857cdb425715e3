/** Home's desk: my reading, works and open tasks of the current organisation, my report and invitations. */
import { describe, expect, it } from 'vitest'
import type { Desk } from '../../../src/contract/desk'
import { call, makeApp, passwordLogin, type TestApp } from '../support/helpers'
import { accountRereads, queryCounter } from '../support/queries'
import { DEMO } from '../../../server/db/seed'

async function fixture({ app, clock }: TestApp) {
  const db = app.db
  const student = await db.selectFrom('students').innerJoin('users', 'users.id', 'students.user_id').select(['students.id', 'students.class_name', 'users.id as userId']).where('users.phone', '=', '+8613800138000').executeTakeFirstOrThrow()
  const orgs = await db.selectFrom('orgs').select(['id', 'code']).execute()
  const demo = orgs.find((o) => o.code === 'DEMO')!.id
  const academy = orgs.find((o) => o.code === 'ACADEMY')!.id
  const now = clock.now()
  // Only this test's rows, whatever demo content exists.
  for (const t of ['reading_records', 'works', 'tasks'] as const) await db.deleteFrom(t).execute()
  const book = crypto.randomUUID()
  await db.insertInto('books').values({ id: book, title: 'The Little Prince', author: 'Saint-Exupéry', category: 'fiction', cover_media_id: null, total_pages: 128, created_at: now }).execute()
  const read = (id: string, at: number, deleted: number | null = null) =>
    db.insertInto('reading_records').values({ id, student_id: student.id, book_id: book, read_at: at, tz_offset_min: 480, minutes: 30, pages: 12, notes: null, shareable: 1, deleted_at: deleted, created_at: at, updated_at: at }).execute()
  for (let i = 0; i < 7; i++) await read(`r${i}`, now - i * 3_600_000)
  await read('r-deleted', now + 1, now)
  const work = (id: string, org: string | null, at: number) =>
    db.insertInto('works').values({ id, student_id: student.id, org_id: org, title: `Work ${id}`, body: 'text', cover_media_id: null, images: '[]', audio_media_id: null, shareable: 0, deleted_at: null, created_at: at, updated_at: at }).execute()
  await work('w-demo', demo, now - 2)
  await work('w-academy', academy, now - 1)
  await work('w-none', null, now - 3)
  const task = (id: string, org: string, className: string, due: number | null) =>
    db.insertInto('tasks').values({ id, org_id: org, publisher_user_id: null, publisher_name: 'Ms Wang', class_name: className, title: `Task ${id}`, brief: 'b', due_at: due, attachments: '[]', shareable: 1, deleted_at: null, created_at: now, updated_at: now }).execute()
  await task('t-open', demo, student.class_name, now + 86_400_000)
  await task('t-no-due', demo, student.class_name, null)
  await task('t-past', demo, student.class_name, now - 1)
  await task('t-other-class', demo, 'Class 9', now + 86_400_000)
  await task('t-academy', academy, student.class_name, now + 86_400_000)
  return { demo, academy }
}

describe('GET /home/desk', () => {
  it('needs a login', async () => {
    const { app } = await makeApp()
    expect((await call(app, 'GET', '/home/desk')).status).toBe(401)
  })

  it('is empty for a student with nothing yet, with the report missing and nobody invited', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    await app.db.deleteFrom('reading_records').execute()
    await app.db.deleteFrom('works').execute()
    await app.db.deleteFrom('tasks').execute()
    const r = await call<Desk>(app, 'GET', '/home/desk', { token })
    expect(r.body).toMatchObject({ code: 0, data: { reading: [], works: [], tasks: [], report: null, invited: 0 } })
  })

  it('lists the newest reading, the works and open tasks of the org in the Org-ID header, and my report', async () => {
    const t = await makeApp()
    const { app } = t
    const { demo, academy } = await fixture(t)
    const { token } = await passwordLogin(app)
    const atDemo = await call<Desk>(app, 'GET', '/home/desk', { token, headers: { 'org-id': demo } })
    expect(atDemo.body.data.reading.map((r) => r.id)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4'])
    expect(atDemo.body.data.reading[0]).toMatchObject({ bookTitle: 'The Little Prince', minutes: 30, pages: 12 })
    expect(atDemo.body.data.works.map((w) => w.id)).toEqual(['w-demo', 'w-none'])
    expect(atDemo.body.data.tasks.map((x) => x.id).sort()).toEqual(['t-no-due', 't-open'])
    const atAcademy = await call<Desk>(app, 'GET', '/home/desk', { token, headers: { 'org-id': academy } })
    expect(atAcademy.body.data.works.map((w) => w.id)).toEqual(['w-academy', 'w-none'])
    expect(atAcademy.body.data.tasks.map((x) => x.id)).toEqual(['t-academy'])
    const made = await call<{ id: string }>(app, 'POST', '/reports', { token, body: { year: 2023 } })
    const withReport = await call<Desk>(app, 'GET', '/home/desk', { token })
    expect(withReport.body.data.report).toEqual({ id: made.body.data.id, shareable: expect.any(Boolean) })
  })

  // On PostgreSQL each query is a round trip: the sign-in check's, then the desk's five reads together.
  it('costs at most 6 queries at a depth of 3 round trips, and reads nothing of the account again', async () => {
    const q = queryCounter()
    const t = await makeApp({ wrapDialect: q.wrapDialect })
    const { demo } = await fixture(t)
    const { token } = await passwordLogin(t.app)
    const me = await t.app.db.selectFrom('students').select(['id', 'user_id']).where('name', '=', 'Demo Student').executeTakeFirstOrThrow()
    for (const headers of [{}, { 'org-id': demo }] as Record<string, string>[]) {
      const m = await q.measure(() => call<Desk>(t.app, 'GET', '/home/desk', { token, headers }))
      expect(m.result.body.data.tasks.map((x) => x.id).sort()).toEqual(['t-no-due', 't-open'])
      expect(m.queries, m.sql.join('\n')).toBeLessThanOrEqual(6)
      expect(m.depth, m.sql.join('\n')).toBeLessThanOrEqual(3)
      expect(accountRereads(m, [me.id, me.user_id])).toEqual([])
    }
  })

  // docs/security.md "Class membership": a teacher of the organisation is not a student of its classes, so
  // an account that teaches in one organisation and studies in another sees only the tasks of the latter.
  it('shows a teacher who also studies only the tasks of the organisation where the account is a student', async () => {
    const { app, clock } = await makeApp()
    const db = app.db
    const both = await db.selectFrom('students').innerJoin('users', 'users.id', 'students.user_id').select(['students.confirmed_grade', 'students.confirmed_class']).where('users.phone', '=', DEMO.both.phone).executeTakeFirstOrThrow()
    const orgs = await db.selectFrom('orgs').select(['id', 'code']).execute()
    const demo = orgs.find((o) => o.code === 'DEMO')!.id
    const academy = orgs.find((o) => o.code === 'ACADEMY')!.id
    await db.deleteFrom('tasks').execute()
    const now = clock.now()
    const task = (id: string, org: string) =>
      db.insertInto('tasks').values({ id, org_id: org, publisher_user_id: null, publisher_name: 'Ms Wang', grade: both.confirmed_grade, class_name: both.confirmed_class!, title: `Task ${id}`, brief: 'b', due_at: null, attachments: '[]', shareable: 1, deleted_at: null, created_at: now, updated_at: now }).execute()
    // The same class name in both organisations: the one where the account teaches, and the one where it studies.
    await task('t-where-i-teach', demo)
    await task('t-where-i-study', academy)
    const { token } = await passwordLogin(app, {}, DEMO.both.phone.replace('+86', ''))
    const tasksAt = async (headers: Record<string, string>) => (await call<Desk>(app, 'GET', '/home/desk', { token, headers })).body.data.tasks.map((t) => t.id)
    // No Org-ID: the primary membership, Demo School, where the account teaches.
    expect(await tasksAt({})).toEqual([])
    expect(await tasksAt({ 'org-id': demo })).toEqual([])
    expect(await tasksAt({ 'org-id': academy })).toEqual(['t-where-i-study'])
  })

  it('refuses an Org-ID outside my organisations', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const r = await call(app, 'GET', '/home/desk', { token, headers: { 'org-id': 'not-mine' } })
    expect(r.body.code).toBe(200006)
  })
})
