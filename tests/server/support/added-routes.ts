/**
 * The routes as build() adds them, for the tests that check every /api route: a stand-in for Fastify's
 * default export that puts an onRoute hook on each instance it creates, before any route. A test file
 * installs it with
 *   vi.mock('fastify', async (original) => (await import('./added-routes')).recordingFastify(await original()))
 * and reads `added`.
 */
import type * as Fastify from 'fastify'
import type { RouteOptions } from 'fastify'

export const added: RouteOptions[] = []

export function recordingFastify(mod: typeof Fastify): typeof Fastify {
  const create = ((opts?: Parameters<typeof mod.default>[0]) => {
    const app = mod.default(opts)
    app.addHook('onRoute', (route) => {
      added.push(route)
    })
    return app
  }) as typeof mod.default
  return { ...mod, default: create }
}
