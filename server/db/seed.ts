/** Demo data of docs/contract.md ("Demo data"): the accounts, created once when the database is empty, and the teacher's class, filled in an existing database too. */
import type { Db } from './connect'
import { hashPassword } from '../services/crypto'
import { ensureClass } from '../services/teacher'
import { newInviteCode, STUDENT_PERMS, STUDENT_ROLES } from '../services/users'
import { TEACHER_ROLE } from '../../src/contract/tasks'

export const DEMO = {
  password: 'Passw0rd!',
  /** The demo students are 14 or older (born January 2008 and 2009), so no guardian is asked (docs/privacy.md). */
  student: { phone: '+8613800138000', name: 'Demo Student', grade: '七年级', className: '2班', birth: { year: 2008, month: 1 } },
  smsOnly: { phone: '+8613900139000', name: 'Demo Reader', grade: '八年级', className: '1班', birth: { year: 2009, month: 1 } },
  /** A teacher of Demo School (membership role 'teacher') who teaches the demo student's class, 七年级 2班. */
  teacher: { phone: '+8613600136000', name: '李老师', grade: '教师', className: '语文组' },
  /**
   * An account with both sides: a teacher of Demo School's 八年级 1班 (the SMS-only reader's class) and a
   * student of Demo Academy's 七年级 2班, to switch between the two.
   */
  both: { phone: '+8613700137000', name: '周老师', grade: '七年级', className: '2班', teaches: { grade: '八年级', className: '1班' } },
  orgs: [
    { code: 'DEMO', name: 'Demo School' },
    { code: 'ACADEMY', name: 'Demo Academy' },
  ],
  inviteCode: 'DEMO2023',
  /** OIDC demo identity linked to the demo student (the other, `newcomer`, has no account). */
  oidcReader: 'reader',
} as const

/** Identity-provider key of the embedded OIDC provider (its issuer URL varies with the request origin). */
export const LOCAL_OIDC_PROVIDER = 'oidc:local'

/**
 * The demo accounts' password hash, made once per process: every demo account already shares it, and a
 * process that seeds several databases (the tests build an app per test) need not pay argon2 each time.
 */
let demoHash: Promise<string> | undefined

/** Returns true when it created the data. */
export async function seedDemo(db: Db, now: number): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst()
  if (any) return false
  demoHash ??= hashPassword(DEMO.password)
  const passwordHash = await demoHash
  await db.transaction().execute(async (trx) => {
    const orgIds: string[] = []
    for (const o of DEMO.orgs) {
      const id = crypto.randomUUID()
      orgIds.push(id)
      await trx.insertInto('orgs').values({ id, code: o.code, name: o.name, created_at: now }).execute()
    }
    const person = async (p: { phone: string; name: string; grade: string; className: string; birth?: { year: number; month: number } }, hash: string | null, orgs: string[], roles: readonly string[] = STUDENT_ROLES) => {
      const userId = crypto.randomUUID()
      const studentId = crypto.randomUUID()
      await trx.insertInto('users').values({ id: userId, phone: p.phone, password_hash: hash, status: 'active', created_at: now, updated_at: now }).execute()
      // The demo accounts' classes are confirmed, as their teacher would have done (docs/security.md, "Class membership").
      await trx.insertInto('students').values({ id: studentId, user_id: userId, name: p.name, grade: p.grade, class_name: p.className, confirmed_grade: p.grade, confirmed_class: p.className, birth_year: p.birth?.year ?? null, birth_month: p.birth?.month ?? null, avatar: null, created_at: now, updated_at: now }).execute()
      for (const [i, orgId] of orgs.entries()) {
        await trx
          .insertInto('memberships')
          .values({ student_id: studentId, org_id: orgId, roles: JSON.stringify(roles), perms: JSON.stringify(STUDENT_PERMS), is_primary: i === 0 ? 1 : 0, created_at: now + i })
          .execute()
      }
      return userId
    }
    const student = await person(DEMO.student, passwordHash, orgIds)
    await person(DEMO.smsOnly, null, orgIds.slice(0, 1))
    await person(DEMO.teacher, passwordHash, orgIds.slice(0, 1), [TEACHER_ROLE])
    await trx.insertInto('invite_codes').values({ code: DEMO.inviteCode, owner_user_id: student, created_at: now }).execute()
    await trx.insertInto('oauth_identities').values({ provider: LOCAL_OIDC_PROVIDER, subject: DEMO.oidcReader, user_id: student, created_at: now }).execute()
  })
  return true
}

export function demoBanner(): string[] {
  return [
    'Demo accounts:',
    `  student   phone 13800138000  password ${DEMO.password}  (Demo School + Demo Academy)`,
    '  SMS-only  phone 13900139000  no password: log in with an SMS code (dev outbox: GET /api/dev/sms/outbox?phone=…)',
    `  OAuth     /oidc identities: reader / ${DEMO.password} (linked to the student), newcomer / ${DEMO.password} (no account)`,
    `  teacher   phone 13600136000  password ${DEMO.password}  (Demo School, teaches 七年级 2班: its requests, tasks and progress in the app at /teacher)`,
    `  both      phone 13700137000  password ${DEMO.password}  (teacher of Demo School 八年级 1班 and student of Demo Academy: switches sides)`,
    '            七年级 2班 has students waiting, confirmed, who read and who finished a task; npm run demo:task assigns one from a script',
    `  orgs      DEMO (Demo School), ACADEMY (Demo Academy); invitation code ${DEMO.inviteCode}`,
  ]
}

/** The demo student's Mother's Day card; fixed ids, so running it again changes nothing. */
export const DEMO_CARD = {
  id: 'demo-card',
  design: 'carnation',
  recipient: '妈妈',
  message: '妈妈，谢谢您每天陪我读书。母亲节快乐！',
} as const

/** Adds the demo card when the demo student exists and the card does not (an older database gains it too). */
export async function seedDemoCard(db: Db, now: number): Promise<void> {
  const exists = await db.selectFrom('cards').select('id').where('id', '=', DEMO_CARD.id).executeTakeFirst()
  if (exists) return
  const owner = await db.selectFrom('users').select('id').where('phone', '=', DEMO.student.phone).executeTakeFirst()
  if (!owner) return
  await db
    .insertInto('cards')
    .values({ id: DEMO_CARD.id, user_id: owner.id, design: DEMO_CARD.design, recipient: DEMO_CARD.recipient, message: DEMO_CARD.message, audio_id: null, shareable: 1, deleted_at: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

/**
 * Demo School's 七年级 2班 as its teacher sees it (docs/contract.md "Demo data"): taught by the demo teacher,
 * with students in every state — two waiting for confirmation (one under 14 without a guardian's consent,
 * so limited), and confirmed ones who have not opened, have read and have finished the first open task —
 * and the account with both sides. Every row is looked up first, so an existing database gains what it
 * lacks and a second run changes nothing. Runs after seedDemoContent (the open tasks).
 */
export const DEMO_CLASS_STUDENTS = [
  { phone: '+8613700137601', name: '张小明', birth: { year: 2014, month: 3 }, state: 'waiting' },
  { phone: '+8613700137602', name: '刘芳', birth: { year: 2011, month: 9 }, state: 'waiting' },
  { phone: '+8613700137603', name: '陈浩', birth: { year: 2011, month: 5 }, state: 'not-opened' },
  { phone: '+8613700137604', name: '王丽', birth: { year: 2011, month: 2 }, state: 'read' },
  { phone: '+8613700137605', name: '赵强', birth: { year: 2010, month: 11 }, state: 'done' },
] as const

/** The open task whose progress the demo class shows (server/db/seedContent.ts DEMO_OPEN_TASKS). */
export const DEMO_PROGRESS_TASK = 'demo-task-week'

export async function seedTeacherDemo(db: Db, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const orgs = new Map((await trx.selectFrom('orgs').select(['id', 'code']).execute()).map((o) => [o.code, o.id]))
    const demo = orgs.get('DEMO')
    const teacher = await trx.selectFrom('users').select('id').where('phone', '=', DEMO.teacher.phone).executeTakeFirst()
    if (!demo || !teacher) return
    const teach = async (userId: string, orgId: string, grade: string, className: string) => {
      const classId = await ensureClass(trx, orgId, grade, className, now)
      await trx.insertInto('teacher_classes').values({ user_id: userId, class_id: classId, created_at: now }).onConflict((oc) => oc.columns(['user_id', 'class_id']).doNothing()).execute()
      return classId
    }
    await teach(teacher.id, demo, DEMO.student.grade, DEMO.student.className)
    demoHash ??= hashPassword(DEMO.password)
    const passwordHash = await demoHash
    const account = async (p: { phone: string; name: string; grade: string; className: string; birth?: { year: number; month: number } }, confirmed: boolean, orgs: { id: string; roles: readonly string[] }[]) => {
      const found = await trx.selectFrom('users').innerJoin('students', 'students.user_id', 'users.id').select(['users.id as userId', 'students.id as studentId']).where('users.phone', '=', p.phone).executeTakeFirst()
      if (found) return found
      if (await trx.selectFrom('users').select('id').where('phone', '=', p.phone).executeTakeFirst()) return null
      const userId = crypto.randomUUID()
      const studentId = crypto.randomUUID()
      await trx.insertInto('users').values({ id: userId, phone: p.phone, password_hash: passwordHash, status: 'active', created_at: now, updated_at: now }).execute()
      await trx
        .insertInto('students')
        .values({ id: studentId, user_id: userId, name: p.name, grade: p.grade, class_name: p.className, confirmed_grade: confirmed ? p.grade : null, confirmed_class: confirmed ? p.className : null, birth_year: p.birth?.year ?? null, birth_month: p.birth?.month ?? null, avatar: null, created_at: now, updated_at: now })
        .execute()
      for (const [i, o] of orgs.entries()) {
        await trx.insertInto('memberships').values({ student_id: studentId, org_id: o.id, roles: JSON.stringify(o.roles), perms: JSON.stringify(STUDENT_PERMS), is_primary: i === 0 ? 1 : 0, created_at: now + i }).execute()
      }
      // A finished account has its invitation code, as registration gives one.
      await trx.insertInto('invite_codes').values({ code: newInviteCode(), owner_user_id: userId, created_at: now }).execute()
      return { userId, studentId }
    }
    const task = await trx.selectFrom('tasks').select(['id', 'created_at']).where('id', '=', DEMO_PROGRESS_TASK).executeTakeFirst()
    for (const [i, s] of DEMO_CLASS_STUDENTS.entries()) {
      const made = await account({ ...s, grade: DEMO.student.grade, className: DEMO.student.className }, s.state !== 'waiting', [{ id: demo, roles: STUDENT_ROLES }])
      if (!made || !task) continue
      const at = Number(task.created_at) + (i + 1) * 600_000
      if (s.state === 'read' || s.state === 'done') await trx.insertInto('task_reads').values({ task_id: task.id, student_id: made.studentId, read_at: at }).onConflict((oc) => oc.columns(['task_id', 'student_id']).doNothing()).execute()
      if (s.state === 'done') await trx.insertInto('task_completions').values({ task_id: task.id, student_id: made.studentId, done_at: at + 1_800_000 }).onConflict((oc) => oc.columns(['task_id', 'student_id']).doNothing()).execute()
    }
    const academy = orgs.get('ACADEMY')
    const both = await account(DEMO.both, true, [{ id: demo, roles: [TEACHER_ROLE] }, ...(academy ? [{ id: academy, roles: STUDENT_ROLES }] : [])])
    if (both) await teach(both.userId, demo, DEMO.both.teaches.grade, DEMO.both.teaches.className)
  })
}

/**
 * A school's worth of students for a load test (`npm run bench:morning`, docs/cluster.md): `count` accounts
 * with phones `+86` followed by `firstPhone`, `firstPhone + 1`, …, in the organisation `org` (made when
 * missing), in confirmed classes of 40, born in January 2010 (14 or older: nobody is asked for a guardian).
 * No password: they sign in with an SMS code, as a phone does, so seeding pays argon2id not even once.
 * Written in batches in one transaction; a number that already has an account is an error.
 */
export async function seedStudents(db: Db, now: number, opts: { count: number; firstPhone: number; org: { code: string; name: string } }): Promise<void> {
  const BATCH = 250
  await db.transaction().execute(async (trx) => {
    let orgId = (await trx.selectFrom('orgs').select('id').where('code', '=', opts.org.code).executeTakeFirst())?.id
    if (!orgId) {
      orgId = crypto.randomUUID()
      await trx.insertInto('orgs').values({ id: orgId, code: opts.org.code, name: opts.org.name, created_at: now }).execute()
    }
    for (let from = 0; from < opts.count; from += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, opts.count - from) }, (_, k) => {
        const i = from + k
        const klass = `${Math.floor(i / 40) + 1}班`
        return { i, userId: crypto.randomUUID(), studentId: crypto.randomUUID(), klass }
      })
      await trx.insertInto('users').values(rows.map((r) => ({ id: r.userId, phone: `+86${opts.firstPhone + r.i}`, password_hash: null, status: 'active' as const, created_at: now, updated_at: now }))).execute()
      await trx
        .insertInto('students')
        .values(rows.map((r) => ({ id: r.studentId, user_id: r.userId, name: `学生${r.i + 1}`, grade: '七年级', class_name: r.klass, confirmed_grade: '七年级', confirmed_class: r.klass, birth_year: 2010, birth_month: 1, avatar: null, created_at: now, updated_at: now })))
        .execute()
      await trx
        .insertInto('memberships')
        .values(rows.map((r) => ({ student_id: r.studentId, org_id: orgId, roles: JSON.stringify(STUDENT_ROLES), perms: JSON.stringify(STUDENT_PERMS), is_primary: 1, created_at: now })))
        .execute()
    }
  })
}
