/**
 * Invitations: my code with its link and the people who joined with it (login), and a public check of a
 * code, so the app can say at once that a code is unknown and who invited (with their organisation, which
 * the friend then joins without typing its code) — registration itself never fails on an unknown code
 * (PUT /auth/student/improve ignores it).
 */
import { CODE } from '../../src/contract'
import { invitePath, normalizeInviteCode } from '../../src/contract/invite'
import { ApiError } from '../errors'
import { limitOf, limitsOf } from '../services/guardian'
import { newInviteCode } from '../services/users'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  const o = app.config

  app.route({
    ...entry(app, 'invite'),
    handler: async (req) => {
      const userId = req.auth!.sub
      let own = await app.db.selectFrom('invite_codes').select('code').where('owner_user_id', '=', userId).executeTakeFirst()
      if (!own) {
        // Accounts made before codes existed get theirs on first visit; a complete profile is required.
        const student = await app.db.selectFrom('students').select('id').where('user_id', '=', userId).executeTakeFirst()
        if (!student) throw new ApiError(CODE.USER_NOT_FOUND, 'account does not exist')
        const code = newInviteCode()
        await app.db.insertInto('invite_codes').values({ code, owner_user_id: userId, created_at: o.clock() }).onConflict((oc) => oc.column('owner_user_id').doNothing()).execute()
        own = await app.db.selectFrom('invite_codes').select('code').where('owner_user_id', '=', userId).executeTakeFirstOrThrow()
      }
      const rows = await app.db
        .selectFrom('invitations')
        .innerJoin('users', 'users.id', 'invitations.invitee_user_id')
        .leftJoin('students', 'students.user_id', 'invitations.invitee_user_id')
        .select(['students.name', 'invitations.created_at', 'users.status', 'invitations.invitee_user_id'])
        .where('invitations.inviter_user_id', '=', userId)
        .orderBy('invitations.created_at', 'desc')
        .limit(200)
        .execute()
      // A child without a guardian's consent appears in nobody's list (docs/privacy.md).
      const now = o.clock()
      const limits = await limitsOf(app.db, rows.filter((r) => r.status !== 'deleted').map((r) => r.invitee_user_id), now)
      const listed = rows.filter((r) => r.status === 'deleted' || limits.get(r.invitee_user_id) === null)
      return {
        code: own.code,
        path: invitePath(own.code),
        // A deleted account stays in the count without its name.
        joined: listed.map((r) => ({ name: r.status === 'deleted' ? '' : (r.name ?? ''), joinedAt: Number(r.created_at) })),
      }
    },
  })

  app.route({
    ...entry(app, 'inviteCheck'),
    handler: async (req) => {
      const code = normalizeInviteCode(req.query.code)
      const row = await app.db
        .selectFrom('invite_codes')
        .innerJoin('users', 'users.id', 'invite_codes.owner_user_id')
        .leftJoin('students', 'students.user_id', 'invite_codes.owner_user_id')
        // The inviter's primary organisation: the friend joins it without typing its code.
        .leftJoin('memberships', (j) => j.onRef('memberships.student_id', '=', 'students.id').on('memberships.is_primary', '=', 1))
        .leftJoin('orgs', 'orgs.id', 'memberships.org_id')
        .select(['invite_codes.code', 'invite_codes.owner_user_id', 'students.name', 'users.status', 'orgs.code as orgCode', 'orgs.name as orgName'])
        .where('invite_codes.code', '=', code)
        .executeTakeFirst()
      if (!row || row.status !== 'active') throw new ApiError(CODE.DATA_EMPTY, 'invitation code not found or no longer valid')
      // A limited child's name is not shown to whoever holds the code.
      const named = (await limitOf(app.db, row.owner_user_id, o.clock())) === null
      return { code: row.code, inviterName: named ? (row.name ?? '') : '', org: row.orgCode ? { code: row.orgCode, name: row.orgName ?? '' } : null }
    },
  })
}

export default routes
