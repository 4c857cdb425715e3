/**
 * The year in review: create (or refresh) my report, list mine, read and change my own, and read a
 * shared one by id. Owner calls live under /reports and the public read under /report, so the service
 * worker's cache of public data never holds an owner's view. Anything not mine and not shared answers
 * 100001, whether it exists or not.
 */
import { CODE } from '../../src/contract'
import { normalizeInviteCode } from '../../src/contract/invite'
import { SLIDE_KINDS } from '../../src/contract/report'
import { ApiError, consentRequired } from '../errors'
import { limitOf } from '../services/guardian'
import { idempotent } from '../services/idempotency'
import { othersInviteCode, ownerView, ownReport, publicView, reportsOf, saveReport, sharedReport, summaryOf, updateReportSettings, yearInputs, type OwnerFacts, type ReportTable } from '../services/report'
import type { SessionAccount } from '../services/users'
import { computeReport } from '../services/reportFigures'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  const db = app.db
  const clock = app.config.clock

  /** My report by id; someone else's answers as if it did not exist. `from`: a transaction to read in. */
  const mine = async (id: string, userId: string, from: typeof db = db): Promise<ReportTable> => {
    const row = await ownReport(from, id, userId)
    if (!row) throw new ApiError(CODE.DATA_EMPTY)
    return row
  }

  /** The owner's name and code on their own report, as the sign-in check read them. */
  const ownerOf = (acc: SessionAccount): OwnerFacts => ({ name: acc.student?.name ?? '', inviteCode: acc.inviteCode })

  app.route({
    ...entry(app, 'createReport'),
    handler: async (req) => {
      const acc = req.account!
      const userId = acc.user.id
      const student = acc.student
      if (!student) throw new ApiError(CODE.USER_NOT_FOUND)
      const { year } = req.body
      // An invitation code is kept only when it is a real one of someone else.
      const code = req.body.invite ? normalizeInviteCode(req.body.invite) : ''
      const [{ reading, works }, invite] = await Promise.all([yearInputs(db, student.id, year), code ? othersInviteCode(db, code, userId) : null])
      const row = await saveReport(db, { userId, year, figures: computeReport(year, reading, works), inviteCode: invite, now: clock() })
      return ownerView(row, ownerOf(acc))
    },
  })

  app.route({
    ...entry(app, 'reports'),
    handler: async (req) => {
      const rows = await reportsOf(db, req.auth!.sub)
      return rows.map(summaryOf)
    },
  })

  app.route({ ...entry(app, 'report'), handler: async (req) => ownerView(await mine(req.params.id, req.account!.user.id), ownerOf(req.account!)) })

  app.route({
    ...entry(app, 'updateReport'),
    handler: async (req) => {
      const acc = req.account!
      const userId = acc.user.id
      const { shareable, hidden } = req.body
      if (shareable) {
        const why = await limitOf(app.db, userId, clock())
        if (why) throw consentRequired(why)
      }
      // updated_at is when the figures were made; settings do not move it.
      const changes = {
        ...(shareable === undefined ? {} : { shareable: shareable ? 1 : 0 }),
        ...(hidden === undefined ? {} : { hidden: JSON.stringify(SLIDE_KINDS.filter((k) => hidden.includes(k))) }),
      }
      return idempotent(db, req, userId, clock(), async (trx) => {
        const row = await mine(req.params.id, userId, trx)
        if (Object.keys(changes).length === 0) return ownerView(row, ownerOf(acc))
        await updateReportSettings(trx, row.id, changes)
        return ownerView(await mine(row.id, userId, trx), ownerOf(acc))
      })
    },
  })

  app.route({
    ...entry(app, 'publicReport'),
    handler: async (req) => {
      const row = await sharedReport(db, req.params.id)
      // A limited child's report is private whatever its flag says (docs/privacy.md).
      if (!row || (await limitOf(app.db, row.user_id, clock())) !== null) throw new ApiError(CODE.DATA_EMPTY)
      return publicView(db, row)
    },
  })
}

export default routes
