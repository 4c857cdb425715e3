/** Accounts and profiles: lookups, the flags of docs/contract.md, the user-info object, deletion. */
import type { OrgRef, StudentProfile } from '../../src/contract'
import type { Db } from '../db/connect'
import { prepared } from '../db/prepared'
import type { UserTable } from '../db/schema'
import { birthFrom, consentFrom, isStaffRoles, limitFrom, NEWEST_CONSENT, type GuardianFacts } from './limits'
import type { Sessions, Trx } from './sessions'

export const STUDENT_ROLES = ['student']
export const STUDENT_PERMS = ['content:read', 'opus:write', 'report:create', 'invite:share']

export type UserRow = Pick<UserTable, 'id' | 'phone' | 'password_hash' | 'status' | 'created_at'>

export const findUserByPhone = (db: Trx, phone: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').select(['id', 'phone', 'password_hash', 'status', 'created_at']).where('phone', '=', phone).where('status', '!=', 'deleted').executeTakeFirst()

export const findUser = (db: Trx, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').select(['id', 'phone', 'password_hash', 'status', 'created_at']).where('id', '=', id).executeTakeFirst()

export async function createUser(db: Trx, now: number, phone: string | null, passwordHash: string | null = null): Promise<string> {
  const id = crypto.randomUUID()
  await db.insertInto('users').values({ id, phone, password_hash: passwordHash, status: 'active', created_at: now, updated_at: now }).execute()
  return id
}

/**
 * The account of a phone, made when there is none. Two first logins of one new phone in parallel end in
 * the same single account: the later insert yields to the earlier one's row instead of failing on the
 * unique phone.
 */
export async function findOrCreateByPhone(db: Trx, now: number, phone: string): Promise<string> {
  const known = await findUserByPhone(db, phone)
  if (known) return known.id
  await db
    .insertInto('users')
    .values({ id: crypto.randomUUID(), phone, password_hash: null, status: 'active', created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute()
  const row = await findUserByPhone(db, phone)
  if (!row) throw new Error('account of a phone vanished while it was made')
  return row.id
}

export async function hasProfile(db: Trx, userId: string): Promise<boolean> {
  return (await db.selectFrom('students').select('id').where('user_id', '=', userId).executeTakeFirst()) !== undefined
}

export interface Flags {
  isReg: boolean
  isPassword: boolean
  isPhone: boolean
}

/** isReg: the account still needs steps (a phone or the profile) before it is a complete student. */
export async function flagsOf(db: Trx, user: UserRow): Promise<Flags> {
  const complete = await hasProfile(db, user.id)
  return { isReg: !complete || user.phone === null, isPassword: user.password_hash !== null, isPhone: user.phone !== null }
}

/** A membership's roles or permissions as stored (a JSON list); anything else reads as none. */
export const parseList = (s: string): string[] => {
  try {
    const v: unknown = JSON.parse(s)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

export interface Membership {
  org: OrgRef
  roles: string[]
  perms: string[]
  primary: boolean
}

type MembershipRow = { id: string; name: string; code: string; roles: string; perms: string; is_primary: number }

const toMembership = (r: MembershipRow): Membership => ({ org: { id: r.id, name: r.name, code: r.code }, roles: parseList(r.roles), perms: parseList(r.perms), primary: r.is_primary === 1 })

export async function membershipsOf(db: Trx, studentId: string): Promise<Membership[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('orgs', 'orgs.id', 'memberships.org_id')
    .select(['orgs.id', 'orgs.name', 'orgs.code', 'memberships.roles', 'memberships.perms', 'memberships.is_primary', 'memberships.created_at'])
    .where('memberships.student_id', '=', studentId)
    .orderBy('memberships.is_primary', 'desc')
    .orderBy('memberships.created_at')
    .orderBy('orgs.code')
    .execute()
  return rows.map(toMembership)
}

/** A session with its account, profile and memberships, as the auth plugin reads them for a call. */
export interface SessionAccount {
  /** For `isLive` (services/sessions): the session check is part of this read. */
  session: { user_id: string; revoked_at: number | null; status: string }
  user: { id: string; phone: string | null; hasPassword: boolean; createdAt: number }
  /**
   * null until the registration's Improve step. `confirmed`: the class a teacher confirmed, which tasks
   * come from (docs/security.md "Class membership"), also after the student declared another.
   */
  student: { id: string; name: string; grade: string; className: string; avatar: string | null; classConfirmed: boolean; confirmed: { grade: string; className: string } | null } | null
  inviteCode: string | null
  /** The class a teacher confirmed (the one the student's tasks come from), whatever the profile declares now. */
  confirmedClass: { grade: string; className: string } | null
  /** Primary first, then by joining time. */
  memberships: Membership[]
  /** What the limited rule needs (services/limits.ts), read with the rest: no call reads it again. */
  guardian: GuardianFacts
}

const sessionAccountRows = prepared((db, sessionId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('students', 'students.user_id', 'users.id')
    .leftJoin('invite_codes', 'invite_codes.owner_user_id', 'users.id')
    .leftJoin('memberships', 'memberships.student_id', 'students.id')
    .leftJoin('orgs', 'orgs.id', 'memberships.org_id')
    .leftJoin('guardian_consents as c', (join) => join.onRef('c.user_id', '=', 'users.id').on(NEWEST_CONSENT))
    .select((eb) => [
      'sessions.user_id',
      'sessions.revoked_at',
      'users.status',
      'users.phone',
      'users.created_at',
      eb('users.password_hash', 'is not', null).as('has_password'),
      'students.id as student_id',
      'students.name as student_name',
      'students.grade',
      'students.class_name',
      'students.confirmed_grade',
      'students.confirmed_class',
      'students.avatar',
      'students.birth_year',
      'students.birth_month',
      'c.rules_version as c_rules_version',
      'c.consented_at as c_consented_at',
      'c.withdrawn_at as c_withdrawn_at',
      'c.guardian_phone as c_guardian_phone',
      'invite_codes.code as invite_code',
      'orgs.id as org_id',
      'orgs.name as org_name',
      'orgs.code as org_code',
      'memberships.roles',
      'memberships.perms',
      'memberships.is_primary',
    ])
    .where('sessions.id', '=', sessionId)
    .orderBy('memberships.is_primary', 'desc')
    .orderBy('memberships.created_at')
    .orderBy('orgs.code'),
)

/**
 * Reads a session, its user, profile, invitation code, memberships and the facts of the limited rule (age
 * and newest consent) in one query (one row per membership): an authenticated call needs all of them and
 * each query costs more than the join.
 * Undefined when the session does not exist; the caller decides liveness with `isLive`.
 */
export async function sessionAccount(db: Db, sessionId: string): Promise<SessionAccount | undefined> {
  const rows = await sessionAccountRows(db, sessionId)
  const first = rows[0]
  if (!first) return undefined
  const memberships: Membership[] = []
  for (const r of rows) {
    if (r.org_id === null || r.org_name === null || r.org_code === null || r.roles === null || r.perms === null || r.is_primary === null) continue
    memberships.push(toMembership({ id: r.org_id, name: r.org_name, code: r.org_code, roles: r.roles, perms: r.perms, is_primary: r.is_primary }))
  }
  const s = first
  return {
    session: { user_id: s.user_id, revoked_at: s.revoked_at, status: s.status },
    // SQLite answers the comparison as 0/1, PostgreSQL as a boolean.
    user: { id: s.user_id, phone: s.phone, hasPassword: Boolean(s.has_password), createdAt: s.created_at },
    student:
      s.student_id !== null && s.student_name !== null && s.grade !== null && s.class_name !== null
        ? {
            id: s.student_id,
            name: s.student_name,
            grade: s.grade,
            className: s.class_name,
            avatar: s.avatar,
            classConfirmed: s.confirmed_grade === s.grade && s.confirmed_class === s.class_name,
            confirmed: s.confirmed_grade !== null && s.confirmed_class !== null ? { grade: s.confirmed_grade, className: s.confirmed_class } : null,
          }
        : null,
    inviteCode: s.invite_code,
    confirmedClass: s.confirmed_grade !== null && s.confirmed_class !== null ? { grade: s.confirmed_grade, className: s.confirmed_class } : null,
    memberships,
    guardian: { staff: isStaffRoles(memberships.map((m) => m.roles)), birth: birthFrom(s), consent: consentFrom(s) },
  }
}

/**
 * The user-info object of GET /auth/student; `orgId` picks the current org (already checked), `now` (the
 * injected clock) decides the age. Null without a profile.
 */
export function profileOf(account: SessionAccount, orgId: string | undefined, now: number): StudentProfile | null {
  const { user, student, memberships: ms } = account
  if (!student) return null
  const current = ms.find((m) => m.org.id === orgId) ?? ms.find((m) => m.primary) ?? ms[0]
  const uniq = (xs: string[]) => [...new Set(xs)]
  return {
    id: user.id,
    studentId: student.id,
    name: student.name,
    phone: user.phone,
    avatar: student.avatar,
    grade: student.grade,
    className: student.className,
    classConfirmed: student.classConfirmed,
    org: current?.org ?? null,
    orgList: ms.map((m) => m.org),
    roleList: uniq((current ? [current] : ms).flatMap((m) => m.roles)),
    orgRoleList: ms.flatMap((m) => m.roles.map((r) => `${m.org.code}:${r}`)),
    permList: uniq((current ? [current] : ms).flatMap((m) => m.perms)),
    isPassword: user.hasPassword,
    inviteCode: account.inviteCode,
    createdAt: new Date(user.createdAt).toISOString(),
    limited: limitFrom(account.guardian, now),
    birthKnown: account.guardian.birth !== null,
  }
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export function newInviteCode(): string {
  const bytes = new Uint8Array(8)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('')
}

/**
 * Account deletion: the profile, memberships, identities, invite code and SMS codes go; the user row
 * stays as an anonymous tombstone (so invitation history keeps its shape) with no phone, so the phone can
 * register again; every session is revoked.
 */
/** Returns the ended sessions' ids (for Sessions.emitEnded once committed). */
export async function deleteAccount(trx: Trx, sessions: Sessions, userId: string, now: number): Promise<string[]> {
  const user = await findUser(trx, userId)
  const ended = await sessions.revokeAllForUser(trx, userId, 'account-deleted')
  await trx.deleteFrom('students').where('user_id', '=', userId).execute()
  await trx.deleteFrom('oauth_identities').where('user_id', '=', userId).execute()
  await trx.deleteFrom('invite_codes').where('owner_user_id', '=', userId).execute()
  await trx.deleteFrom('push_muted').where('user_id', '=', userId).execute()
  if (user?.phone) await trx.deleteFrom('sms_codes').where('phone', '=', user.phone).where('consumed_at', 'is not', null).execute()
  await trx.updateTable('users').set({ phone: null, password_hash: null, status: 'deleted', updated_at: now }).where('id', '=', userId).execute()
  return ended
}
