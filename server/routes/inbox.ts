/**
 * The notification inbox (src/contract/inbox.ts): a signed-in account lists, counts and marks its own
 * entries; another account's entry does not exist for it (100001, as an unknown id), whatever its id.
 */
import { CODE } from '../../src/contract'
import { INBOX_PATH, INBOX_READ_ALL_PATH, INBOX_UNREAD_PATH } from '../../src/contract/inbox'
import { IdParams } from '../../src/contract/schemas/common'
import { ANSWER, InboxQuery } from '../../src/contract/schemas/inbox'
import { ApiError } from '../errors'
import type { ApiRoutes } from './provider'

const routes: ApiRoutes = async (app) => {
  const { inbox } = app
  const session = app.requireAuth({ checkHeaders: false })

  app.get(INBOX_PATH, { schema: { querystring: InboxQuery, response: { 200: ANSWER.page } }, preHandler: session }, async (req) => inbox.list(req.auth!.sub, req.query.cursor, req.query.limit))

  app.get(INBOX_UNREAD_PATH, { schema: { response: { 200: ANSWER.unread } }, preHandler: session }, async (req) => ({ unread: await inbox.unread(req.auth!.sub) }))

  app.post(INBOX_READ_ALL_PATH, { schema: { response: { 200: ANSWER.unread } }, preHandler: session }, async (req) => {
    await inbox.markAllRead(req.auth!.sub)
    return { unread: await inbox.unread(req.auth!.sub) }
  })

  app.post(`${INBOX_PATH}/:id/read`, { schema: { params: IdParams, response: { 200: ANSWER.unread } }, preHandler: session }, async (req) => {
    if (!(await inbox.markRead(req.auth!.sub, req.params.id))) throw new ApiError(CODE.DATA_EMPTY)
    return { unread: await inbox.unread(req.auth!.sub) }
  })
}

export default routes
