/**
 * Invitations: my code with its link and the people who joined with it (login), and a public check of a
 * code, so the app can say at once that a code is unknown and who invited (with their organisation, which
 * the friend then joins without typing its code) — registration itself never fails on an unknown code
 * (PUT /auth/student/improve ignores it). The SQL is in services/invite.ts; the account comes from the
 * sign-in check.
 */
import { CODE } from '../../src/contract'
import { invitePath, normalizeInviteCode } from '../../src/contract/invite'
import { ApiError } from '../errors'
import { checkInviteCode, ensureInviteCode, joinedWith } from '../services/invite'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  const o = app.config

  app.route({
    ...entry(app, 'invite'),
    handler: async (req) => {
      const account = req.account!
      // Accounts made before codes existed get theirs on first visit; a complete profile is required.
      if (!account.inviteCode && !account.student) throw new ApiError(CODE.USER_NOT_FOUND, 'account does not exist')
      const now = o.clock()
      const [code, joined] = await Promise.all([account.inviteCode ?? ensureInviteCode(app.db, account.user.id, now), joinedWith(app.db, account.user.id, now)])
      // A code just made is part of what the sign-in check reads.
      if (!account.inviteCode) app.sessions.emitChanged({ users: [account.user.id] })
      return { code, path: invitePath(code), joined }
    },
  })

  app.route({
    ...entry(app, 'inviteCheck'),
    handler: async (req) => {
      const found = await checkInviteCode(app.db, normalizeInviteCode(req.query.code), o.clock())
      if (!found) throw new ApiError(CODE.DATA_EMPTY, 'invitation code not found or no longer valid')
      return found
    },
  })
}

export default routes
