/**
 * The route table (docs/contract.md "The route table"): every /api route, one entry each, keyed by name.
 * It is the union of five parts kept apart for the app's bundles: API (api.ts, the sign-in and account
 * calls Login's start needs), CALLS (calls.ts, the pages' data), SERVED (served.ts, what the app loads
 * by URL or never sends), GUARDIAN (guardian.ts, the consent and the guardian's page) and TEACHER
 * (teacher.ts, the teacher's side). The server registers its routes from this table (server/routes/table.ts) and
 * refuses to start with a route outside it or an entry without a handler.
 */
import { API } from './api'
import { CALLS } from './calls'
import { GUARDIAN } from './guardian'
import { SERVED } from './served'
import type { Schemas } from './schemas/routes'
import { TEACHER } from './teacher'

/** A name in two parts would hide one of the entries: the spread below keeps the last. */
type Overlap<A, B> = Extract<keyof A, keyof B>
const distinct: [
  | Overlap<typeof API, typeof CALLS>
  | Overlap<typeof API, typeof SERVED>
  | Overlap<typeof CALLS, typeof SERVED>
  | Overlap<typeof GUARDIAN, typeof API & typeof CALLS & typeof SERVED>
  | Overlap<typeof TEACHER, typeof API & typeof CALLS & typeof SERVED & typeof GUARDIAN>,
] extends [never]
  ? true
  : false = true
void distinct

export const ROUTES = { ...API, ...CALLS, ...SERVED, ...GUARDIAN, ...TEACHER } as const

export type RouteName = keyof typeof ROUTES
export type RouteTable = typeof ROUTES

/** `true` when it compiles: every route has its schemas under its name (schemas/routes.ts), and no schema names a route the table lacks. */
export type SameNamesAsSchemas = Holds<[Exclude<RouteName, keyof Schemas> | Exclude<keyof Schemas, RouteName>] extends [never] ? true : false>
type Holds<T extends true> = T
