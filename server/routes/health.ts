/**
 * GET /api/health: liveness and readiness for operators and load balancers. It touches the database and
 * reports the live channel's mode, so a 200 with code 0 means this process can serve sign-ins. A node that
 * is shutting down answers 503 (status 'draining') while it finishes its requests, so a balancer with
 * active checks stops sending it new ones (docs/cluster.md, "Rolling restart").
 */
import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import { CODE } from '../../src/contract'
import { envelope } from '../errors'

const routes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (_req, reply) => {
    if (app.lifecycle.draining) return reply.code(503).send(envelope({ status: 'draining' }, CODE.SERVICE_ERROR, 'shutting down'))
    await sql`select 1`.execute(app.db)
    const { publisher, embedded } = app.broker
    return { status: 'ok', db: app.dbInfo.kind, broker: publisher.mode, connections: embedded?.connectedClients ?? null }
  })
}

export default routes
