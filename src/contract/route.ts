/**
 * One entry of the route table (docs/contract.md "The route table"): a call's method, path and who may call
 * it, with its request and answer types derived from the route's schemas (schemas/routes.ts, under the
 * same name). The app sends an entry with `call(entry, input)` (lib/http); the server registers its route
 * from the same entry (server/routes/table.ts), so a call cannot exist on one side only, and its types
 * cannot say other than what the server validates. TypeBox and the schemas are imported for their types
 * only: the app's bundles take none of it.
 */
import type { Static, TSchema } from '@sinclair/typebox'
import type { Schemas } from './schemas/routes'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * Who may call a route; the server attaches the check for it. `public`: anyone. `signed`: anyone with a
 * valid Sign (sign.ts). `refresh`: the holder of a refresh token (the handler reads it). `token`: any live
 * session's access token, including a registration step's temporary one; Org-ID and Student-ID are not
 * checked. `session`: a signed-in session, its Org-ID and Student-ID checked. `account`: the same, with
 * the account and its profile loaded for the handler.
 */
export type Access = 'public' | 'signed' | 'refresh' | 'token' | 'session' | 'account'

/** Which Bearer token the app sends: none, the stored access token, the temporary registration token, or the refresh token. */
export type Bearer = 'none' | 'access' | 'temp' | 'refresh'

export interface CallSpec<Body, Query, Data, Params = undefined> {
  method: Method
  /** Under the API base; `:name` segments are filled from the call's params. */
  path: string
  access: Access
  /** The app refuses the call itself when no access token is stored (401 → refresh-and-retry). */
  auth: boolean
  bearer: Bearer
  /** Adds timestamp + nonce and a Sign header (see sign.ts). */
  signed: boolean
  /** Counts for the app's loading indicator; a page that draws its own loading state says false. */
  loading: boolean
  /** Time-out in ms; the client's default when unset. */
  timeout?: number
  /** Served only outside production (the dev SMS outbox). */
  devOnly?: boolean
  /** Served only when this setting is on (`API_DOCS`: the API description); absent otherwise. */
  servedWhen?: string
  /** Type carriers only; always undefined at run time. */
  body?: Body
  query?: Query
  params?: Params
  data?: Data
}

/** A table entry: the shape the route table and the server read, whatever its types. */
export type Route = CallSpec<unknown, unknown, unknown, unknown>

/** What `spec()` makes: an entry whose types its part of the table derives (`Typed`). */
export type Entry = CallSpec<never, never, never, never>

/** The type of a request part a route's schemas declare (`body`, `querystring`, `params`); undefined when none. */
type Part<S, Key extends string> = S extends { readonly [P in Key]: infer T extends TSchema } ? Static<T> : undefined
/**
 * What a call resolves with: the `data` of its answer's success (code 0). A route whose success is a file
 * declares only the refusal as JSON: its bytes are not typed.
 */
type SuccessData<Answer> = [Extract<Answer, { code: 0; data: unknown }>] extends [never] ? unknown : Extract<Answer, { code: 0; data: unknown }>['data']

/** The call types of the route named `K`, from its schemas. */
export type CallOf<K extends keyof Schemas> = CallSpec<
  Part<Schemas[K], 'body'>,
  Part<Schemas[K], 'querystring'>,
  SuccessData<Static<Schemas[K]['response'][200]>>,
  Part<Schemas[K], 'params'>
>

/**
 * A part of the route table with every entry typed from the schemas under its name: `export const PART:
 * Typed<typeof part> = part`. A name with no schemas is a compile error.
 */
export type Typed<Part> = { readonly [K in keyof Part]: K extends keyof Schemas ? CallOf<K> : never }

export interface CallFlags {
  auth?: boolean
  bearer?: Bearer
  loading?: boolean
  timeout?: number
  devOnly?: boolean
  servedWhen?: string
}

const SESSION: readonly Access[] = ['token', 'session', 'account']

/**
 * One entry: `spec(method, path, access, flags)`; its part of the table gives it its types (`Typed`). A
 * call that needs a session sends the stored access token and is refused in the app without one, unless
 * its flags say otherwise (a registration step sends the temporary token).
 */
export const spec = (method: Method, path: string, access: Access, flags: CallFlags = {}): Entry => {
  const session = SESSION.includes(access)
  return {
    method,
    path,
    access,
    auth: flags.auth ?? session,
    bearer: flags.bearer ?? (access === 'refresh' ? 'refresh' : session ? 'access' : 'none'),
    signed: access === 'signed',
    loading: flags.loading ?? true,
    timeout: flags.timeout,
    devOnly: flags.devOnly,
    ...(flags.servedWhen ? { servedWhen: flags.servedWhen } : {}),
  }
}
