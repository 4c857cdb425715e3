/**
 * GET /api/health: liveness and readiness for operators and load balancers. It touches the database and
 * reports the live channel's mode, so a 200 with code 0 means this process can serve sign-ins.
 */
import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'

const routes: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => {
    await sql`select 1`.execute(app.db)
    const { publisher, embedded } = app.broker
    return { status: 'ok', db: app.dbInfo.kind, broker: publisher.mode, connections: embedded?.connectedClients ?? null }
  })
}

export default routes
