/**
 * GET /api/health: liveness and readiness for operators and load balancers. It touches the database and
 * reports the live channel's mode, so a 200 with code 0 means this process can serve sign-ins. A node that
 * is shutting down answers 503 (status 'draining') while it finishes its requests, so a balancer with
 * active checks stops sending it new ones (docs/cluster.md, "Rolling restart").
 */
import { CODE } from '../../src/contract'
import { ApiError } from '../errors'
import { pingDb } from '../services/health'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  app.route({
    ...entry(app, 'health'),
    handler: async () => {
      if (app.lifecycle.draining) throw new ApiError(CODE.SERVICE_ERROR, 'shutting down', 503, { status: 'draining' })
      await pingDb(app.db)
      const { publisher, embedded } = app.broker
      return { status: 'ok' as const, db: app.dbInfo.kind, broker: publisher.mode, connections: embedded?.connectedClients ?? null }
    },
  })
}

export default routes
