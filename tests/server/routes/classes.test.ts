/**
 * Class membership (docs/security.md, "Class membership"): a profile declares a class, a teacher of the
 * organisation confirms it, and only the confirmed class's tasks reach the student. Registering again adds
 * no organisation, and a teacher's assignments are limited per hour. On SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest'
import type { ClassRequest } from '../../../src/contract/classes'
import type { Desk } from '../../../src/contract/desk'
import { TASKS_PER_TEACHER_HOUR } from '../../../server/services/classes'
import { call, DEVICE, makeApp, passwordLogin, smsCode, type Pair, type TestApp } from '../support/helpers'

const TEACHER_PHONE = '13600136000'

async function setup(t: TestApp) {
  const { app } = t
  const teacher = await passwordLogin(app, { deviceCode: 'teacher' }, TEACHER_PHONE)
  const demo = (await app.db.selectFrom('orgs').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id
  const assign = (className: string, title = `给${className}的任务`) =>
    call<{ id: string }>(app, 'POST', '/tasks', { token: teacher.token, body: { orgCode: 'DEMO', grade: '七年级', className, title, brief: '读一章。', publisherName: '李老师' } })
  const desk = async (token: string) => (await call<Desk>(app, 'GET', '/home/desk', { token, headers: { 'org-id': demo } })).body.data.tasks.map((x) => x.id)
  const requests = async (token = teacher.token) => call<ClassRequest[]>(app, 'GET', '/classes/requests?orgCode=DEMO', { token })
  const confirm = (studentId: string, className: string, token = teacher.token) => call(app, 'POST', '/classes/confirm', { token, body: { orgCode: 'DEMO', studentId, grade: '七年级', className } })
  const confirmed = async (token: string) => (await call<{ classConfirmed: boolean }>(app, 'GET', '/auth/student', { token })).body.data.classConfirmed
  return { teacher, demo, assign, desk, requests, confirm, confirmed }
}

async function newStudent(app: TestApp['app'], phone: string, className: string, orgCode = 'DEMO'): Promise<string> {
  const code = await smsCode(app, phone)
  const sms = await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${phone}`, code, isAdmin: false, ...DEVICE } })
  const done = await call<Pair>(app, 'PUT', '/auth/student/improve', { token: sms.body.data.token, body: { name: '新同学', grade: '七年级', className, orgCode } })
  expect(done.body.code).toBe(0)
  return done.body.data.token
}

describe('class membership', () => {
  it("a new student's declared class reaches its tasks only once a teacher of the organisation confirms it", async () => {
    const t = await makeApp()
    const s = await setup(t)
    const task = (await s.assign('2班')).body.data.id
    const token = await newStudent(t.app, '13700137031', '2班')
    expect(await s.desk(token)).toEqual([])
    // The student's own profile says the class waits for the teacher (the app tells the student so).
    expect(await s.confirmed(token)).toBe(false)
    expect((await call(t.app, 'GET', `/tasks/${task}`, { token })).body.code).toBe(400002)
    expect((await call(t.app, 'POST', `/tasks/${task}/done`, { token })).body.code).toBe(400002)

    const listed = await s.requests()
    expect(listed.body.code).toBe(0)
    const mine = listed.body.data.find((r) => r.name === '新同学')!
    expect(mine).toMatchObject({ grade: '七年级', className: '2班', confirmedGrade: null, confirmedClassName: null })
    // Another student cannot confirm, nor can the teacher confirm a class the student did not ask for.
    const other = await passwordLogin(t.app)
    expect((await s.confirm(mine.studentId, '2班', other.token)).status).toBe(403)
    expect((await s.requests(other.token)).status).toBe(403)
    expect((await s.confirm(mine.studentId, '3班')).body.code).toBe(100001)
    expect(await s.desk(token)).toEqual([])

    expect(await s.confirmed(token)).toBe(false)
    expect((await s.confirm(mine.studentId, '2班')).body).toMatchObject({ code: 0, data: { grade: '七年级', className: '2班' } })
    expect(await s.confirmed(token)).toBe(true)
    expect(await s.desk(token)).toContain(task)
    expect((await call(t.app, 'GET', `/tasks/${task}`, { token })).body.code).toBe(0)
    expect((await s.requests()).body.data.map((r) => r.studentId)).not.toContain(mine.studentId)
  })

  it("a student who declares another class keeps the confirmed class's tasks and reads the other's only once confirmed", async () => {
    const t = await makeApp()
    const s = await setup(t)
    const student = await passwordLogin(t.app)
    const mine = (await s.assign('2班')).body.data.id
    const theirs = (await s.assign('3班')).body.data.id
    expect(await s.desk(student.token)).toContain(mine)
    expect(await s.confirmed(student.token)).toBe(true)
    const moved = await call(t.app, 'PUT', '/auth/student/profile', { token: student.token, body: { name: 'Demo Student', grade: '七年级', className: '3班' } })
    expect(moved.body.code).toBe(0)
    expect(await s.confirmed(student.token)).toBe(false)
    expect(await s.desk(student.token)).not.toContain(theirs)
    expect((await call(t.app, 'GET', `/tasks/${theirs}`, { token: student.token })).body.code).toBe(400002)
    expect((await call(t.app, 'POST', `/tasks/${theirs}/done`, { token: student.token })).body.code).toBe(400002)

    const asked = (await s.requests()).body.data.find((r) => r.className === '3班')!
    expect(asked).toMatchObject({ name: 'Demo Student', confirmedClassName: '2班' })
    expect((await s.confirm(asked.studentId, '3班')).body.code).toBe(0)
    expect(await s.confirmed(student.token)).toBe(true)
    const now = await s.desk(student.token)
    expect(now).toContain(theirs)
    expect(now).not.toContain(mine)
  })

  it('registering again adds no organisation to a finished account', async () => {
    const t = await makeApp()
    const token = await newStudent(t.app, '13700137032', '2班')
    const again = await call(t.app, 'PUT', '/auth/student/improve', { token, body: { name: '新同学', grade: '七年级', className: '2班', orgCode: 'ACADEMY' } })
    expect(again.body.code).toBe(200006)
    const orgs = await t.app.db
      .selectFrom('memberships')
      .innerJoin('students', 'students.id', 'memberships.student_id')
      .innerJoin('users', 'users.id', 'students.user_id')
      .innerJoin('orgs', 'orgs.id', 'memberships.org_id')
      .select('orgs.code')
      .where('users.phone', '=', '+8613700137032')
      .execute()
    expect(orgs.map((o) => o.code)).toEqual(['DEMO'])
    // The same organisation again (a retried registration step) still answers.
    expect((await call(t.app, 'PUT', '/auth/student/improve', { token, body: { name: '新同学', grade: '七年级', className: '2班', orgCode: 'DEMO' } })).body.code).toBe(0)
  })
})

describe("a teacher's task assignments", () => {
  it(`50 at once are held to ${TASKS_PER_TEACHER_HOUR} an hour; an hour later the teacher assigns again`, async () => {
    const t = await makeApp()
    // The seed's tasks (published in the teacher's name) are an hour old by now.
    t.clock.advance(3_600_000)
    const s = await setup(t)
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => s.assign('2班', `任务${i}`)))
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(TASKS_PER_TEACHER_HOUR)
    const refused = answers.filter((a) => a.status === 429)
    expect(refused).toHaveLength(50 - TASKS_PER_TEACHER_HOUR)
    expect(refused[0]!.body.data).toMatchObject({ retryAfter: 3600 })
    expect(await t.app.db.selectFrom('tasks').select('id').where('title', 'like', '任务%').execute()).toHaveLength(TASKS_PER_TEACHER_HOUR)
    t.clock.advance(3_599_999)
    const teacher = await passwordLogin(t.app, { deviceCode: 'teacher' }, TEACHER_PHONE)
    const again = () => call(t.app, 'POST', '/tasks', { token: teacher.token, body: { orgCode: 'DEMO', grade: '七年级', className: '2班', title: '再来一个', brief: '读一章。', publisherName: '李老师' } })
    expect((await again()).status).toBe(429)
    t.clock.advance(1)
    expect((await again()).body.code).toBe(0)
  })
})
