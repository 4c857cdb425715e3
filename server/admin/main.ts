/**
 * The operator's command line, `npm run admin -- <command>` (docs/running.md, "Operating a school"): the
 * commands, their help and output. It opens the database the server's environment names (DATA_DIR or
 * DATABASE_URL), migrated as the server would, and with REDIS_URL set tells the running nodes what it
 * ended (./notify.ts).
 */
import { Command, CommanderError } from 'commander'
import { maskPhone } from '../../src/contract/phone'
import { migrate, openDb, underStartLock, type Db } from '../db/connect'
import { optionsFromEnv } from '../env'
import { announceChange, announceEnded } from './notify'
import { readRoster } from './roster'
import { addOrg, AdminError, importTeachers, listOrgs, listRequests, listTeachers, listClasses, setDisabled } from './school'
import { table } from './table'

export interface AdminIo {
  out: (line: string) => void
  err: (line: string) => void
  env: NodeJS.ProcessEnv
  now: () => number
}

const EXAMPLES = `
Examples:
  npm run admin -- org add SCH01 "第一中学"
  npm run admin -- org list
  npm run admin -- import teachers.xlsx --org SCH01
  npm run admin -- import teachers.csv --org SCH01 --check
  npm run admin -- teachers --org SCH01
  npm run admin -- classes --org SCH01
  npm run admin -- requests --org SCH01
  npm run admin -- disable 13800138000
  npm run admin -- enable 13800138000

The database is the server's: DATA_DIR (SQLite, default ./data) or DATABASE_URL (PostgreSQL); with
REDIS_URL set, the running nodes close a disabled account's live connections at once.
Import files: .csv (UTF-8 with or without BOM, or GBK) or .xlsx, a header row naming the columns
手机号 (phone), 姓名 (name) and 任教班级 (classes: 七年级2班;七年级3班). See docs/running.md.`

/** Runs one command; resolves with the exit status. */
export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  let handle: { db: Db; kind: 'sqlite' | 'postgres' } | null = null
  const open = async (): Promise<Db> => (await openHandle()).db
  const openHandle = async (): Promise<{ db: Db; kind: 'sqlite' | 'postgres' }> => {
    if (handle) return handle
    const o = optionsFromEnv(io.env)
    const h = openDb({ dataDir: o.dataDir ?? 'data', databaseUrl: o.databaseUrl })
    await underStartLock(h.db, h.kind, (conn) => migrate(conn, h.kind))
    handle = h
    return h
  }

  const program = new Command('admin')
    .description('Operate a school on this Habor server: organisations, teachers and their classes, accounts.')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .addHelpText('after', EXAMPLES)
    .showHelpAfterError()

  const org = program.command('org').description('organisations: add, list')
  org
    .command('add <code> <name>')
    .description('add an organisation (the code is kept in capitals; the same code and name again changes nothing)')
    .addHelpText('after', '\nExample:\n  npm run admin -- org add SCH01 "第一中学"')
    .action(async (code: string, name: string) => {
      const r = await addOrg(await open(), code, name, io.now())
      io.out(r === 'added' ? `added organisation ${code.trim().toUpperCase()} ${name.trim()}` : `organisation ${code.trim().toUpperCase()} already exists: unchanged`)
    })
  org
    .command('list')
    .description('list the organisations with their numbers of teachers and students')
    .action(async () => {
      const orgs = await listOrgs(await open())
      io.out(table(['code', 'name', 'teachers', 'students'], orgs.map((o) => [o.code, o.name, String(o.teachers), String(o.students)])))
    })

  program
    .command('import <file>')
    .description('import teachers and the classes they teach from a .csv or .xlsx file, all or nothing')
    .requiredOption('--org <code>', 'the organisation they teach in')
    .option('--check', 'check the file and the accounts, write nothing')
    .addHelpText(
      'after',
      `
The header row names the columns (Chinese or English, any order):
  手机号 | phone      11-digit mobile number
  姓名   | name       the name students see
  任教班级 | classes  e.g. 七年级2班;七年级3班 (separated by ; ； , ， 、 or /)
A CSV may be UTF-8 (with or without BOM) or GBK, as Excel and WPS save it: a file that is not valid
UTF-8 is read as GBK. Blank lines are skipped. A bad row stops the import; every bad row is listed by
its line, and nothing is written. A teacher imported again keeps the account; the file's name and
classes replace theirs. The same file again changes nothing.

Example:
  npm run admin -- import teachers.xlsx --org SCH01`,
    )
    .action(async (file: string, opts: { org: string; check?: boolean }) => {
      const roster = await readRoster(file)
      const { db, kind } = await openHandle()
      const r = await importTeachers(db, kind, opts.org, roster.rows, roster.problems, io.now(), { check: Boolean(opts.check) })
      // Names, roles and memberships of many accounts may have changed: every node forgets its copies.
      if (io.env.REDIS_URL && !opts.check && r.added + r.updated > 0) await announceChange(io.env.REDIS_URL, { all: true })
      io.out(
        `${file} (${roster.encoding}), ${roster.rows.length} teachers: ${r.added} added, ${r.updated} updated, ${r.unchanged} unchanged; class links ${r.classesAdded} added, ${r.classesRemoved} removed${opts.check ? ' (--check: nothing written)' : ''}`,
      )
    })

  program
    .command('teachers')
    .description("list an organisation's teachers and the classes they teach")
    .requiredOption('--org <code>', 'the organisation')
    .action(async (opts: { org: string }) => {
      const rows = await listTeachers(await open(), opts.org)
      io.out(table(['phone', 'name', 'status', 'classes'], rows.map((t) => [t.phone.replace(/^\+86/, ''), t.name, t.status, t.classes.join('; ')])))
    })

  program
    .command('classes')
    .description("list an organisation's classes with their teachers and confirmed students")
    .requiredOption('--org <code>', 'the organisation')
    .action(async (opts: { org: string }) => {
      const rows = await listClasses(await open(), opts.org)
      io.out(table(['class', 'teachers', 'students'], rows.map((c) => [c.label, c.teachers.join(', '), String(c.students)])))
    })

  program
    .command('requests')
    .description("list an organisation's students whose class waits for a teacher's confirmation")
    .requiredOption('--org <code>', 'the organisation')
    .action(async (opts: { org: string }) => {
      const rows = await listRequests(await open(), opts.org)
      io.out(table(['name', 'phone', 'asks for', 'confirmed', 'since'], rows.map((r) => [r.name, r.phone.replace(/^\+86/, ''), r.asks, r.confirmed || '-', new Date(r.since).toISOString().slice(0, 16).replace('T', ' ')])))
    })

  const toggle = (disabled: boolean) => async (phone: string) => {
    const r = await setDisabled(await open(), phone, disabled, io.now())
    const redisUrl = io.env.REDIS_URL
    if (redisUrl && r.status === 'changed') await announceChange(redisUrl, { users: [r.userId], sessions: r.ended })
    if (r.ended.length && redisUrl) await announceEnded(redisUrl, r.ended)
    const who = maskPhone(phone)
    if (!disabled) io.out(r.status === 'changed' ? `enabled ${who}: it may sign in again` : `${who} is already enabled: unchanged`)
    else
      io.out(
        `${r.status === 'changed' ? `disabled ${who}` : `${who} is already disabled`}: ${r.ended.length} session(s) ended; ${
          r.ended.length === 0 ? 'no live connection to close' : redisUrl ? 'every node was told to close its live connections' : 'the server closes its live connections within 5 s'
        }`,
      )
  }
  program
    .command('disable <phone>')
    .description('disable an account: its sessions end, its calls are refused and its live connections close on every node')
    .addHelpText('after', '\nExample:\n  npm run admin -- disable 13800138000')
    .action(toggle(true))
  program
    .command('enable <phone>')
    .description('enable a disabled account again (it signs in anew)')
    .addHelpText('after', '\nExample:\n  npm run admin -- enable 13800138000')
    .action(toggle(false))

  try {
    await program.parseAsync([...argv], { from: 'user' })
    return 0
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode
    if (e instanceof AdminError) {
      io.err(e.message)
      for (const p of e.problems) io.err(`  line ${p.line}: ${p.reason}`)
      return 1
    }
    // SQLite gave up waiting for another process's write (busy_timeout): the transaction wrote nothing.
    if (e instanceof Error && 'code' in e && e.code === 'SQLITE_BUSY') {
      io.err('the database is busy with another write (another import?): nothing was written; run the command again')
      return 1
    }
    if (e instanceof Error && 'code' in e && e.code === 'ENOENT') {
      io.err(e.message)
      return 1
    }
    throw e
  } finally {
    const h = handle as { db: Db } | null
    await h?.db.destroy()
  }
}
