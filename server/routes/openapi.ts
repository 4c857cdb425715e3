/**
 * GET /api/openapi.json: the API description (server/openapi.ts), when API_DOCS=1, for a school's other
 * systems; the same document as docs/openapi.json. Made once, at start.
 */
import { openApiDocument } from '../openapi'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  if (!app.config.apiDocs) return
  const document = JSON.stringify(openApiDocument())
  app.route({
    ...entry(app, 'openApi'),
    // A string is sent as it is: no envelope (preSerialization sees objects only).
    handler: async (_req, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document),
  })
}

export default routes
