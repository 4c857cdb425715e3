/**
 * `admin import` (server/admin): teachers and their classes from a CSV or an .xlsx into the teacher–class
 * model, in one transaction; on SQLite and, through scripts/test-server-pg.mjs, PostgreSQL.
 */
import { describe, expect, it } from 'vitest'
import { TEACHER_ROLE } from '../../../src/contract/tasks'
import type { FastifyInstance } from 'fastify'
import { call, smsCode, STUDENT_PHONE } from '../support/helpers'
import { adminApp, csvText, teachers, writeCsv, writeXlsx } from './support'

/** Every row the import may write, as comparable text (ids replaced by what they name). */
async function snapshot(app: FastifyInstance): Promise<string[]> {
  const db = app.db
  const people = await db
    .selectFrom('users')
    .innerJoin('students', 'students.user_id', 'users.id')
    .innerJoin('memberships', 'memberships.student_id', 'students.id')
    .innerJoin('orgs', 'orgs.id', 'memberships.org_id')
    .select(['users.phone', 'users.status', 'students.name', 'students.grade', 'students.class_name', 'students.confirmed_grade', 'students.confirmed_class', 'orgs.code', 'memberships.roles', 'memberships.is_primary'])
    .execute()
  const links = await db
    .selectFrom('teacher_classes')
    .innerJoin('users', 'users.id', 'teacher_classes.user_id')
    .innerJoin('classes', 'classes.id', 'teacher_classes.class_id')
    .innerJoin('orgs', 'orgs.id', 'classes.org_id')
    .select(['users.phone', 'orgs.code', 'classes.grade', 'classes.class_name'])
    .execute()
  const classes = await db.selectFrom('classes').innerJoin('orgs', 'orgs.id', 'classes.org_id').select(['orgs.code', 'classes.grade', 'classes.class_name']).execute()
  const counts = await Promise.all((['users', 'students', 'memberships', 'sessions'] as const).map(async (t) => `${t}:${(await db.selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n}`))
  return [...people.map((r) => JSON.stringify(r)), ...links.map((r) => `link ${JSON.stringify(r)}`), ...classes.map((r) => `class ${JSON.stringify(r)}`), ...counts].sort()
}

describe('admin import', () => {
  it('imports 300 teachers from a CSV, and the same data as .xlsx gives the same organisation', async () => {
    const rows = teachers(300)
    const a = await adminApp()
    expect((await a.admin('org', 'add', 'sch01', '第一中学')).status).toBe(0)
    const csv = writeCsv(a.dir, 'teachers.csv', csvText(rows))
    const fromCsv = await a.admin('import', csv, '--org', 'SCH01')
    expect(fromCsv.err).toBe('')
    expect(fromCsv.out).toContain('300 teachers: 300 added, 0 updated, 0 unchanged')

    const b = await adminApp()
    await b.admin('org', 'add', 'SCH01', '第一中学')
    const xlsx = await writeXlsx(b.dir, 'teachers.xlsx', rows)
    const fromXlsx = await b.admin('import', xlsx, '--org', 'SCH01')
    expect(fromXlsx.out).toContain('(xlsx), 300 teachers: 300 added')
    expect(await snapshot(b.app)).toEqual(await snapshot(a.app))

    const listed = await a.admin('teachers', '--org', 'SCH01')
    expect(listed.out.split("\n")).toHaveLength(2 + 300) // a header, a rule and the 300 teachers
    expect(listed.out).toContain('13900000001')
  })

  it('importing the same file again changes nothing', async () => {
    const a = await adminApp()
    await a.admin('org', 'add', 'SCH01', '第一中学')
    const csv = writeCsv(a.dir, 'teachers.csv', csvText(teachers(20)))
    expect((await a.admin('import', csv, '--org', 'SCH01')).out).toContain('20 added')
    const before = await snapshot(a.app)
    const again = await a.admin('import', csv, '--org', 'SCH01')
    expect(again.out).toContain('20 teachers: 0 added, 0 updated, 20 unchanged; class links 0 added, 0 removed')
    expect(await snapshot(a.app)).toEqual(before)
  })

  it("a teacher imported again takes the file's name and classes; a teacher of another organisation keeps the account", async () => {
    const a = await adminApp()
    await a.admin('org', 'add', 'SCH01', '第一中学')
    await a.admin('org', 'add', 'SCH02', '第二中学')
    const first = [
      { phone: '13900000001', name: '王老师', classes: '七年级2班;七年级3班' },
      { phone: '13900000002', name: '李老师', classes: '八年级1班' },
    ]
    await a.admin('import', writeCsv(a.dir, '1.csv', csvText(first)), '--org', 'SCH01')
    const second = [
      { phone: '13900000001', name: '王老师', classes: '七年级2班' },
      { phone: '13900000002', name: '李清照', classes: '八年级1班' },
    ]
    expect((await a.admin('import', writeCsv(a.dir, '2.csv', csvText(second)), '--org', 'SCH01')).out).toContain('2 teachers: 0 added, 2 updated, 0 unchanged; class links 0 added, 1 removed')
    const listed = (await a.admin('teachers', '--org', 'SCH01')).out
    expect(listed).toMatch(/13900000001\s+王老师\s+active\s+七年级 2班$/m)
    expect(listed).toMatch(/13900000002\s+李清照/)
    const users = async () => Number((await a.app.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const before = await users()
    expect((await a.admin('import', writeCsv(a.dir, '3.csv', csvText([{ phone: '13900000001', name: '王老师', classes: '九年级1班' }])), '--org', 'SCH02')).out).toContain('0 added, 1 updated')
    expect(await users()).toBe(before)
    expect((await a.admin('org', 'list')).out).toMatch(/SCH02\s+第二中学\s+1\s+0/)
    expect((await a.admin('teachers', '--org', 'SCH01')).out).toMatch(/13900000001\s+王老师\s+active\s+七年级 2班$/m)
  })

  it('two imports at once end as one would: each writes all or nothing, and nothing is imported twice', async () => {
    const a = await adminApp()
    await a.admin('org', 'add', 'SCH01', '第一中学')
    const csv = writeCsv(a.dir, 'teachers.csv', csvText(teachers(40)))
    const both = await Promise.all([a.admin('import', csv, '--org', 'SCH01'), a.admin('import', csv, '--org', 'SCH01')])
    // On PostgreSQL the second waits for the first; SQLite in one process cannot wait for its own other
    // connection, so one of the two may give up with nothing written.
    for (const r of both) if (r.status !== 0) expect(r.err).toBe('the database is busy with another write (another import?): nothing was written; run the command again')
    expect(both.filter((r) => r.status === 0).map((r) => r.out.replace(/.*teachers: /, '').replace(/;.*/, ''))).toContain('40 added, 0 updated, 0 unchanged')
    if (process.env.DATABASE_URL) expect(both.map((r) => r.status)).toEqual([0, 0])
    expect((await a.admin('teachers', '--org', 'SCH01')).out.split('\n')).toHaveLength(2 + 40)
  })

  it('reads a GBK file (detected: it is not UTF-8) with Chinese headers and names, and UTF-8 with a BOM', async () => {
    const a = await adminApp()
    await a.admin('org', 'add', 'SCH01', '第一中学')
    const rows = [
      { phone: '13900000001', name: '欧阳修', classes: '七年级2班;七年级3班' },
      { phone: '13900000002', name: '李清照', classes: '八年级1班' },
    ]
    const gbk = writeCsv(a.dir, 'gbk.csv', `\r\n${csvText(rows)}\r\n\r\n`, 'gbk')
    const r = await a.admin('import', gbk, '--org', 'SCH01')
    expect(r.out).toContain('(gbk), 2 teachers: 2 added')
    const listed = await a.admin('teachers', '--org', 'SCH01')
    expect(listed.out).toMatch(/13900000001\s+欧阳修\s+active\s+七年级 2班; 七年级 3班/)
    expect(listed.out).toMatch(/13900000002\s+李清照\s+active\s+八年级 1班/)

    const bom = writeCsv(a.dir, 'bom.csv', csvText([{ phone: '13900000003', name: '杜甫', classes: '九年级4班' }], ['phone', 'name', 'classes']), 'utf-8-bom')
    expect((await a.admin('import', bom, '--org', 'SCH01')).out).toContain('(utf-8 (BOM)), 1 teachers: 1 added')
    expect((await a.admin('teachers', '--org', 'SCH01')).out).toMatch(/13900000003\s+杜甫/)
  })

  it('a file with bad rows names each by its line and reason, and writes nothing', async () => {
    const a = await adminApp()
    await a.admin('org', 'add', 'SCH01', '第一中学')
    const before = await snapshot(a.app)
    const text = [
      '手机号,姓名,任教班级',
      '13900000001,王老师,七年级2班',
      '',
      '13900000002,李老师,', // line 4: no class
      '13900000003,张老师,七年级1班',
      '13900000001,赵老师,八年级1班', // line 6: the phone of line 2
      '12345,钱老师,八年级2班', // line 7: not a phone
      `${STUDENT_PHONE},孙老师,八年级3班`, // line 8: a student's phone
    ].join('\n')
    const r = await a.admin('import', writeCsv(a.dir, 'bad.csv', text), '--org', 'SCH01')
    expect(r.status).toBe(1)
    expect(r.err.split('\n')).toEqual([
      'nothing was imported',
      '  line 4: no class (write the classes taught as 七年级2班;七年级3班)',
      '  line 6: duplicate phone 13900000001 (also on line 2)',
      '  line 7: bad phone "12345" (11 digits starting with 1)',
      "  line 8: phone 138****8000 belongs to a student's account",
    ])
    expect(await snapshot(a.app)).toEqual(before)

    const two = await a.admin('import', writeCsv(a.dir, 'two.csv', ['phone,name,classes', '13900000001,王老师,七年级2班', '13900000002,,七年级2班', '13900000003,张老师,七年级1班', '139000000,李老师,七年级2班'].join('\n')), '--org', 'SCH01')
    expect(two.err).toContain('line 3: no name')
    expect(two.err).toContain('line 5: bad phone "139000000"')
    expect(await snapshot(a.app)).toEqual(before)
  })

  it('a missing column stops the import at the header', async () => {
    const a = await adminApp()
    await a.admin('org', 'add', 'SCH01', '第一中学')
    const r = await a.admin('import', writeCsv(a.dir, 'cols.csv', '手机号,姓名\n13900000001,王老师\n'), '--org', 'SCH01')
    expect(r.status).toBe(1)
    expect(r.err).toContain('line 1: missing column 任教班级 (classes)')
  })

  it('an imported teacher signs in straight to the teacher side: a complete profile, the teacher role, no consent asked', async () => {
    const a = await adminApp()
    await a.admin('org', 'add', 'SCH01', '第一中学')
    await a.admin('import', writeCsv(a.dir, 't.csv', csvText([{ phone: '13900000001', name: '王老师', classes: '七年级2班;七年级3班' }])), '--org', 'SCH01')
    const code = await smsCode(a.app, '13900000001')
    const login = await call<{ isReg: boolean; token: string }>(a.app, 'POST', '/login/sms', { body: { username: '+8613900000001', code, deviceType: 'browser', deviceCode: 'd1', appId: 'jsj-habor' } })
    expect(login.body).toMatchObject({ code: 0, data: { isReg: false } })
    const token = login.body.data.token
    const me = await call<{ name: string; roleList: string[]; orgRoleList: string[]; classConfirmed: boolean }>(a.app, 'GET', '/auth/student', { token })
    expect(me.body.data).toMatchObject({ name: '王老师', classConfirmed: true })
    expect(me.body.data.orgRoleList).toEqual([`SCH01:${TEACHER_ROLE}`])
    const guardian = await call<{ limited: string | null }>(a.app, 'GET', '/guardian/status', { token })
    expect(guardian.body.data.limited).toBeNull()
    // The teacher's side lists the file's classes.
    const taught = await call<{ grade: string; className: string }[]>(a.app, 'GET', '/teacher/classes?orgCode=SCH01', { token })
    expect(taught.body.code).toBe(0)
    expect(taught.body.data.map((c) => `${c.grade} ${c.className}`).sort()).toEqual(['七年级 2班', '七年级 3班'])
    // The operator's list shows them too.
    const classes = await a.admin('classes', '--org', 'SCH01')
    expect(classes.out).toMatch(/七年级 2班\s+王老师\s+0/)
    expect(classes.out).toMatch(/七年级 3班\s+王老师\s+0/)
  })
})
