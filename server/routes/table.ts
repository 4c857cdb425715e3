/**
 * The server's side of the route table (docs/contract.md "The route table"). A route plugin registers a
 * table entry in Fastify's own style, `app.route({ ...entry(app, 'login'), handler })`: the method and
 * path come from ROUTES (src/contract/routes.ts), the schemas from SCHEMAS under the same name, and the
 * check of who may call it from the entry's access. `guardRouteTable` makes the /api scope refuse a route
 * outside the table as it is registered, and `assertServed()` a table entry that no plugin registered.
 */
import type { FastifyInstance, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface, RouteHandlerMethod } from 'fastify'
import type { Access, Method, Route } from '../../src/contract/route'
import { ROUTES, type RouteName } from '../../src/contract/routes'
import { SCHEMAS, type Schemas } from '../../src/contract/schemas/routes'
import type { ContractTypeProvider } from './provider'

type Check = (req: FastifyRequest) => Promise<void>

/** The preHandler that enforces an entry's access; public and refresh routes check nothing before the handler. */
function checkOf(app: FastifyInstance, access: Access): Check | null {
  switch (access) {
    case 'signed':
      return app.verifySigned
    case 'token':
      return app.requireAuth({ checkHeaders: false })
    case 'session':
      return app.requireAuth()
    case 'account':
      return app.requireAuth({ account: true })
    case 'public':
    case 'refresh':
      return null
  }
}

export interface EntryOptions<K extends RouteName> {
  method: Method
  url: string
  schema: Schemas[K]
  preHandler?: Check
}

/** The handler of the table entry `name`, typed by its schemas as `app.route({ ...entry(app, name), handler })` types it. */
export type EntryHandler<K extends RouteName> = RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, unknown, Schemas[K], ContractTypeProvider>

/** Fastify route options of the table entry `name`; spread them into `app.route()` beside the handler. */
export function entry<K extends RouteName>(app: FastifyInstance, name: K): EntryOptions<K> {
  const r: Route = ROUTES[name]
  const check = checkOf(app, r.access)
  return { method: r.method, url: r.path, schema: SCHEMAS[name], ...(check ? { preHandler: check } : {}) }
}

export class RouteTableError extends Error {
  override name = 'RouteTableError'
}

/**
 * Holds the routes registered under `scope` (whose prefix is `prefix`) to `table`: a route the table does
 * not list throws as it is registered; `assertServed()`, called once every plugin is in, throws for the
 * entries no plugin registered (a `devOnly` or `servedWhen` entry may be absent).
 */
export function guardRouteTable(scope: FastifyInstance, prefix: string, table: Readonly<Record<string, Route>> = ROUTES): { assertServed: () => void } {
  const byRoute = new Map(Object.entries(table).map(([name, r]) => [`${r.method} ${prefix}${r.path}`, name]))
  const served = new Set<string>()
  scope.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Fastify answers HEAD for every GET itself.
      if (method === 'HEAD' && byRoute.has(`GET ${route.url}`)) continue
      const name = byRoute.get(`${method} ${route.url}`)
      if (!name) throw new RouteTableError(`${method} ${route.url} is not in the route table: add an entry to src/contract (docs/contract.md "The route table")`)
      served.add(name)
    }
  })
  return {
    assertServed() {
      const missing = Object.entries(table)
        .filter(([name, r]) => !served.has(name) && !r.devOnly && !r.servedWhen)
        .map(([name, r]) => `${name} (${r.method} ${prefix}${r.path})`)
      if (missing.length) throw new RouteTableError(`route table entries without a handler: ${missing.join(', ')}`)
    },
  }
}
