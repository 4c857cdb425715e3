/** Class tasks: a teacher assigns, the class's students see the task on Home, open it and mark it done. */
import { describe, expect, it } from 'vitest'
import type { Desk } from '../../../src/contract/desk'
import type { TaskAssigned, TaskDetail, TaskDone } from '../../../src/contract/tasks'
import { smsLogin } from '../support/broker'
import { call, makeApp, passwordLogin, type TestApp } from '../support/helpers'
import { DEMO } from '../../../server/db/seed'

const TEACHER_PHONE = '13600136000'
const DAY = 86_400_000

async function setup(t: TestApp) {
  const { app } = t
  const teacher = await passwordLogin(app, { deviceCode: 'teacher' }, TEACHER_PHONE)
  const student = await passwordLogin(app, { deviceCode: 'student' })
  const demo = (await app.db.selectFrom('orgs').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id
  const book = (await app.db.selectFrom('books').select('id').where('title', '=', '草房子').executeTakeFirstOrThrow()).id
  const assign = (body: Record<string, unknown>, token = teacher.token, key?: string) =>
    call<TaskAssigned>(app, 'POST', '/tasks', {
      token,
      headers: key ? { 'idempotency-key': key } : {},
      body: { orgCode: 'DEMO', grade: '七年级', className: '2班', title: '读《草房子》第一章', brief: '读完第一章，写下桑桑做的一件事。', dueAt: t.clock.now() + 2 * DAY, bookId: book, publisherName: '李老师', ...body },
    })
  const desk = async (token = student.token) => (await call<Desk>(app, 'GET', '/home/desk', { token, headers: { 'org-id': demo } })).body.data.tasks.map((x) => x.id)
  const count = async () => Number((await app.db.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  return { teacher, student, demo, book, assign, desk, count }
}

describe('class tasks', () => {
  it('the seeded class has open tasks due after the seed, and the teacher account assigns one that reaches the class', async () => {
    const t = await makeApp()
    const { app, clock } = t
    const s = await setup(t)
    expect(await s.desk()).toEqual(['demo-task-week', 'demo-task-month'])

    const r = await s.assign({}, s.teacher.token, 'assign-key-0001')
    expect(r.body.code).toBe(0)
    const id = r.body.data.id
    // The outbox sending it again gets the first answer, not a second task.
    expect((await s.assign({}, s.teacher.token, 'assign-key-0001')).body.data.id).toBe(id)
    // Due in two days: before the seeded week task.
    expect(await s.desk()).toEqual([id, 'demo-task-week', 'demo-task-month'])

    const detail = await call<TaskDetail>(app, 'GET', `/tasks/${id}`, { token: s.student.token })
    expect(detail.body.data).toEqual({
      id,
      title: '读《草房子》第一章',
      brief: '读完第一章，写下桑桑做的一件事。',
      publisherName: '李老师',
      grade: '七年级',
      className: '2班',
      dueAt: clock.now() + 2 * DAY,
      book: { id: s.book, title: '草房子', author: '曹文轩' },
      doneAt: null,
    })

    clock.advance(60_000)
    const done = await call<TaskDone>(app, 'POST', `/tasks/${id}/done`, { token: s.student.token })
    expect(done.body).toMatchObject({ code: 0, data: { doneAt: clock.now() } })
    expect(await s.desk()).toEqual(['demo-task-week', 'demo-task-month'])
    expect((await call<TaskDetail>(app, 'GET', `/tasks/${id}`, { token: s.student.token })).body.data.doneAt).toBe(clock.now())
  })

  it('only a teacher of the organisation may assign, and a refused or malformed task changes nothing', async () => {
    const t = await makeApp()
    const s = await setup(t)
    const before = await s.count()
    const asStudent = await s.assign({}, s.student.token)
    expect(asStudent.status).toBe(403)
    expect(asStudent.body.code).toBe(200008)
    expect((await s.assign({ orgCode: 'ACADEMY' })).body.code).toBe(200008)
    for (const bad of [{ dueAt: t.clock.now() - 1 }, { bookId: 'no-such-book' }, { title: 'a\u202Eb' }, { title: '   ' }, { grade: '' }]) {
      const r = await s.assign(bad)
      expect(r.body.code, JSON.stringify(bad)).toBe(100002)
    }
    expect((await s.assign({}, '')).status).toBe(401)
    expect(await s.count()).toBe(before)
  })

  it('to a student of another class the task does not exist', async () => {
    const t = await makeApp()
    const s = await setup(t)
    const { id } = (await s.assign({})).body.data
    const other = await smsLogin(t.app)
    expect((await call(t.app, 'GET', `/tasks/${id}`, { token: other.token })).body.code).toBe(400002)
    expect((await call(t.app, 'POST', `/tasks/${id}/done`, { token: other.token })).body.code).toBe(400002)
    expect((await call(t.app, 'GET', '/tasks/no-such-task', { token: s.student.token })).body.code).toBe(400002)
    const rows = await t.app.db.selectFrom('task_completions').selectAll().where('task_id', '=', id).execute()
    expect(rows).toEqual([])
  })

  // docs/security.md "Class membership": a teacher of the organisation is not a student of its classes. The
  // demo account that teaches at Demo School and studies at Demo Academy has Demo School's class name.
  it('to an account that teaches in the organisation, a task of its own class name there does not exist', async () => {
    const t = await makeApp()
    const s = await setup(t)
    const { id } = (await s.assign({})).body.data
    const both = await t.app.db.selectFrom('students').innerJoin('users', 'users.id', 'students.user_id').select(['students.confirmed_grade', 'students.confirmed_class']).where('users.phone', '=', DEMO.both.phone).executeTakeFirstOrThrow()
    const task = await t.app.db.selectFrom('tasks').select(['grade', 'class_name']).where('id', '=', id).executeTakeFirstOrThrow()
    expect({ grade: task.grade, className: task.class_name }).toEqual({ grade: both.confirmed_grade, className: both.confirmed_class })
    const { token } = await passwordLogin(t.app, {}, DEMO.both.phone.replace('+86', ''))
    expect((await call(t.app, 'GET', `/tasks/${id}`, { token })).body.code).toBe(400002)
    expect((await call(t.app, 'POST', `/tasks/${id}/done`, { token })).body.code).toBe(400002)
    expect(await t.app.db.selectFrom('task_completions').selectAll().where('task_id', '=', id).execute()).toEqual([])
  })

  it('ten "done" at once (two taps, two devices, a retry) leave one row and all answer the same time', async () => {
    const t = await makeApp()
    const s = await setup(t)
    const { id } = (await s.assign({})).body.data
    const answers = await Promise.all(Array.from({ length: 10 }, () => call<TaskDone>(t.app, 'POST', `/tasks/${id}/done`, { token: s.student.token })))
    expect(new Set(answers.map((a) => a.body.data.doneAt)).size).toBe(1)
    expect(answers.every((a) => a.body.code === 0)).toBe(true)
    const rows = await t.app.db.selectFrom('task_completions').selectAll().where('task_id', '=', id).execute()
    expect(rows).toHaveLength(1)
  })

  it('the outbox\'s replays of one "done" with its Idempotency-Key, ten at once, answer the first time and keep one row', async () => {
    const t = await makeApp()
    const s = await setup(t)
    const { id } = (await s.assign({})).body.data
    const send = () => call<TaskDone>(t.app, 'POST', `/tasks/${id}/done`, { token: s.student.token, headers: { 'idempotency-key': 'done-key-0001' } })
    const answers = await Promise.all(Array.from({ length: 10 }, send))
    expect(answers.map((a) => [a.status, a.body.code])).toEqual(answers.map(() => [200, 0]))
    expect(new Set(answers.map((a) => a.body.data.doneAt)).size).toBe(1)
    t.clock.advance(60_000)
    expect((await send()).body.data.doneAt).toBe(answers[0]!.body.data.doneAt)
    expect(await t.app.db.selectFrom('task_completions').selectAll().where('task_id', '=', id).execute()).toHaveLength(1)
  })
})
