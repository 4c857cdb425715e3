/**
 * Invitations: the account's own code (made on first visit for accounts older than codes), the people
 * who joined with it, and the public check of a code. A limited child appears in nobody's list and its
 * name is not shown to whoever holds its code (docs/privacy.md).
 */
import type { InviteCheck, InviteJoined } from '../../src/contract/invite'
import type { Db } from '../db/connect'
import { limitOf } from './guardian'
import { birthFrom, consentFrom, isStaffRoles, limitFrom, NEWEST_CONSENT, type GuardianFacts } from './limits'
import { newInviteCode, parseList } from './users'

/**
 * The code of `userId`, made now when the account has none yet (two first visits at once end with one), in
 * one statement: a conflict keeps the code there and still returns it.
 */
export async function ensureInviteCode(db: Db, userId: string, now: number): Promise<string> {
  const row = await db
    .insertInto('invite_codes')
    .values({ code: newInviteCode(), owner_user_id: userId, created_at: now })
    .onConflict((oc) => oc.column('owner_user_id').doUpdateSet((eb) => ({ code: eb.ref('invite_codes.code') })))
    .returning('code')
    .executeTakeFirstOrThrow()
  return row.code
}

/**
 * Who joined with the code of `userId`, newest first (200 at most); a deleted account stays in the count
 * without its name. One query: the newest invitations with what the limited rule (services/limits.ts) needs
 * of each invitee — its age, its newest consent and its memberships' roles, one row per membership.
 */
export async function joinedWith(db: Db, userId: string, now: number): Promise<InviteJoined[]> {
  const newest = db.selectFrom('invitations').select(['invitee_user_id', 'created_at']).where('inviter_user_id', '=', userId).orderBy('created_at', 'desc').limit(200)
  const rows = await db
    .selectFrom(newest.as('i'))
    .innerJoin('users', 'users.id', 'i.invitee_user_id')
    .leftJoin('students as s', 's.user_id', 'i.invitee_user_id')
    .leftJoin('guardian_consents as c', (join) => join.onRef('c.user_id', '=', 'i.invitee_user_id').on(NEWEST_CONSENT))
    .leftJoin('memberships as m', 'm.student_id', 's.id')
    .select(['i.invitee_user_id', 'i.created_at', 'users.status', 's.id as student_id', 's.name', 's.birth_year', 's.birth_month', 'c.rules_version as c_rules_version', 'c.consented_at as c_consented_at', 'c.withdrawn_at as c_withdrawn_at', 'c.guardian_phone as c_guardian_phone', 'm.roles'])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.invitee_user_id')
    .execute()
  const joined = new Map<string, { row: (typeof rows)[number]; facts: GuardianFacts | null }>()
  for (const r of rows) {
    const key = `${r.invitee_user_id} ${r.created_at}`
    const staff = r.roles !== null && isStaffRoles([parseList(r.roles)])
    const known = joined.get(key)
    if (known) {
      if (known.facts) known.facts.staff ||= staff
    } else joined.set(key, { row: r, facts: r.student_id === null ? null : { staff, birth: birthFrom(r), consent: consentFrom(r) } })
  }
  // An account without a student row has no age yet: limited, as services/guardian `limitsOf` has it.
  return [...joined.values()]
    .filter(({ row, facts }) => row.status === 'deleted' || (facts !== null && limitFrom(facts, now) === null))
    .map(({ row }) => ({ name: row.status === 'deleted' ? '' : (row.name ?? ''), joinedAt: Number(row.created_at) }))
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
