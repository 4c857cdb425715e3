/** Demo data of docs/contract.md, created once when the database is empty. */
import type { Db } from './connect'
import { hashPassword } from '../services/crypto'
import { STUDENT_PERMS, STUDENT_ROLES } from '../services/users'
import { TEACHER_ROLE } from '../../src/contract/tasks'

export const DEMO = {
  password: 'Passw0rd!',
  /** The demo students are 14 or older (born January 2008 and 2009), so no guardian is asked (docs/privacy.md). */
  student: { phone: '+8613800138000', name: 'Demo Student', grade: '七年级', className: '2班', birth: { year: 2008, month: 1 } },
  smsOnly: { phone: '+8613900139000', name: 'Demo Reader', grade: '八年级', className: '1班', birth: { year: 2009, month: 1 } },
  /** A teacher of Demo School (membership role 'teacher'): may assign tasks there (POST /api/tasks). */
  teacher: { phone: '+8613600136000', name: '李老师', grade: '教师', className: '语文组' },
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
    `  teacher   phone 13600136000  password ${DEMO.password}  (Demo School; assigns tasks: npm run demo:task)`,
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
