/**
 * What the operator's command line does to the database (docs/running.md, "Operating a school"):
 * organisations, the import of teachers and the classes they teach, the lists, and disabling an account.
 * Each write is one transaction. Works on SQLite and PostgreSQL through the server's own database code.
 */
import { TEACHER_ROLE } from '../../src/contract/tasks'
import { maskPhone, normalizePhone } from '../../src/contract/phone'
import { sql, type Insertable } from 'kysely'
import type { Db } from '../db/connect'
import type { ClassTable, MembershipTable, StudentTable, TeacherClassTable, UserTable } from '../db/schema'
import { revokeUserSessions } from '../services/sessions'
import { pendingRows } from '../services/teacher'
import { parseList, STUDENT_PERMS } from '../services/users'
import type { RosterProblem, RosterRow } from './roster'

/** Thrown for what the operator must fix; the command line prints the message (and the problems) and exits 1. */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly problems: RosterProblem[] = [],
  ) {
    super(message)
  }
}

/** The profile an imported teacher gets: complete, so the app never asks for one (src/pages/Improve). */
export const TEACHER_PROFILE = { grade: '教师', className: '教师' } as const

const ORG_CODE = /^[A-Z0-9][A-Z0-9_-]{1,31}$/

/** Organisation codes are kept in capitals, as the app's calls send them (server/routes/classes.ts). */
export const orgCode = (code: string) => code.trim().toUpperCase()

export async function findOrg(db: Db, code: string): Promise<{ id: string; code: string; name: string }> {
  const org = await db.selectFrom('orgs').select(['id', 'code', 'name']).where('code', '=', orgCode(code)).executeTakeFirst()
  if (!org) throw new AdminError(`no organisation ${orgCode(code)} (npm run admin -- org list)`)
  return org
}

/** Adds an organisation; the same code and name again changes nothing, another name for a code is refused. */
export async function addOrg(db: Db, code: string, name: string, now: number): Promise<'added' | 'unchanged'> {
  const c = orgCode(code)
  const n = name.trim()
  if (!ORG_CODE.test(c)) throw new AdminError(`organisation code "${code}": 2 to 32 letters, digits, - or _`)
  if (!n || n.length > 64) throw new AdminError('organisation name: 1 to 64 characters')
  return db.transaction().execute(async (trx) => {
    const known = await trx.selectFrom('orgs').select(['name']).where('code', '=', c).executeTakeFirst()
    if (known) {
      if (known.name === n) return 'unchanged'
      throw new AdminError(`organisation ${c} already exists, named "${known.name}"`)
    }
    await trx.insertInto('orgs').values({ id: crypto.randomUUID(), code: c, name: n, created_at: now }).execute()
    return 'added'
  })
}

export async function listOrgs(db: Db): Promise<{ code: string; name: string; teachers: number; students: number }[]> {
  const orgs = await db.selectFrom('orgs').select(['id', 'code', 'name']).orderBy('code').execute()
  const members = await db.selectFrom('memberships').select(['org_id', 'roles']).execute()
  return orgs.map((o) => {
    const mine = members.filter((m) => m.org_id === o.id)
    const teachers = mine.filter((m) => parseList(m.roles).includes(TEACHER_ROLE)).length
    return { code: o.code, name: o.name, teachers, students: mine.length - teachers }
  })
}


export interface ImportResult {
  added: number
  updated: number
  unchanged: number
  classesAdded: number
  classesRemoved: number
}

/**
 * Imports teachers into an organisation, all or nothing: a row whose phone belongs to a student, or any
 * row the file check found wrong, stops it with every problem named by its line. A teacher already there
 * keeps the account: the name follows the file, and the classes become the file's. The same file again
 * changes nothing.
 */
export async function importTeachers(
  db: Db,
  kind: 'sqlite' | 'postgres',
  code: string,
  rows: readonly RosterRow[],
  fileProblems: readonly RosterProblem[],
  now: number,
  opts: { check?: boolean } = {},
): Promise<ImportResult> {
  const org = await findOrg(db, code)
  let checked: ImportResult | null = null
  return db
    .transaction()
    .execute(async (trx) => {
      // One import at a time, whatever the organisation (two files may name one phone): on PostgreSQL the
      // next waits for this one's commit; on SQLite this write takes the database's write lock first, so
      // another process's import waits for it (busy_timeout) instead of meeting it halfway.
      if (kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('habor:import'))`.execute(trx)
      else await trx.updateTable('orgs').set({ name: org.name }).where('id', '=', org.id).execute()
      // What the database holds for these phones and this organisation, read in a few queries: a school's
      // list of hundreds of teachers costs a handful of round trips, not several per row.
      const users = new Map((await chunked(rows.map((r) => r.phone), (part) => trx.selectFrom('users').select(['id', 'phone']).where('phone', 'in', part).where('status', '!=', 'deleted').execute())).map((u) => [u.phone!, u.id]))
      const students = new Map((await chunked([...users.values()], (part) => trx.selectFrom('students').select(['id', 'user_id', 'name']).where('user_id', 'in', part).execute())).map((s) => [s.user_id, s]))
      const memberships = groupBy(await chunked([...students.values()].map((s) => s.id), (part) => trx.selectFrom('memberships').select(['student_id', 'org_id', 'roles']).where('student_id', 'in', part).execute()), (m) => m.student_id)
      const classes = new Map((await trx.selectFrom('classes').select(['id', 'grade', 'class_name']).where('org_id', '=', org.id).execute()).map((c) => [`${c.grade}\n${c.class_name}`, c.id]))
      const held = groupBy(
        await chunked([...users.values()], (part) => trx.selectFrom('teacher_classes').innerJoin('classes', 'classes.id', 'teacher_classes.class_id').select(['teacher_classes.user_id', 'teacher_classes.class_id']).where('classes.org_id', '=', org.id).where('teacher_classes.user_id', 'in', part).execute()),
        (h) => h.user_id,
      )

      const problems = [...fileProblems]
      for (const row of rows) {
        const userId = users.get(row.phone)
        const student = userId ? students.get(userId) : undefined
        if (student && !(memberships.get(student.id) ?? []).some((m) => parseList(m.roles).includes(TEACHER_ROLE))) {
          problems.push({ line: row.line, reason: `phone ${maskPhone(row.phone)} belongs to a student's account` })
        }
      }
      if (problems.length) throw new AdminError('nothing was imported', problems.sort((x, y) => x.line - y.line))

      const r: ImportResult = { added: 0, updated: 0, unchanged: 0, classesAdded: 0, classesRemoved: 0 }
      const write = { users: [] as Insertable<UserTable>[], students: [] as Insertable<StudentTable>[], memberships: [] as Insertable<MembershipTable>[], classes: [] as Insertable<ClassTable>[], links: [] as Insertable<TeacherClassTable>[] }
      const unlink: { userId: string; classId: string }[] = []
      for (const row of rows) {
        let userId = users.get(row.phone)
        const known = userId !== undefined
        if (!userId) {
          userId = crypto.randomUUID()
          write.users.push({ id: userId, phone: row.phone, password_hash: null, status: 'active', created_at: now, updated_at: now })
        }
        const student = students.get(userId)
        let studentId = student?.id
        let changed = false
        if (!studentId) {
          // A complete profile with its class confirmed, as the demo teacher's (server/db/seed.ts).
          studentId = crypto.randomUUID()
          write.students.push({ id: studentId, user_id: userId, name: row.name, grade: TEACHER_PROFILE.grade, class_name: TEACHER_PROFILE.className, confirmed_grade: TEACHER_PROFILE.grade, confirmed_class: TEACHER_PROFILE.className, birth_year: null, birth_month: null, avatar: null, created_at: now, updated_at: now })
        } else if (student!.name !== row.name) {
          await trx.updateTable('students').set({ name: row.name, updated_at: now }).where('id', '=', studentId).execute()
          changed = true
        }
        const mine = memberships.get(studentId) ?? []
        const here = mine.find((m) => m.org_id === org.id)
        if (!here) {
          write.memberships.push({ student_id: studentId, org_id: org.id, roles: JSON.stringify([TEACHER_ROLE]), perms: JSON.stringify(STUDENT_PERMS), is_primary: mine.length === 0 ? 1 : 0, created_at: now })
          changed = true
        } else if (!parseList(here.roles).includes(TEACHER_ROLE)) {
          await trx.updateTable('memberships').set({ roles: JSON.stringify([...parseList(here.roles), TEACHER_ROLE]) }).where('student_id', '=', studentId).where('org_id', '=', org.id).execute()
          changed = true
        }
        // The teacher's classes here become exactly the file's; a class named for the first time is made.
        const wanted = new Set<string>()
        for (const c of row.classes) {
          const key = `${c.grade}\n${c.className}`
          let id = classes.get(key)
          if (!id) {
            id = crypto.randomUUID()
            classes.set(key, id)
            write.classes.push({ id, org_id: org.id, grade: c.grade, class_name: c.className, created_at: now })
          }
          wanted.add(id)
        }
        const had = new Set((held.get(userId) ?? []).map((h) => h.class_id))
        const added = [...wanted].filter((id) => !had.has(id))
        const removed = [...had].filter((id) => !wanted.has(id))
        for (const classId of added) write.links.push({ user_id: userId, class_id: classId, created_at: now })
        for (const classId of removed) unlink.push({ userId, classId })
        r.classesAdded += added.length
        r.classesRemoved += removed.length
        if (!known || !student) r.added++
        else if (changed || added.length || removed.length) r.updated++
        else r.unchanged++
      }
      // In the order the foreign keys ask for, a hundred rows a statement (well inside either database's
      // limit on parameters).
      for (const part of slices(write.users)) await trx.insertInto('users').values(part).execute()
      for (const part of slices(write.students)) await trx.insertInto('students').values(part).execute()
      for (const part of slices(write.memberships)) await trx.insertInto('memberships').values(part).execute()
      for (const part of slices(write.classes)) await trx.insertInto('classes').values(part).execute()
      for (const part of slices(write.links)) await trx.insertInto('teacher_classes').values(part).execute()
      for (const u of unlink) await trx.deleteFrom('teacher_classes').where('user_id', '=', u.userId).where('class_id', '=', u.classId).execute()
      if (opts.check) {
        // A check runs the whole import and rolls it back, so it finds what the real one would.
        checked = r
        throw new CheckOnly()
      }
      return r
    })
    .catch((e: unknown) => {
      if (e instanceof CheckOnly && checked) return checked
      throw e
    })
}

class CheckOnly extends Error {}

const slices = <T>(all: readonly T[], size = 100): T[][] => Array.from({ length: Math.ceil(all.length / size) }, (_, i) => all.slice(i * size, (i + 1) * size))

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const by = new Map<K, T[]>()
  for (const item of items) by.set(key(item), [...(by.get(key(item)) ?? []), item])
  return by
}

/** A query over a long list of keys, a few hundred keys at a time. */
async function chunked<K, R>(keys: readonly K[], query: (part: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = []
  for (const part of slices(keys, 500)) out.push(...(await query(part)))
  return out
}

export interface TeacherLine {
  phone: string
  name: string
  status: string
  classes: string[]
}

export async function listTeachers(db: Db, code: string): Promise<TeacherLine[]> {
  const org = await findOrg(db, code)
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('students', 'students.id', 'memberships.student_id')
    .innerJoin('users', 'users.id', 'students.user_id')
    .select(['users.id', 'users.phone', 'users.status', 'students.name', 'memberships.roles'])
    .where('memberships.org_id', '=', org.id)
    .orderBy('students.name')
    .execute()
  const teachers = rows.filter((r) => parseList(r.roles).includes(TEACHER_ROLE))
  const taught = await classesOfTeachers(db, org.id)
  return teachers.map((t) => ({ phone: t.phone ?? '', name: t.name, status: t.status, classes: taught.get(t.id) ?? [] }))
}

/** Each teacher's classes in the organisation, as "七年级 2班", by account. */
async function classesOfTeachers(db: Db, orgId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('teacher_classes')
    .innerJoin('classes', 'classes.id', 'teacher_classes.class_id')
    .select(['teacher_classes.user_id', 'classes.grade', 'classes.class_name'])
    .where('classes.org_id', '=', orgId)
    .execute()
  const by = new Map<string, string[]>()
  for (const r of rows.sort((x, y) => classOrder(x, y))) by.set(r.user_id, [...(by.get(r.user_id) ?? []), `${r.grade} ${r.class_name}`])
  return by
}

/**
 * The school's grades in order, in both languages (as the app's picker offers them, src/i18n/school.ts,
 * which the server does not import): a list sorts 七年级 before 八年级, not by pinyin.
 */
const GRADE_ORDER = ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '七年级', '八年级', '九年级', '高一', '高二', '高三']
const gradeRank = (grade: string): number => {
  const zh = GRADE_ORDER.indexOf(grade)
  if (zh >= 0) return zh
  const en = /^Grade (\d+)$/.exec(grade)
  return en ? Number(en[1]) - 1 : GRADE_ORDER.length
}

/** Grades and classes in their natural order: 七年级 before 八年级, 2班 before 10班; unknown grades last. */
const classOrder = (a: { grade: string; class_name: string }, b: { grade: string; class_name: string }) =>
  gradeRank(a.grade) - gradeRank(b.grade) || a.grade.localeCompare(b.grade, 'zh-Hans-CN', { numeric: true }) || a.class_name.localeCompare(b.class_name, 'zh-Hans-CN', { numeric: true })

export interface ClassLine {
  label: string
  teachers: string[]
  students: number
}

/** The organisation's classes, each with its teachers and the students whose class a teacher confirmed. */
export async function listClasses(db: Db, code: string): Promise<ClassLine[]> {
  const org = await findOrg(db, code)
  const classes = await db.selectFrom('classes').select(['id', 'grade', 'class_name']).where('org_id', '=', org.id).execute()
  const teachers = await db
    .selectFrom('teacher_classes')
    .innerJoin('classes', 'classes.id', 'teacher_classes.class_id')
    .innerJoin('students', 'students.user_id', 'teacher_classes.user_id')
    .select(['teacher_classes.class_id', 'students.name'])
    .where('classes.org_id', '=', org.id)
    .orderBy('students.name')
    .execute()
  const students = await db
    .selectFrom('students')
    .innerJoin('memberships', 'memberships.student_id', 'students.id')
    .innerJoin('users', 'users.id', 'students.user_id')
    .select(['students.confirmed_grade', 'students.confirmed_class', 'memberships.roles'])
    .where('memberships.org_id', '=', org.id)
    .where('users.status', '=', 'active')
    .execute()
  return classes.sort(classOrder).map((c) => ({
    label: `${c.grade} ${c.class_name}`,
    teachers: teachers.filter((t) => t.class_id === c.id).map((t) => t.name),
    students: students.filter((s) => s.confirmed_grade === c.grade && s.confirmed_class === c.class_name && !parseList(s.roles).includes(TEACHER_ROLE)).length,
  }))
}

export interface RequestLine {
  name: string
  phone: string
  asks: string
  confirmed: string
  since: number
}

/**
 * Students whose declared class waits for a teacher's confirmation: the list the organisation's teachers
 * see (server/services/teacher.ts: not refused, staff left out, the oldest first), with their phones.
 */
export async function listRequests(db: Db, code: string): Promise<RequestLine[]> {
  const org = await findOrg(db, code)
  const rows = await pendingRows(db, org.id)
  const phones = new Map((await chunked(rows.map((r) => r.user_id), (part) => db.selectFrom('users').select(['id', 'phone']).where('id', 'in', part).execute())).map((u) => [u.id, u.phone]))
  return rows.map((r) => ({
    name: r.name,
    phone: phones.get(r.user_id) ?? '',
    asks: `${r.grade} ${r.class_name}`,
    confirmed: r.confirmed_grade != null && r.confirmed_class != null ? `${r.confirmed_grade} ${r.confirmed_class}` : '',
    since: Number(r.updated_at),
  }))
}

/**
 * Disables an account (its sessions end: every call of them is refused from the commit on, and its
 * sign-ins answer 200003) or enables it again (it signs in anew). Returns the ended sessions, whose live
 * connections the caller announces (./notify.ts).
 */
export async function setDisabled(db: Db, phoneText: string, disabled: boolean, now: number): Promise<{ status: 'changed' | 'unchanged'; ended: string[]; userId: string }> {
  const phone = normalizePhone(phoneText)
  if (!phone) throw new AdminError(`bad phone "${phoneText}" (11 digits starting with 1)`)
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'status']).where('phone', '=', phone).where('status', '!=', 'deleted').executeTakeFirst()
    if (!user) throw new AdminError(`no account with phone ${maskPhone(phone)}`)
    const want = disabled ? 'disabled' : 'active'
    if (user.status !== want) await trx.updateTable('users').set({ status: want, updated_at: now }).where('id', '=', user.id).execute()
    // Sessions left live by an earlier disable that raced a sign-in end here too.
    const ended = disabled ? await revokeUserSessions(trx, user.id, 'disabled', now) : []
    return { status: user.status !== want || ended.length ? 'changed' : 'unchanged', ended, userId: user.id }
  })
}

