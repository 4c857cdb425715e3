/**
 * Home's desk (GET /home/desk): the signed-in student's recent reading, works and open tasks (of the
 * current organisation, as chosen by Org-ID, and the student's class), the 2023 report and the count of
 * people who joined with the invitation. One call, so Home fills its sections with one round trip; the
 * account comes from the sign-in check, the rest from services/desk.ts.
 */
import { CODE } from '../../src/contract'
import { ApiError } from '../errors'
import { deskOf } from '../services/desk'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  app.route({
    ...entry(app, 'desk'),
    handler: async (req) => {
      const account = req.account!
      const { student } = account
      if (!student) throw new ApiError(CODE.USER_NOT_FOUND, 'account does not exist')
      return deskOf(app.db, { ...account, student }, req.auth!.orgId, app.config.clock())
    },
  })
}

export default routes
