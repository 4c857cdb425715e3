/**
 * A handler takes what the sign-in check loaded (`req.account`) and never reads the signed-in account
 * again: for every signed-in call of the account, card, report, task, class, teacher and push routes, no
 * read of `users`, `students` or `memberships` carries the caller's user or student id after the sign-in
 * check (whose own read is by session id). The queries and their depth in round trips are printed per
 * call (tests/server/support/queries.ts), and bounded where the call's shape is fixed.
 *
 * Named exceptions, each for something the sign-in check does not load: the password hash (a password
 * change) and the consent rule of services/guardian.ts (`limitOf`, which a recording upload asks).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { ClassRequest } from '../../../src/contract/classes'
import type { CardCreated } from '../../../src/contract/cards'
import { REPORT_YEAR, type OwnerReport } from '../../../src/contract/report'
import type { StudentProfile } from '../../../src/contract'
import type { TeacherClass } from '../../../src/contract/teacher'
import type { Db } from '../../../server/db/connect'
import { limitOf } from '../../../server/services/guardian'
import { classMembers } from '../../../server/services/tasks'
import { webmFile } from '../../support/audio'
import { assignDemoTask, call, makeApp, PASSWORD, passwordLogin, TEACHER_PHONE } from '../support/helpers'
import { queryCounter } from '../support/queries'

interface Seen {
  sql: string
  parameters: readonly unknown[]
}

/** Wraps a dialect so that each query's SQL and parameters are kept while `watch` runs. */
function parameterWatch() {
  const current = new AsyncLocalStorage<Seen[]>()
  const wrapConnection = (c: DatabaseConnection): DatabaseConnection => ({
    executeQuery: <R>(q: CompiledQuery): Promise<QueryResult<R>> => {
      current.getStore()?.push({ sql: q.sql, parameters: q.parameters })
      return c.executeQuery<R>(q)
    },
    streamQuery: <R>(q: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> => {
      current.getStore()?.push({ sql: q.sql, parameters: q.parameters })
      return c.streamQuery<R>(q, chunkSize)
    },
  })
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>()
  const wrapDriver = (d: Driver): Driver => ({
    init: () => d.init(),
    acquireConnection: async () => {
      const c = await d.acquireConnection()
      const w = wrapConnection(c)
      inner.set(w, c)
      return w
    },
    beginTransaction: (c, s) => d.beginTransaction(c, s),
    commitTransaction: (c) => d.commitTransaction(c),
    rollbackTransaction: (c) => d.rollbackTransaction(c),
    releaseConnection: (c) => d.releaseConnection(inner.get(c) ?? c),
    destroy: () => d.destroy(),
  })
  return {
    wrapDialect: (dialect: Dialect): Dialect => ({
      createDriver: () => wrapDriver(dialect.createDriver()),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    }),
    watch: async <T>(work: () => Promise<T>): Promise<{ result: T; seen: Seen[] }> => {
      const seen: Seen[] = []
      const result = await current.run(seen, work)
      return { result, seen }
    },
  }
}

/** The class's students to notify of a task, as assignTask reads them (only the SQL is kept). */
const classMembersOf = (db: Db, userId: string) => classMembers(db, 'org', '七年级', '2班', userId)

const ACCOUNT_TABLES = /\b(from|join)\s+"(users|students|memberships)"/i

/** The reads of the account tables that carry one of `ids` (the caller's user and student id). */
const rereads = (seen: readonly Seen[], ids: readonly string[]): string[] =>
  seen.filter((q) => /^\s*select/i.test(q.sql) && ACCOUNT_TABLES.test(q.sql) && q.parameters.some((p) => ids.includes(String(p)))).map((q) => q.sql)

async function setup() {
  const q = queryCounter()
  const w = parameterWatch()
  const t = await makeApp({ wrapDialect: (d) => q.wrapDialect(w.wrapDialect(d)), push: { services: ['push.example.com'], pollMs: 0 } })
  const figures: string[] = []
  /** Makes the call, checks it re-reads nothing of the caller's account but `allowed`, and returns its answer and counts. */
  const measure = async <T>(who: { token: string; ids: string[] }, name: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { body?: unknown; payload?: Buffer; headers?: Record<string, string> } = {}, allowed: readonly string[] = []) => {
    const m = await q.measure(() =>
      w.watch(async () => {
        if (opts.payload) {
          const res = await t.app.inject({ method, url: `/api${url}`, payload: opts.payload, headers: { authorization: `Bearer ${who.token}`, ...opts.headers } })
          return res.json() as { code: number; data: T }
        }
        return (await call<T>(t.app, method, url, { token: who.token, body: opts.body, headers: opts.headers })).body
      }),
    )
    const { result, seen } = m.result
    expect(result.code, `${name}: ${JSON.stringify(result)}`).toBe(0)
    const extra = rereads(seen, who.ids).filter((sql) => !allowed.includes(sql))
    expect(extra, `${name} read the signed-in account again`).toEqual([])
    figures.push(`${name.padEnd(18)} ${String(m.queries).padStart(3)} queries, depth ${m.depth}`)
    return { data: result.data, queries: m.queries, depth: m.depth }
  }
  const signIn = async (phone?: string, deviceCode = 'd') => {
    const { token } = await passwordLogin(t.app, { deviceCode }, phone)
    const me = (await call<StudentProfile>(t.app, 'GET', '/auth/student', { token })).body.data
    return { token, ids: [me.id, me.studentId] }
  }
  return { ...t, q, w, measure, signIn, figures }
}

describe('no handler re-reads the signed-in account', () => {
  it('the student\'s calls: cards, reports, tasks, profile, push settings, password and logout', async () => {
    const { app, clock, measure, signIn, figures, w } = await setup()
    const taskId = await assignDemoTask(app)
    const me = await signIn()

    const made = await measure<CardCreated>(me, 'createCard', 'POST', '/cards', { body: { design: 'garden', to: '妈妈', message: '谢谢妈妈', shareable: false } })
    const cardId = made.data.id
    await measure(me, 'myCards', 'GET', '/cards')
    await measure(me, 'cardUpdate', 'PUT', `/cards/${cardId}`, { body: { shareable: false } })
    await measure(me, 'cardDelete', 'DELETE', `/cards/${cardId}`)
    // The consent rule (services/guardian.ts) is asked with the account's id: the only reads allowed here.
    const consent = (await w.watch(() => limitOf(app.db, me.ids[0]!, clock.now()))).seen.map((s) => s.sql)
    await measure(me, 'cardAudioUpload', 'POST', '/cards/audio', { payload: webmFile(2000), headers: { 'content-type': 'audio/webm' } }, consent)

    const report = await measure<OwnerReport>(me, 'createReport', 'POST', '/reports', { body: { year: REPORT_YEAR } })
    await measure(me, 'reports', 'GET', '/reports')
    const read = await measure(me, 'report', 'GET', `/reports/${report.data.id}`)
    // The sign-in check and the report: two reads, one after the other.
    expect(read).toMatchObject({ queries: 2, depth: 2 })
    await measure(me, 'updateReport', 'PUT', `/reports/${report.data.id}`, { body: { hidden: [] } })

    const task = await measure(me, 'task', 'GET', `/tasks/${taskId}`)
    // The sign-in check, the task, then its book and done mark together.
    expect(task.queries).toBeLessThanOrEqual(4)
    expect(task.depth).toBeLessThanOrEqual(3)
    await measure(me, 'taskRead', 'POST', `/tasks/${taskId}/read`)
    await measure(me, 'taskDone', 'POST', `/tasks/${taskId}/done`)

    const keys = { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'), auth: Buffer.alloc(16, 3).toString('base64url') }
    await measure(me, 'pushSubscribe', 'PUT', '/push/subscription', { body: { endpoint: 'https://push.example.com/send/abc', keys, lang: 'zh-Hans' } })
    await measure(me, 'pushSettings', 'GET', '/push/settings')
    await measure(me, 'pushSettingsSave', 'PUT', '/push/settings', { body: { task: false } })
    await measure(me, 'pushUnsubscribe', 'DELETE', '/push/subscription')

    // A new class: the teachers to tell follow from the account already loaded.
    await measure(me, 'updateProfile', 'PUT', '/auth/student/profile', { body: { name: 'Demo Student', grade: '七年级', className: '3班' } })

    // The password hash is not part of what the sign-in check loads: a password change reads it.
    const hashRead = ['select "id", "phone", "password_hash", "status", "created_at" from "users" where "id" = ?', 'select "id", "phone", "password_hash", "status", "created_at" from "users" where "id" = $1']
    await measure(me, 'password', 'POST', '/auth/user/password', { body: { oldPassword: PASSWORD, password: 'Newpassw0rd1' } }, hashRead)
    await measure(me, 'logout', 'POST', '/logout')
    console.log(`queries per call (the sign-in check included)\n${figures.join('\n')}`)
  })

  it('the teacher\'s calls: classes, requests and their answers, roster, tasks, reminders and the CSV', async () => {
    const { app, measure, signIn, figures, w } = await setup()
    const taskId = await assignDemoTask(app)
    const teacher = await signIn(TEACHER_PHONE, 'teacher')
    // The class's students to notify carry the teacher's id only to leave the teacher out (services/tasks.ts).
    const members = (await w.watch(() => classMembersOf(app.db, teacher.ids[0]!))).seen.map((s) => s.sql)

    const classes = await measure<TeacherClass[]>(teacher, 'teacherClasses', 'GET', '/teacher/classes?orgCode=DEMO')
    const cls = classes.data.find((c) => c.grade === '七年级' && c.className === '2班')!
    const requests = await measure<ClassRequest[]>(teacher, 'classRequests', 'GET', '/classes/requests?orgCode=DEMO')
    const [first, second] = requests.data.filter((r) => r.grade === '七年级' && r.className === '2班')
    expect(second).toBeDefined()
    await measure(teacher, 'classRefuse', 'POST', '/classes/refuse', { body: { orgCode: 'DEMO', studentId: second!.studentId, grade: '七年级', className: '2班' } })
    await measure(teacher, 'classConfirm', 'POST', '/classes/confirm', { body: { orgCode: 'DEMO', studentId: first!.studentId, grade: '七年级', className: '2班' } })
    await measure(teacher, 'classConfirmAll', 'POST', '/classes/confirm-all', { body: { orgCode: 'DEMO', classId: cls.classId } })
    await measure(teacher, 'classRoster', 'GET', `/teacher/classes/${cls.classId}/roster`)
    await measure(teacher, 'classRemove', 'POST', `/teacher/classes/${cls.classId}/remove`, { body: { studentId: first!.studentId } })
    await measure(teacher, 'assignTask', 'POST', '/tasks', { body: { orgCode: 'DEMO', grade: '七年级', className: '2班', classId: cls.classId, title: '读一章', brief: '读一章。', publisherName: '李老师' } }, members)
    await measure(teacher, 'teacherTasks', 'GET', '/teacher/tasks?orgCode=DEMO')
    await measure(teacher, 'taskProgress', 'GET', `/teacher/tasks/${taskId}`)
    await measure(teacher, 'taskRemind', 'POST', `/teacher/tasks/${taskId}/remind`)
    const csv = await app.inject({ method: 'GET', url: `/api/teacher/tasks/${taskId}/progress.csv`, headers: { authorization: `Bearer ${teacher.token}` } })
    expect(csv.statusCode).toBe(200)
    console.log(`queries per call (the sign-in check included)\n${figures.join('\n')}`)
  })
})
