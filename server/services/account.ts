/**
 * An account's own writes (routes/account.ts, routes/auth.ts): its password and phone, the sign-in
 * identities linked to it, the profile of the registration's Improve step with its organisation,
 * invitation code and the invitation it came with, and later edits.
 */
import { CODE } from '../../src/contract'
import { ApiError } from '../errors'
import { STUDENT_PERMS, STUDENT_ROLES, newInviteCode } from './users'
import type { Trx } from './sessions'

/** The organisation with this code (as typed: trimmed and upper-cased here). */
export const orgByCode = (db: Trx, code: string) => db.selectFrom('orgs').select(['id']).where('code', '=', code.trim().toUpperCase()).executeTakeFirst()

/** Sets the password; `firstOnly`: only when the account has none yet (a reset during registration). */
export async function setPassword(db: Trx, userId: string, hash: string, now: number, { firstOnly = false } = {}): Promise<void> {
  let q = db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', userId)
  if (firstOnly) q = q.where('password_hash', 'is', null)
  await q.execute()
}

export async function setPhone(trx: Trx, userId: string, phone: string, now: number): Promise<void> {
  await trx.updateTable('users').set({ phone, updated_at: now }).where('id', '=', userId).execute()
}

/** The account an outside identity (OAuth, WeChat) is linked to. */
export async function identityOwner(trx: Trx, provider: string, subject: string): Promise<string | undefined> {
  return (await trx.selectFrom('oauth_identities').select('user_id').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst())?.user_id
}

export async function linkIdentity(trx: Trx, provider: string, subject: string, userId: string, now: number): Promise<void> {
  await trx.insertInto('oauth_identities').values({ provider, subject, user_id: userId, created_at: now }).execute()
}

/** Moves the identities of `shellId` (an empty account made at an OAuth sign-in) to `ownerId`, and removes the shell. */
export async function mergeShell(trx: Trx, shellId: string, ownerId: string): Promise<void> {
  await trx.updateTable('oauth_identities').set({ user_id: ownerId }).where('user_id', '=', shellId).execute()
  await trx.deleteFrom('users').where('id', '=', shellId).execute()
}

export interface ImprovedProfile {
  userId: string
  orgId: string
  name: string
  grade: string
  className: string
  birth: { year: number; month: number } | undefined
  /** An invitation code typed at registration, normalised; ignored when unknown, own or a second one. */
  inviteCode: string | undefined
  now: number
}

/**
 * The Improve step's writes, in the caller's transaction: the profile (made, or changed), the membership
 * of the organisation (joined once, when the profile is made: a finished account joins no other one), the account's own invitation code, and the invitation it came with. Returns the
 * student's id and, when an invitation was recorded, the inviter's account.
 */
export async function saveImprovedProfile(trx: Trx, p: ImprovedProfile): Promise<{ studentId: string; inviter: string | null }> {
  const { userId, now, birth } = p
  const existing = await trx.selectFrom('students').select('id').where('user_id', '=', userId).executeTakeFirst()
  let studentId = existing?.id
  if (studentId) {
    await trx.updateTable('students').set({ name: p.name, grade: p.grade, class_name: p.className, updated_at: now }).where('id', '=', studentId).execute()
    // The birth is given once; afterwards only a guardian corrects it (routes/guardian.ts).
    if (birth) await trx.updateTable('students').set({ birth_year: birth.year, birth_month: birth.month, birth_declared_by: 'student', birth_declared_at: now }).where('id', '=', studentId).where('birth_year', 'is', null).execute()
  } else {
    // The app sends the month and year of birth with a new profile (docs/privacy.md); without them (an
    // older app) the account is limited like one from before the question, and asked at its next start.
    studentId = crypto.randomUUID()
    await trx
      .insertInto('students')
      .values({ id: studentId, user_id: userId, name: p.name, grade: p.grade, class_name: p.className, birth_year: birth?.year ?? null, birth_month: birth?.month ?? null, birth_declared_by: birth ? 'student' : null, birth_declared_at: birth ? now : null, avatar: null, created_at: now, updated_at: now })
      .execute()
  }
  const member = await trx.selectFrom('memberships').select('org_id').where('student_id', '=', studentId).where('org_id', '=', p.orgId).executeTakeFirst()
  if (!member) {
    // Registering again adds no organisation to a finished account: a student joins an
    // organisation once, with its code, when the profile is made (docs/security.md, "Class membership").
    if (existing) throw new ApiError(CODE.ORG_NOT_IDENTIFIED, 'orgCode: this account already finished registering; it joins no other organisation here')
    await trx
      .insertInto('memberships')
      .values({ student_id: studentId, org_id: p.orgId, roles: JSON.stringify(STUDENT_ROLES), perms: JSON.stringify(STUDENT_PERMS), is_primary: existing ? 0 : 1, created_at: now })
      .execute()
  }
  const own = await trx.selectFrom('invite_codes').select('code').where('owner_user_id', '=', userId).executeTakeFirst()
  if (!own) await trx.insertInto('invite_codes').values({ code: newInviteCode(), owner_user_id: userId, created_at: now }).execute()
  let inviter: string | null = null
  if (p.inviteCode) {
    // An unknown, own or second invitation code is ignored: it must never block registration.
    const invite = await trx.selectFrom('invite_codes').select(['code', 'owner_user_id']).where('code', '=', p.inviteCode).executeTakeFirst()
    const already = await trx.selectFrom('invitations').select('id').where('invitee_user_id', '=', userId).executeTakeFirst()
    if (invite && invite.owner_user_id !== userId && !already) {
      await trx.insertInto('invitations').values({ id: crypto.randomUUID(), code: invite.code, inviter_user_id: invite.owner_user_id, invitee_user_id: userId, created_at: now }).execute()
      inviter = invite.owner_user_id
    }
  }
  return { studentId, inviter }
}

/** A profile edit after registration: name and declared class. */
export async function setProfile(trx: Trx, studentId: string, profile: { name: string; grade: string; className: string }, now: number): Promise<void> {
  await trx.updateTable('students').set({ name: profile.name, grade: profile.grade, class_name: profile.className, updated_at: now }).where('id', '=', studentId).execute()
}
