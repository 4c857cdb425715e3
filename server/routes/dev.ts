/** Development-only calls: the console SMS provider's outbox, for loopback clients only. Never registered in production. */
import { CODE, type SmsOutboxData } from '../../src/contract'
import { ApiError } from '../errors'
import { isThisMachine } from '../sources'
import { phoneOf } from './helpers'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  const outbox = app.smsOutbox
  if (!outbox || app.config.production) return
  app.route({
    ...entry(app, 'devSmsOutbox'),
    handler: async (req) => {
      // Anyone's code would reset anyone's password: only this machine may read it, even on a LAN demo or
      // behind a proxy (a forwarded address is whatever the client wrote).
      if (!isThisMachine(req.raw)) throw new ApiError(CODE.NOT_FOUND, 'the dev outbox answers only this machine (loopback)', 404)
      const found = await outbox.newest(phoneOf(req.query.phone, 'phone'))
      if (!found) throw new ApiError(CODE.DATA_EMPTY)
      return found satisfies SmsOutboxData
    },
  })
}

export default routes
