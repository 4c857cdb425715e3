/**
 * The notification inbox (src/contract/inbox.ts): a signed-in account lists, counts and marks its own
 * entries; another account's entry does not exist for it (100001, as an unknown id), whatever its id.
 */
import { CODE } from '../../src/contract'
import { ApiError } from '../errors'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  const { inbox } = app

  app.route({ ...entry(app, 'inbox'), handler: async (req) => inbox.list(req.auth!.sub, req.query.cursor, req.query.limit) })

  app.route({ ...entry(app, 'inboxUnread'), handler: async (req) => ({ unread: await inbox.unread(req.auth!.sub) }) })

  app.route({
    ...entry(app, 'inboxReadAll'),
    handler: async (req) => {
      await inbox.markAllRead(req.auth!.sub)
      return { unread: await inbox.unread(req.auth!.sub) }
    },
  })

  app.route({
    ...entry(app, 'inboxRead'),
    handler: async (req) => {
      if (!(await inbox.markRead(req.auth!.sub, req.params.id))) throw new ApiError(CODE.DATA_EMPTY)
      return { unread: await inbox.unread(req.auth!.sub) }
    },
  })
}

export default routes
