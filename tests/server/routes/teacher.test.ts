/**
 * The teacher's side (docs/contract.md "The teacher's calls"), on a real database (SQLite here; PostgreSQL
 * through scripts/test-server-pg.mjs): who may call what (200008), what a teacher of another class or
 * organisation sees (nothing), class requests and their answers with notices and audit rows, roster and
 * removal, task progress, reminders (one an hour, also when two race), the CSV's bytes and the student's read.
 */
import { describe, expect, it } from 'vitest'
import type { ClassRequest } from '../../../src/contract/classes'
import type { Desk } from '../../../src/contract/desk'
import type { GuardianStatus } from '../../../src/contract/guardian'
import type { InboxPage } from '../../../src/contract/inbox'
import type { RosterStudent, TaskProgress, TaskReminded, TeacherClass, TeacherTask } from '../../../src/contract/teacher'
import { TEACHER } from '../../../src/contract/teacher'
import { DEMO_PROGRESS_TASK } from '../../../server/db/seed'
import { isTeacherLive, type TeacherLive } from '../../../src/contract/teacher'
import { listeningApp, mqttConnect, SETTLE_MS, subscribe, until, userIdOf, withToken } from '../support/broker'
import { call, deleteAccount, DEVICE, makeApp, PASSWORD, passwordLogin, smsCode, STUDENT_PHONE, TEACHER_PHONE, type Pair, type TestApp } from '../support/helpers'

const BOTH_PHONE = '13700137000'
const local = (phone: string) => phone.replace('+86', '')

async function setup(t: TestApp) {
  const { app } = t
  const teacher = await passwordLogin(app, { deviceCode: 'teacher' }, TEACHER_PHONE)
  const other = await passwordLogin(app, { deviceCode: 'other-teacher' }, BOTH_PHONE)
  const classes = (await call<TeacherClass[]>(app, 'GET', '/teacher/classes?orgCode=DEMO', { token: teacher.token })).body.data
  const cls = classes.find((c) => c.grade === '七年级' && c.className === '2班')!
  const demo = (await app.db.selectFrom('orgs').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id
  const login = (phone: string, deviceCode = `d-${phone}`) => passwordLogin(app, { deviceCode }, phone)
  const inbox = async (token: string) => (await call<InboxPage>(app, 'GET', '/inbox', { token })).body.data.entries
  const audit = () => app.db.selectFrom('audit_log').selectAll().orderBy('at').execute()
  return { teacher, other, cls, demo, login, inbox, audit }
}

async function newStudent(app: TestApp['app'], phone: string, grade: string, className: string, orgCode = 'DEMO'): Promise<{ token: string; studentId: string }> {
  const code = await smsCode(app, phone)
  const sms = await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${phone}`, code, isAdmin: false, ...DEVICE, deviceCode: `d-${phone}` } })
  const done = await call<Pair>(app, 'PUT', '/auth/student/improve', { token: sms.body.data.token, body: { name: `新同学${phone.slice(-2)}`, grade, className, orgCode, birth: { year: 2012, month: 1 } } })
  expect(done.body.code).toBe(0)
  const row = await app.db.selectFrom('students').innerJoin('users', 'users.id', 'students.user_id').select('students.id').where('users.phone', '=', `+86${phone}`).executeTakeFirstOrThrow()
  return { token: done.body.data.token, studentId: row.id }
}

/** A request of every TEACHER entry, valid for its schemas: a new entry without one here does not compile. */
const SAMPLES = (classId: string, taskId: string, studentId: string): Record<keyof typeof TEACHER, { url: string; body?: unknown }> => ({
  teacherClasses: { url: '/teacher/classes?orgCode=DEMO' },
  classRequests: { url: '/classes/requests?orgCode=DEMO' },
  classConfirm: { url: '/classes/confirm', body: { orgCode: 'DEMO', studentId, grade: '七年级', className: '2班' } },
  classConfirmAll: { url: '/classes/confirm-all', body: { orgCode: 'DEMO', classId } },
  classRefuse: { url: '/classes/refuse', body: { orgCode: 'DEMO', studentId, grade: '七年级', className: '2班' } },
  classRoster: { url: `/teacher/classes/${classId}/roster` },
  classRemove: { url: `/teacher/classes/${classId}/remove`, body: { studentId } },
  assignTask: { url: '/tasks', body: { orgCode: 'DEMO', grade: '七年级', className: '2班', title: '读一章', brief: '读一章。', publisherName: '李老师' } },
  teacherTasks: { url: '/teacher/tasks?orgCode=DEMO' },
  taskProgress: { url: `/teacher/tasks/${taskId}` },
  taskRemind: { url: `/teacher/tasks/${taskId}/remind` },
  taskProgressCsv: { url: `/teacher/tasks/${taskId}/progress.csv` },
})

describe('who may call the teacher calls', () => {
  it("a student's token gets 403 and 200008 on every teacher call, and changes nothing", async () => {
    const t = await makeApp()
    const s = await setup(t)
    const student = await passwordLogin(t.app)
    const waiting = (await call<ClassRequest[]>(t.app, 'GET', '/classes/requests?orgCode=DEMO', { token: s.teacher.token })).body.data[0]!
    const samples = SAMPLES(s.cls.classId, DEMO_PROGRESS_TASK, waiting.studentId)
    expect(Object.keys(samples).sort()).toEqual(Object.keys(TEACHER).sort())
    const before = { audit: (await s.audit()).length, tasks: (await t.app.db.selectFrom('tasks').select('id').execute()).length }
    const answers = await Promise.all(
      Object.entries(TEACHER).map(async ([name, r]) => {
        const x = samples[name as keyof typeof TEACHER]
        return { name, res: await call(t.app, r.method, x.url, { token: student.token, body: x.body }) }
      }),
    )
    for (const { name, res } of answers) {
      expect(res.status, name).toBe(403)
      expect(res.body.code, name).toBe(200008)
    }
    expect((await s.audit()).length).toBe(before.audit)
    expect((await t.app.db.selectFrom('tasks').select('id').execute()).length).toBe(before.tasks)
    // The same calls answer the class's teacher (the samples are real requests).
    expect((await call(t.app, 'GET', samples.classRoster.url, { token: s.teacher.token })).body.code).toBe(0)
  })

  it('a teacher of another class of the organisation, or of another organisation, sees nothing of this class', async () => {
    const t = await makeApp()
    const s = await setup(t)
    // A teacher of Demo Academy: a student there made a teacher by the operator.
    const academy = await newStudent(t.app, '13700137610', '教师', '数学组', 'ACADEMY')
    await t.app.db.updateTable('memberships').set({ roles: JSON.stringify(['teacher']) }).where('student_id', '=', academy.studentId).execute()
    const academyToken = academy.token
    const waiting = (await call<ClassRequest[]>(t.app, 'GET', '/classes/requests?orgCode=DEMO', { token: s.teacher.token })).body.data.find((r) => r.className === '2班')!
    const samples = SAMPLES(s.cls.classId, DEMO_PROGRESS_TASK, waiting.studentId)

    // 周老师 teaches 八年级 1班 of the same school: 七年级 2班's requests are not among theirs.
    const theirs = await call<ClassRequest[]>(t.app, 'GET', '/classes/requests?orgCode=DEMO', { token: s.other.token })
    expect(theirs.body.code).toBe(0)
    expect(theirs.body.data.filter((r) => r.grade === '七年级' && r.className === '2班')).toEqual([])
    expect((await call<TeacherTask[]>(t.app, 'GET', '/teacher/tasks?orgCode=DEMO', { token: s.other.token })).body.data.map((x) => x.id)).not.toContain(DEMO_PROGRESS_TASK)
    for (const name of ['classConfirm', 'classRefuse', 'classConfirmAll', 'classRoster', 'classRemove', 'taskProgress', 'taskRemind', 'taskProgressCsv', 'assignTask'] as const) {
      const x = samples[name]
      const res = await call(t.app, TEACHER[name].method, x.url, { token: s.other.token, body: x.body })
      expect([res.status, res.body.code], `other class: ${name}`).toEqual([403, 200008])
    }
    // Demo Academy's teacher: every DEMO call, and this class's ids.
    for (const [name, x] of Object.entries(samples)) {
      const res = await call(t.app, TEACHER[name as keyof typeof TEACHER].method, x.url, { token: academyToken, body: x.body })
      expect([res.status, res.body.code], `other organisation: ${name}`).toEqual([403, 200008])
    }
    // An id that does not exist answers the same: nothing tells a class that exists from one that does not.
    const unknown = await call(t.app, 'GET', '/teacher/tasks/no-such-task', { token: s.teacher.token })
    expect([unknown.status, unknown.body.code]).toEqual([403, 200008])
  })
})

describe('class requests', () => {
  it('show name, class, age band and limited (never a phone number), and a class nobody teaches reaches every teacher of the organisation', async () => {
    const t = await makeApp()
    const s = await setup(t)
    const r = await call<ClassRequest[]>(t.app, 'GET', '/classes/requests?orgCode=DEMO', { token: s.teacher.token })
    const byName = new Map(r.body.data.map((x) => [x.name, x]))
    expect(byName.get('张小明')).toMatchObject({ grade: '七年级', className: '2班', ageBand: 'under-14', limited: true, classId: s.cls.classId })
    expect(byName.get('刘芳')).toMatchObject({ ageBand: '14-17', limited: false })
    expect(JSON.stringify(r.body.data)).not.toMatch(/1370013760|\+86|phone|guardian|birth/)
    // A new student of 七年级 9班, which no teacher of Demo School teaches: both teachers see the request.
    const nine = await newStudent(t.app, '13700137611', '七年级', '9班')
    for (const token of [s.teacher.token, s.other.token]) {
      const list = (await call<ClassRequest[]>(t.app, 'GET', '/classes/requests?orgCode=DEMO', { token })).body.data
      expect(list.find((x) => x.studentId === nine.studentId)).toMatchObject({ className: '9班', classId: null })
    }
    // And either may answer it.
    expect((await call(t.app, 'POST', '/classes/confirm', { token: s.other.token, body: { orgCode: 'DEMO', studentId: nine.studentId, grade: '七年级', className: '9班' } })).body.code).toBe(0)
  })

  it('a confirmation and a refusal each reach the student as a notice and leave an audit row; a refusal stands until the class changes', async () => {
    const t = await makeApp()
    const s = await setup(t)
    const a = await newStudent(t.app, '13700137612', '七年级', '2班')
    const b = await newStudent(t.app, '13700137613', '七年级', '2班')
    const confirm = await call(t.app, 'POST', '/classes/confirm', { token: s.teacher.token, body: { orgCode: 'DEMO', studentId: a.studentId, grade: '七年级', className: '2班' } })
    expect(confirm.body).toMatchObject({ code: 0, data: { grade: '七年级', className: '2班' } })
    const refuse = await call(t.app, 'POST', '/classes/refuse', { token: s.teacher.token, body: { orgCode: 'DEMO', studentId: b.studentId, grade: '七年级', className: '2班' } })
    expect(refuse.body).toMatchObject({ code: 0, data: { refused: true } })

    const [ca] = await s.inbox(a.token)
    expect(ca).toMatchObject({ kind: 'class-confirmed', url: '/home' })
    expect(ca!.texts['zh-Hans'].title).toBe('班级已确认')
    const [rb] = await s.inbox(b.token)
    expect(rb).toMatchObject({ kind: 'class-refused', url: '/home' })
    // What to do next, in both languages.
    expect(rb!.texts['zh-Hans'].body).toContain('编辑资料')
    expect(rb!.texts['zh-Hans'].body).toContain('老师')
    expect(rb!.texts.en.body).toMatch(/Edit profile.*ask your teacher/)

    const rows = await s.audit()
    const teacherId = (await t.app.db.selectFrom('users').select('id').where('phone', '=', `+86${TEACHER_PHONE}`).executeTakeFirstOrThrow()).id
    expect(rows.map((x) => [x.action, x.subject, x.actor_user_id, x.org_id])).toEqual([
      ['class-confirm', a.studentId, teacherId, s.demo],
      ['class-refuse', b.studentId, teacherId, s.demo],
    ])
    expect(JSON.parse(rows[0]!.details)).toEqual({ grade: '七年级', className: '2班' })

    // The refused request is gone from the list, and comes back when the student declares another class.
    const ids = async () => (await call<ClassRequest[]>(t.app, 'GET', '/classes/requests?orgCode=DEMO', { token: s.teacher.token })).body.data.map((x) => x.studentId)
    expect(await ids()).not.toContain(b.studentId)
    await call(t.app, 'PUT', '/auth/student/profile', { token: b.token, body: { name: '新同学13', grade: '七年级', className: '9班' } })
    expect(await ids()).toContain(b.studentId)
  })

  it('confirm all confirms every waiting student of the class, each with a notice and an audit row', async () => {
    const t = await makeApp()
    const s = await setup(t)
    expect(s.cls.pending).toBe(2)
    const r = await call<{ confirmed: number }>(t.app, 'POST', '/classes/confirm-all', { token: s.teacher.token, body: { orgCode: 'DEMO', classId: s.cls.classId } })
    expect(r.body).toMatchObject({ code: 0, data: { confirmed: 2 } })
    expect((await s.audit()).filter((x) => x.action === 'class-confirm')).toHaveLength(2)
    const zhang = await s.login('13700137601')
    expect((await s.inbox(zhang.token))[0]).toMatchObject({ kind: 'class-confirmed' })
    const classes = (await call<TeacherClass[]>(t.app, 'GET', '/teacher/classes?orgCode=DEMO', { token: s.teacher.token })).body.data
    expect(classes.find((c) => c.classId === s.cls.classId)).toMatchObject({ pending: 0, students: s.cls.students + 2 })
  })
})

describe('the roster', () => {
  it("lists the class's students as a teacher may see them; a removal clears the confirmed class, takes the class's tasks off Home, notifies and audits", async () => {
    const t = await makeApp()
    const s = await setup(t)
    const roster = await call<RosterStudent[]>(t.app, 'GET', `/teacher/classes/${s.cls.classId}/roster`, { token: s.teacher.token })
    expect(roster.body.code).toBe(0)
    const names = roster.body.data.map((x) => x.name)
    expect(names).toEqual(expect.arrayContaining(['Demo Student', '陈浩', '王丽', '赵强']))
    expect(names).not.toContain('张小明')
    // 周老师 studies at Demo Academy in 七年级 2班, but teaches at Demo School: not a student of this class.
    expect(names).not.toContain('周老师')
    expect(Object.keys(roster.body.data[0]!).sort()).toEqual(['ageBand', 'className', 'grade', 'limited', 'name', 'studentId'])

    const student = await passwordLogin(t.app)
    const demoStudent = roster.body.data.find((x) => x.name === 'Demo Student')!
    const desk = async () => (await call<Desk>(t.app, 'GET', '/home/desk', { token: student.token, headers: { 'org-id': s.demo } })).body.data.tasks.map((x) => x.id)
    expect(await desk()).toContain(DEMO_PROGRESS_TASK)
    const removed = await call(t.app, 'POST', `/teacher/classes/${s.cls.classId}/remove`, { token: s.teacher.token, body: { studentId: demoStudent.studentId } })
    expect(removed.body).toMatchObject({ code: 0, data: null })
    expect(await desk()).toEqual([])
    expect((await call<{ classConfirmed: boolean }>(t.app, 'GET', '/auth/student', { token: student.token })).body.data.classConfirmed).toBe(false)
    expect((await s.inbox(student.token))[0]).toMatchObject({ kind: 'class-removed' })
    expect((await s.audit()).map((x) => [x.action, x.subject])).toEqual([['class-remove', demoStudent.studentId]])
    // Back among the requests (班级待老师确认).
    expect((await call<ClassRequest[]>(t.app, 'GET', '/classes/requests?orgCode=DEMO', { token: s.teacher.token })).body.data.map((x) => x.studentId)).toContain(demoStudent.studentId)
    // The student's deletion takes the audit rows about them (docs/privacy.md "The audit log").
    expect((await deleteAccount(t.app, student.token, { password: PASSWORD })).body.code).toBe(0)
    expect(await s.audit()).toEqual([])
    // Removing someone who is not in the class is refused like any id the teacher cannot see.
    expect((await call(t.app, 'POST', `/teacher/classes/${s.cls.classId}/remove`, { token: s.teacher.token, body: { studentId: demoStudent.studentId } })).status).toBe(403)
  })
})

describe('task progress', () => {
  it('shows every student of the class as not opened, read or done, with counts, and a read or done moves them', async () => {
    const t = await makeApp()
    const s = await setup(t)
    const progress = async () => (await call<TaskProgress>(t.app, 'GET', `/teacher/tasks/${DEMO_PROGRESS_TASK}`, { token: s.teacher.token })).body.data
    const p = await progress()
    const state = new Map(p.students.map((x) => [x.name, x.state]))
    expect(state.get('陈浩')).toBe('not-opened')
    expect(state.get('王丽')).toBe('read')
    expect(state.get('赵强')).toBe('done')
    expect(state.get('Demo Student')).toBe('not-opened')
    expect(p.task.counts).toEqual({ notOpened: 2, read: 1, done: 1 })
    expect(p.task).toMatchObject({ id: DEMO_PROGRESS_TASK, classId: s.cls.classId, grade: '七年级', className: '2班', nextRemindAt: null })

    const chen = await s.login('13700137603')
    const read = await call<{ readAt: number }>(t.app, 'POST', `/tasks/${DEMO_PROGRESS_TASK}/read`, { token: chen.token })
    expect(read.body).toMatchObject({ code: 0, data: { readAt: t.clock.now() } })
    t.clock.advance(60_000)
    expect((await progress()).task.counts).toEqual({ notOpened: 1, read: 2, done: 1 })
    await call(t.app, 'POST', `/tasks/${DEMO_PROGRESS_TASK}/done`, { token: chen.token })
    const after = await progress()
    expect(after.task.counts).toEqual({ notOpened: 1, read: 1, done: 2 })
    expect(after.students.find((x) => x.name === '陈浩')).toMatchObject({ state: 'done', readAt: t.clock.now() - 60_000, doneAt: t.clock.now() })
    // The list of the teacher's tasks carries the same counts.
    const list = (await call<TeacherTask[]>(t.app, 'GET', '/teacher/tasks?orgCode=DEMO', { token: s.teacher.token })).body.data
    expect(list.find((x) => x.id === DEMO_PROGRESS_TASK)!.counts).toEqual({ notOpened: 1, read: 1, done: 2 })
  })

  it('a read keeps its first time, also for ten at once and for the outbox replaying one key', async () => {
    const t = await makeApp()
    const student = await passwordLogin(t.app)
    const first = t.clock.now()
    const reads = await Promise.all(Array.from({ length: 10 }, () => call<{ readAt: number }>(t.app, 'POST', `/tasks/${DEMO_PROGRESS_TASK}/read`, { token: student.token })))
    expect(new Set(reads.map((r) => r.body.data.readAt))).toEqual(new Set([first]))
    t.clock.advance(5_000)
    const key = crypto.randomUUID()
    const replays = await Promise.all(Array.from({ length: 10 }, () => call<{ readAt: number }>(t.app, 'POST', `/tasks/${DEMO_PROGRESS_TASK}/read`, { token: student.token, headers: { 'idempotency-key': key } })))
    expect(replays.map((r) => r.body.data.readAt)).toEqual(Array(10).fill(first))
    expect(await t.app.db.selectFrom('task_reads').select('read_at').where('task_id', '=', DEMO_PROGRESS_TASK).execute()).toHaveLength(2 + 1)
    // A task of another class does not exist for the student.
    const other = await passwordLogin(t.app, { deviceCode: 'reader' }, '13700137603')
    await t.app.db.updateTable('students').set({ confirmed_class: '3班' }).where('name', '=', '陈浩').execute()
    expect((await call(t.app, 'POST', `/tasks/${DEMO_PROGRESS_TASK}/read`, { token: other.token })).body.code).toBe(400002)
  })
})

describe('reminders', () => {
  it('reach only the students who have not finished, once an hour per task: refused at 59:59 with its time, allowed at 60:00', async () => {
    const t = await makeApp()
    const s = await setup(t)
    const remind = (token = s.teacher.token) => call<TaskReminded>(t.app, 'POST', `/teacher/tasks/${DEMO_PROGRESS_TASK}/remind`, { token })
    const first = await remind()
    // Not done: Demo Student, 陈浩 (not opened) and 王丽 (read); 赵强 is done.
    expect(first.body).toMatchObject({ code: 0, data: { reminded: 3, nextRemindAt: t.clock.now() + 3_600_000 } })
    for (const [phone, gets] of [['13700137603', true], ['13700137604', true], [STUDENT_PHONE, true], ['13700137605', false]] as const) {
      const who = await s.login(local(phone))
      const entries = (await s.inbox(who.token)).filter((e) => e.url === `/task?id=${DEMO_PROGRESS_TASK}` && e.texts['zh-Hans'].title.startsWith('提醒'))
      expect(entries.length, phone).toBe(gets ? 1 : 0)
    }
    expect((await s.audit()).map((x) => [x.action, x.subject, JSON.parse(x.details)])).toEqual([['task-remind', DEMO_PROGRESS_TASK, { reminded: 3 }]])
    expect((await call<TaskProgress>(t.app, 'GET', `/teacher/tasks/${DEMO_PROGRESS_TASK}`, { token: s.teacher.token })).body.data.task.nextRemindAt).toBe(t.clock.now() + 3_600_000)

    t.clock.advance(3_599_000)
    // An hour on, the access token has expired: the app would have refreshed it.
    const teacher = await passwordLogin(t.app, { deviceCode: 'teacher' }, TEACHER_PHONE)
    const early = await remind(teacher.token)
    expect(early.status).toBe(429)
    expect(early.body).toMatchObject({ code: 100003, data: { retryAfter: 1 } })
    t.clock.advance(1_000)
    expect((await remind(teacher.token)).body.code).toBe(0)
    expect((await s.audit()).filter((x) => x.action === 'task-remind')).toHaveLength(2)
  })

  it('two at once: exactly one is sent', async () => {
    const t = await makeApp()
    const s = await setup(t)
    const answers = await Promise.all(Array.from({ length: 2 }, () => call<TaskReminded>(t.app, 'POST', `/teacher/tasks/${DEMO_PROGRESS_TASK}/remind`, { token: s.teacher.token })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429])
    expect((await s.audit()).filter((x) => x.action === 'task-remind')).toHaveLength(1)
    const chen = await s.login('13700137603')
    expect((await s.inbox(chen.token)).filter((e) => e.texts['zh-Hans'].title.startsWith('提醒'))).toHaveLength(1)
  })
})

describe('assigning to several classes', () => {
  it('makes one task per class, each with its own key counted once, and the 31st of the hour is refused', async () => {
    const t = await makeApp()
    // The seed's tasks, published in the teacher's name, are an hour old by now.
    t.clock.advance(3_600_000)
    const s = await setup(t)
    // 李老师 gets a second class to teach (the operator's import would do this).
    const eight = (await t.app.db.selectFrom('classes').select('id').where('grade', '=', '八年级').where('class_name', '=', '1班').executeTakeFirstOrThrow()).id
    const teacherId = (await t.app.db.selectFrom('users').select('id').where('phone', '=', `+86${TEACHER_PHONE}`).executeTakeFirstOrThrow()).id
    await t.app.db.insertInto('teacher_classes').values({ user_id: teacherId, class_id: eight, created_at: t.clock.now() }).execute()
    const assign = (i: number, key: string) => {
      const [grade, className, classId] = i % 2 ? ['八年级', '1班', eight] : ['七年级', '2班', s.cls.classId]
      return call<{ id: string }>(t.app, 'POST', '/tasks', { token: s.teacher.token, headers: { 'idempotency-key': key }, body: { orgCode: 'DEMO', grade, className, classId, title: `任务${i}`, brief: '读一章。', publisherName: '李老师' } })
    }
    const keys = Array.from({ length: 31 }, () => crypto.randomUUID())
    for (let i = 0; i < 29; i++) expect((await assign(i, keys[i]!)).body.code).toBe(0)
    // A double tap (the same key twice, at once) makes one task and counts once.
    const [a, b] = await Promise.all([assign(29, keys[29]!), assign(29, keys[29]!)])
    expect(a.body.data.id).toBe(b.body.data.id)
    const over = await assign(30, keys[30]!)
    expect([over.status, over.body.code]).toEqual([429, 100003])
    const made = await t.app.db.selectFrom('tasks').select(['class_id']).where('title', 'like', '任务%').execute()
    expect(made).toHaveLength(30)
    expect(made.filter((m) => m.class_id === eight)).toHaveLength(15)
    // A classId that names another class than grade and class name is refused.
    const wrong = await call(t.app, 'POST', '/tasks', { token: s.teacher.token, body: { orgCode: 'DEMO', grade: '七年级', className: '2班', classId: eight, title: 'x', brief: 'y', publisherName: '李老师' } })
    expect(wrong.body.code).toBe(100002)
  })
})

describe('the progress CSV', () => {
  it('is UTF-8 with a BOM and CRLF, keeps Chinese names, neutralises a formula, and names itself in UTF-8', async () => {
    const t = await makeApp()
    const s = await setup(t)
    await t.app.db.updateTable('students').set({ name: '=1+1' }).where('name', '=', '陈浩').execute()
    await t.app.db.updateTable('students').set({ name: '@SUM(A1) "x"' }).where('name', '=', '王丽').execute()
    const res = await t.app.inject({ method: 'GET', url: `/api/teacher/tasks/${DEMO_PROGRESS_TASK}/progress.csv`, headers: { authorization: `Bearer ${s.teacher.token}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    const bytes = res.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    expect(text.split('\r\n')[0]).toBe('"姓名","年级","班级","状态","打开时间","完成时间"')
    expect(text).toContain('"\'=1+1","七年级","2班","未打开"')
    expect(text).toContain('"\'@SUM(A1) ""x""","七年级","2班","已读"')
    expect(text).toMatch(/"赵强","七年级","2班","已完成","\d{4}-\d\d-\d\d \d\d:\d\d","\d{4}-\d\d-\d\d \d\d:\d\d"\r\n/)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toContain('\n')
    const cd = String(res.headers['content-disposition'])
    expect(cd).toMatch(/^attachment; filename="task-progress\.csv"; filename\*=UTF-8''/)
    expect(decodeURIComponent(cd.split("UTF-8''")[1]!)).toBe('《西游记》第一至十回 任务进度.csv')
    const en = await t.app.inject({ method: 'GET', url: `/api/teacher/tasks/${DEMO_PROGRESS_TASK}/progress.csv?lang=en`, headers: { authorization: `Bearer ${s.teacher.token}` } })
    expect(en.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe('"Name","Grade","Class","State","Opened","Done"')
  })
})

describe('staff', () => {
  it('a teacher is never limited and never asked for a guardian, whatever the birth month says', async () => {
    const t = await makeApp()
    const s = await setup(t)
    // The teacher's account with an under-14 birth and no consent (an operator's typo, say).
    await t.app.db.updateTable('students').set({ birth_year: 2015, birth_month: 1 }).where('name', '=', '李老师').execute()
    const st = await call<GuardianStatus>(t.app, 'GET', '/guardian/status', { token: s.teacher.token })
    expect(st.body.data).toMatchObject({ under14: false, limited: null })
    const both = await call<GuardianStatus>(t.app, 'GET', '/guardian/status', { token: s.other.token })
    expect(both.body.data.limited).toBeNull()
  })
})

describe("the teacher's live channel", () => {
  it("a student's read and done reach the class's teacher on their own session topic, and a new request too", async () => {
    const t = await listeningApp()
    const teacher = await passwordLogin(t.app, { deviceCode: 'teacher' }, TEACHER_PHONE)
    const teacherId = await userIdOf(t.app, teacher.token)
    const live = await mqttConnect(t.url, withToken(teacher.token))
    expect(await subscribe(live.client, `session/jsj-habor/browser/${teacherId}`)).toBe(1)
    const heard = () => live.messages.map((m) => JSON.parse(m.payload) as unknown).filter(isTeacherLive)

    const chen = await passwordLogin(t.app, { deviceCode: 'chen' }, '13700137603')
    const chenId = (await t.app.db.selectFrom('students').select('id').where('name', '=', '陈浩').executeTakeFirstOrThrow()).id
    await call(t.app, 'POST', `/tasks/${DEMO_PROGRESS_TASK}/read`, { token: chen.token })
    await until(() => heard().length > 0, SETTLE_MS, 'the read')
    expect(heard()[0]).toEqual({ type: 'task-progressed', taskId: DEMO_PROGRESS_TASK, studentId: chenId, state: 'read', at: t.clock.now() } satisfies TeacherLive)
    // A second read is no news.
    await call(t.app, 'POST', `/tasks/${DEMO_PROGRESS_TASK}/read`, { token: chen.token })
    await call(t.app, 'POST', `/tasks/${DEMO_PROGRESS_TASK}/done`, { token: chen.token })
    await until(() => heard().length > 1, SETTLE_MS, 'the done')
    expect(heard()[1]).toMatchObject({ type: 'task-progressed', studentId: chenId, state: 'done' })

    // A student asks to join 七年级 2班: its teacher hears the requests changed.
    await newStudent(t.app, '13700137614', '七年级', '2班')
    await until(() => heard().length > 2, SETTLE_MS, 'the request')
    expect(heard()[2]).toEqual({ type: 'class-requested', orgCode: 'DEMO' })
    expect(heard().filter((m) => m.type === 'task-progressed')).toHaveLength(2)
  })
})
