/**
 * The route table (src/contract/routes.ts; docs/contract.md "The route table") is the only list of /api
 * routes: the app registers exactly its entries, with the method, path and schemas under each name, and
 * refuses to build with a route outside it or an entry without a handler.
 */
import Fastify from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { guardRouteTable, RouteTableError } from '../../../server/routes/table'
import { ROUTES, type RouteName } from '../../../src/contract/routes'
import { SCHEMAS } from '../../../src/contract/schemas/routes'
import { added } from '../support/added-routes'
import { makeApp } from '../support/helpers'

vi.mock('fastify', async (original) => (await import('../support/added-routes')).recordingFastify(await original()))

const names = Object.keys(ROUTES) as RouteName[]
/**
 * The external MQTT broker's authentication hooks (server/broker/http-auth.ts) answer its plugin's protocol
 * by status code, not the app's envelope; the broker plugin registers them, and they are no call of the app.
 */
const BROKER_HOOKS = ['POST /api/broker/acl', 'POST /api/broker/auth', 'POST /api/broker/superuser']
const key = (method: string, url: string) => `${method} ${url}`

/** A bare /api scope guarded by the real table, with the routes `register` adds. */
async function guarded(register: (api: ReturnType<typeof Fastify>) => void, served = true) {
  const app = Fastify()
  await app.register(
    async (api) => {
      const table = guardRouteTable(api, '/api')
      register(api)
      if (served) table.assertServed()
    },
    { prefix: '/api' },
  )
  return app
}

/** Every entry of the table as a do-nothing route. */
const registerAll = (api: ReturnType<typeof Fastify>, except: RouteName[] = []) => {
  for (const name of names.filter((n) => !except.includes(n))) api.route({ method: ROUTES[name].method, url: ROUTES[name].path, handler: async () => null })
}

describe('the route table', () => {
  it('the app registers exactly its entries, each with the schemas kept under its name', async () => {
    added.length = 0
    // With API_DOCS=1, so that the one entry served only on a setting (openApi) is there too.
    await makeApp({ apiDocs: true })
    const api = added.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !BROKER_HOOKS.includes(key([r.method].flat().join(), r.url)))
    expect(added.filter((r) => r.url.startsWith('/api/broker/')).map((r) => key([r.method].flat().join(), r.url)).sort()).toEqual(BROKER_HOOKS)
    expect(api.map((r) => key([r.method].flat().join(), r.url)).sort()).toEqual(names.map((n) => key(ROUTES[n].method, `/api${ROUTES[n].path}`)).sort())
    for (const name of names) {
      const route = api.find((r) => r.method === ROUTES[name].method && r.url === `/api${ROUTES[name].path}`)
      expect(route?.schema, name).toBe(SCHEMAS[name])
    }
  })

  it('who may call a route is enforced from its entry: without a token, a session route answers 401 before its handler', async () => {
    const { app } = await makeApp()
    const fill = (path: string) => path.replace(':kind', 'opus').replace(/:\w+/g, 'x')
    // Validation runs before the check, so only entries that take no body or query are sent bare.
    const bare = names.filter((n) => !('body' in SCHEMAS[n]) && !('querystring' in SCHEMAS[n]))
    const needSession = bare.filter((n) => ['token', 'session', 'account'].includes(ROUTES[n].access))
    expect(needSession.length).toBeGreaterThan(10)
    for (const name of bare) {
      const res = await app.inject({ method: ROUTES[name].method, url: `/api${fill(ROUTES[name].path)}` })
      if (needSession.includes(name)) expect([res.statusCode, res.json<{ code: number }>().code], name).toEqual([401, 300001])
      // A public route must stand on its own: a handler that needs a session it was not given answers 5xx.
      else expect(res.statusCode, name).toBeLessThan(500)
    }
  })

  it('every name is one route: no two entries share a method and path', () => {
    const keys = names.map((n) => key(ROUTES[n].method, ROUTES[n].path))
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('a route registered outside the table stops the build, named', async () => {
    await expect(guarded((api) => api.get('/not/in/table', async () => null))).rejects.toThrow(RouteTableError)
    await expect(guarded((api) => api.get('/not/in/table', async () => null))).rejects.toThrow('GET /api/not/in/table is not in the route table')
    // The right path with another method is another route.
    await expect(guarded((api) => api.route({ method: 'PUT', url: ROUTES.login.path, handler: async () => null }))).rejects.toThrow('PUT /api/login is not in the route table')
  })

  it('an entry without a handler stops the build, named', async () => {
    await expect(guarded((api) => registerAll(api, ['logoutCancel']))).rejects.toThrow('route table entries without a handler: logoutCancel (POST /api/logout/cancel)')
  })

  it('the whole table registered passes, and the dev outbox may be absent (it is served only outside production)', async () => {
    await expect(guarded((api) => registerAll(api))).resolves.toBeDefined()
    await expect(guarded((api) => registerAll(api, ['devSmsOutbox']))).resolves.toBeDefined()
  })
})
