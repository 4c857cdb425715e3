/**
 * One entry of the route table (docs/contract.md "The route table"): a call's method, path, who may call
 * it, and its request and answer types. The app sends an entry with `call(entry, input)` (lib/http); the
 * server registers its route from the same entry (server/routes/table.ts), so a call cannot exist on one
 * side only. Pure TypeScript with no TypeBox: the app's bundles take it.
 */

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
 * One entry: `spec<Body, Query, Data, Params>(method, path, access, flags)`. A call that needs a session
 * sends the stored access token and is refused in the app without one, unless its flags say otherwise
 * (a registration step sends the temporary token).
 */
export const spec = <Body = undefined, Query = undefined, Data = null, Params = undefined>(
  method: Method,
  path: string,
  access: Access,
  flags: CallFlags = {},
): CallSpec<Body, Query, Data, Params> => {
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
