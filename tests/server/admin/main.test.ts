/** The command line itself (server/admin/main.ts): its help, organisations, the lists, and --check. */
import { describe, expect, it } from 'vitest'
import { adminApp, csvText, teachers, writeCsv } from './support'

describe('admin', () => {
  it('help lists every command, each with an example', async () => {
    const a = await adminApp()
    const help = await a.admin('--help')
    expect(help.status).toBe(0)
    for (const command of ['org', 'import', 'teachers', 'classes', 'requests', 'disable', 'enable']) {
      expect(help.out, command).toMatch(new RegExp(`^  ${command}\\b`, 'm'))
      expect(help.out, command).toMatch(new RegExp(`npm run admin -- ${command} `))
    }
    expect(help.out).toContain('npm run admin -- org add SCH01')
    expect(help.out).toContain('npm run admin -- org list')
    expect((await a.admin('nonsense')).status).toBe(1)
  })

  it('adds an organisation once; another name for its code is refused', async () => {
    const a = await adminApp()
    expect((await a.admin('org', 'add', 'sch01', '第一中学')).out).toBe('added organisation SCH01 第一中学')
    expect((await a.admin('org', 'add', 'SCH01', '第一中学')).out).toBe('organisation SCH01 already exists: unchanged')
    expect(await a.admin('org', 'add', 'SCH01', '第二中学')).toMatchObject({ status: 1, err: 'organisation SCH01 already exists, named "第一中学"' })
    expect(await a.admin('org', 'add', 'x', 'X')).toMatchObject({ status: 1 })
    expect(await a.admin('teachers', '--org', 'NOPE')).toMatchObject({ status: 1, err: 'no organisation NOPE (npm run admin -- org list)' })
    const list = (await a.admin('org', 'list')).out.split('\n')
    expect(list[0]).toMatch(/^code\s+name\s+teachers\s+students$/)
    expect(list).toContainEqual(expect.stringMatching(/^SCH01\s+第一中学\s+0\s+0$/))
    // The demo data: two teachers (one of them a student of ACADEMY) and the demo students.
    expect(list).toContainEqual(expect.stringMatching(/^DEMO\s+Demo School\s+2\s+\d+$/))
  })

  it('--check finds what the import would do and writes nothing', async () => {
    const a = await adminApp()
    await a.admin('org', 'add', 'SCH01', '第一中学')
    const csv = writeCsv(a.dir, 't.csv', csvText(teachers(5)))
    expect((await a.admin('import', csv, '--org', 'SCH01', '--check')).out).toContain('5 added, 0 updated, 0 unchanged; class links 9 added, 0 removed (--check: nothing written)')
    expect((await a.admin('teachers', '--org', 'SCH01')).out).toBe('(none)')
  })

  it('classes are listed in the school order: by grade, then by number', async () => {
    const a = await adminApp()
    await a.admin('org', 'add', 'SCH01', '第一中学')
    await a.admin('import', writeCsv(a.dir, 't.csv', csvText([{ phone: '13900000001', name: '王老师', classes: '八年级1班;七年级10班;七年级2班;高一1班' }])), '--org', 'SCH01')
    const lines = (await a.admin('classes', '--org', 'SCH01')).out.split('\n').slice(2)
    expect(lines.map((l) => l.split(/\s{2,}/)[0])).toEqual(['七年级 2班', '七年级 10班', '八年级 1班', '高一 1班'])
  })

  it('requests lists the students whose class waits for a teacher', async () => {
    const a = await adminApp()
    expect((await a.admin('requests', '--org', 'DEMO')).out).not.toContain('Demo Student')
    await a.app.db.updateTable('students').set({ grade: '八年级', class_name: '5班' }).where('name', '=', 'Demo Student').execute()
    expect((await a.admin('requests', '--org', 'DEMO')).out).toMatch(/Demo Student\s+13800138000\s+八年级 5班\s+七年级 2班/)
    expect((await a.admin('requests', '--org', 'SCH01')).status).toBe(1)
  })
})
