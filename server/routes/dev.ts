/** Development-only calls: the console SMS provider's outbox. Never registered in production. */
import type { FastifyPluginAsync } from 'fastify'
import { CODE, type SmsOutboxData } from '../../src/contract'
import { ApiError } from '../errors'
import { phoneOf } from './helpers'
import * as S from './schemas'

const routes: FastifyPluginAsync = async (app) => {
  const outbox = app.smsOutbox
  if (!outbox || app.config.production) return
  app.get<{ Querystring: S.Body<typeof S.OutboxQuery> }>('/dev/sms/outbox', { schema: { querystring: S.OutboxQuery } }, async (req) => {
    const found = outbox.newest(phoneOf(req.query.phone, 'phone'))
    if (!found) throw new ApiError(CODE.DATA_EMPTY)
    return found satisfies SmsOutboxData
  })
}

export default routes
