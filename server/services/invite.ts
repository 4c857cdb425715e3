/**
 * Invitations: the account's own code (made on first visit for accounts older than codes), the people
 * who joined with it, and the public check of a code. A limited child appears in nobody's list and its
 * name is not shown to whoever holds its code (docs/privacy.md).
 */
import type { InviteCheck, InviteJoined } from '../../src/contract/invite'
import type { Db } from '../db/connect'
import { limitOf, limitsOf } from './guardian'
import { newInviteCode } from './users'

/** The code of `userId`, made now when the account has none yet (two first visits at once end with one). */
export async function ensureInviteCode(db: Db, userId: string, now: number): Promise<string> {
  await db.insertInto('invite_codes').values({ code: newInviteCode(), owner_user_id: userId, created_at: now }).onConflict((oc) => oc.column('owner_user_id').doNothing()).execute()
  return (await db.selectFrom('invite_codes').select('code').where('owner_user_id', '=', userId).executeTakeFirstOrThrow()).code
}

/** Who joined with the code of `userId`, newest first (200 at most); a deleted account stays in the count without its name. */
export async function joinedWith(db: Db, userId: string, now: number): Promise<InviteJoined[]> {
  const rows = await db
    .selectFrom('invitations')
    .innerJoin('users', 'users.id', 'invitations.invitee_user_id')
    .leftJoin('students', 'students.user_id', 'invitations.invitee_user_id')
    .select(['students.name', 'invitations.created_at', 'users.status', 'invitations.invitee_user_id'])
    .where('invitations.inviter_user_id', '=', userId)
    .orderBy('invitations.created_at', 'desc')
    .limit(200)
    .execute()
  const limits = await limitsOf(db, rows.filter((r) => r.status !== 'deleted').map((r) => r.invitee_user_id), now)
  return rows
    .filter((r) => r.status === 'deleted' || limits.get(r.invitee_user_id) === null)
    .map((r) => ({ name: r.status === 'deleted' ? '' : (r.name ?? ''), joinedAt: Number(r.created_at) }))
}

/** A code's inviter and the inviter's primary organisation (the friend joins it without typing its code), or null when it cannot be used. */
export async function checkInviteCode(db: Db, code: string, now: number): Promise<InviteCheck | null> {
  const row = await db
    .selectFrom('invite_codes')
    .innerJoin('users', 'users.id', 'invite_codes.owner_user_id')
    .leftJoin('students', 'students.user_id', 'invite_codes.owner_user_id')
    .leftJoin('memberships', (j) => j.onRef('memberships.student_id', '=', 'students.id').on('memberships.is_primary', '=', 1))
    .leftJoin('orgs', 'orgs.id', 'memberships.org_id')
    .select(['invite_codes.code', 'invite_codes.owner_user_id', 'students.name', 'users.status', 'orgs.code as orgCode', 'orgs.name as orgName'])
    .where('invite_codes.code', '=', code)
    .executeTakeFirst()
  if (!row || row.status !== 'active') return null
  const named = (await limitOf(db, row.owner_user_id, now)) === null
  return { code: row.code, inviterName: named ? (row.name ?? '') : '', org: row.orgCode ? { code: row.orgCode, name: row.orgName ?? '' } : null }
}
