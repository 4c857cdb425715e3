/** Accounts and profiles: lookups, the flags of DESIGN "Flags", the user-info object, deletion. */
import type { OrgRef, StudentProfile } from '../../src/contract'
import type { Db } from '../db/connect'
import type { UserTable } from '../db/schema'
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

const parseList = (s: string): string[] => {
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
  return rows.map((r) => ({ org: { id: r.id, name: r.name, code: r.code }, roles: parseList(r.roles), perms: parseList(r.perms), primary: r.is_primary === 1 }))
}

/** The user-info object of GET /auth/student; `orgId` picks the current org (already checked). */
export async function buildProfile(db: Db, userId: string, orgId?: string): Promise<StudentProfile | null> {
  const row = await db
    .selectFrom('students')
    .innerJoin('users', 'users.id', 'students.user_id')
    .select(['students.id as studentId', 'students.name', 'students.grade', 'students.class_name', 'students.avatar', 'users.id', 'users.phone', 'users.password_hash', 'users.created_at'])
    .where('users.id', '=', userId)
    .executeTakeFirst()
  if (!row) return null
  const ms = await membershipsOf(db, row.studentId)
  const invite = await db.selectFrom('invite_codes').select('code').where('owner_user_id', '=', userId).executeTakeFirst()
  const current = ms.find((m) => m.org.id === orgId) ?? ms.find((m) => m.primary) ?? ms[0]
  const uniq = (xs: string[]) => [...new Set(xs)]
  return {
    id: row.id,
    studentId: row.studentId,
    name: row.name,
    phone: row.phone,
    avatar: row.avatar,
    grade: row.grade,
    className: row.class_name,
    org: current?.org ?? null,
    orgList: ms.map((m) => m.org),
    roleList: uniq((current ? [current] : ms).flatMap((m) => m.roles)),
    orgRoleList: ms.flatMap((m) => m.roles.map((r) => `${m.org.code}:${r}`)),
    permList: uniq((current ? [current] : ms).flatMap((m) => m.perms)),
    isPassword: row.password_hash !== null,
    inviteCode: invite?.code ?? null,
    createdAt: new Date(row.created_at).toISOString(),
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
export async function deleteAccount(trx: Trx, sessions: Sessions, userId: string, now: number): Promise<void> {
  const user = await findUser(trx, userId)
  await sessions.revokeAllForUser(trx, userId, 'account-deleted')
  await trx.deleteFrom('students').where('user_id', '=', userId).execute()
  await trx.deleteFrom('oauth_identities').where('user_id', '=', userId).execute()
  await trx.deleteFrom('invite_codes').where('owner_user_id', '=', userId).execute()
  if (user?.phone) await trx.deleteFrom('sms_codes').where('phone', '=', user.phone).where('consumed_at', 'is not', null).execute()
  await trx.updateTable('users').set({ phone: null, password_hash: null, status: 'deleted', updated_at: now }).where('id', '=', userId).execute()
}
