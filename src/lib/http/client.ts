/**
 * The request client of docs/contract.md "The calls" on fetch: headers, signing, bodies, token headers, the error catalogue
 * of docs/product.md "Errors", 401 → one shared refresh → replay, and the loading indicator. Download and upload go
 * through the same pipeline with their own transport.
 */
import { API, HEADER, type Bearer, type CallSpec, type Method } from '../../contract/api'
import { isRecord } from '../../contract/guards'
import { signRequest } from '../../contract/sign'
import { httpConfig } from './config'
import { errors, isRequestError, RequestError } from './errors'
import { baseHeaders, bearerToken, toSearch, urlOf } from './headers'
import { trackLoading } from './loading'
import { isPortalAnswer, reportCutOff, reportPortal, reportReachable } from './reach'
import { apiBase, httpText } from './texts'
import { listenToOtherTabs, refreshSession, waitForRefresh } from './refresh'
import { takeFirstAnswer, type FirstAnswer } from '../../start/lib/firstTap'
import { fetchTransport, parse, type ResponseType, type TransferProgress, type Transport, type WireResponse } from './transport'

/** docs/product.md "Timing and limits": request, socket, upload and download time-out. */
export const DEFAULT_TIMEOUT_MS = 60_000

export type Params = Record<string, unknown>

export interface RequestOptions {
  url: string
  method?: Method
  /** Query parameters for GET and DELETE, the body otherwise (JSON unless the content type is urlencoded). */
  data?: Params | FormData
  /** Extra query parameters for any method. */
  query?: Params
  header?: Record<string, string>
  /** 'json' (default) parses the response body. */
  dataType?: 'json' | 'text'
  responseType?: ResponseType
  withCredentials?: boolean
  /** ms; aborts the request (framework code 5). Default 60000. */
  timeout?: number
  /** Aborting it rejects with 600003. */
  signal?: AbortSignal
  /** Needs a stored token: refused before sending when there is none (docs/product.md "Input rules"). */
  auth?: boolean
  /** Which token goes in Authorization (default 'access': the stored token, when one exists). */
  bearer?: Bearer
  /** Adds timestamp + nonce and the Sign header (docs/contract.md "Signing"). */
  signed?: boolean
  /** Counts for the loading indicator (default true). */
  loading?: boolean
  onProgress?: (p: TransferProgress) => void
}

export interface HttpResponse<T = unknown> {
  data: T
  statusCode: number
  /** Lower-case names. */
  header: Record<string, string>
}

const isOk = (status: number) => status >= 200 && status <= 299
const CONTENT_TYPE = 'Content-Type'
const URLENCODED = 'application/x-www-form-urlencoded'

function contentTypeOf(header: Record<string, string>): string | undefined {
  const key = Object.keys(header).find((k) => k.toLowerCase() === 'content-type')
  return key === undefined ? undefined : header[key]
}

interface Built {
  url: string
  headers: Record<string, string>
  body?: string | FormData
  /** The access token sent, to tell a stale 401 from a fresh one. */
  token: string
}

/** Everything about one attempt that depends on the session is read here, so a replay picks up new tokens. */
function build(opts: RequestOptions): Built {
  const cfg = httpConfig()
  const method = opts.method ?? 'GET'
  const inQuery = method === 'GET' || method === 'DELETE'
  const form = opts.data instanceof FormData ? opts.data : undefined
  let query: Params | undefined = inQuery && !form ? { ...opts.query, ...(opts.data as Params | undefined) } : opts.query
  let fields: Params | undefined = inQuery || form ? undefined : (opts.data as Params | undefined)
  const headers: Record<string, string> = { ...baseHeaders(), ...opts.header }

  const bearer = opts.bearer ?? 'access'
  const token = bearerToken(bearer)
  if (token) headers[HEADER.authorization] = `Bearer ${token}`

  if (opts.signed) {
    const formFields = form ? Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) : undefined
    const { timestamp, nonce, sign } = signRequest(query, fields ?? formFields, { secret: cfg.signSecret })
    if (fields) fields = { ...fields, timestamp, nonce }
    else if (form) {
      form.set('timestamp', String(timestamp))
      form.set('nonce', nonce)
    } else query = { ...query, timestamp, nonce }
    headers[HEADER.sign] = sign
  }

  let body: string | FormData | undefined
  if (form) body = form
  else if (fields !== undefined) {
    const type = contentTypeOf(headers)
    if (type?.toLowerCase().includes(URLENCODED)) body = toSearch(fields)
    else {
      if (type === undefined) headers[CONTENT_TYPE] = 'application/json'
      body = JSON.stringify(fields)
    }
  }
  return { url: urlOf(apiBase(), opts.url, query), headers, body, token: bearer === 'access' ? token : '' }
}

/** Response headers `token` / `refresh-token` replace the stored pair (docs/contract.md "The calls"). */
function adoptTokenHeaders(header: Record<string, string>): void {
  const token = header[HEADER.token]
  const refresh = header[HEADER.refreshToken]
  if (!token && !refresh) return
  const { session } = httpConfig()
  session.setTokens(token || session.get().token, refresh || undefined)
}

function settle<T>(res: WireResponse): HttpResponse<T> {
  reportReachable()
  adoptTokenHeaders(res.header)
  const body = isRecord(res.data) ? res.data : undefined
  const code = typeof body?.code === 'number' ? body.code : undefined
  if (!isOk(res.statusCode)) throw errors.status(res.statusCode, code, body?.data)
  if (code !== undefined && code !== 0) {
    throw errors.business(code, typeof body?.msg === 'string' ? body.msg : '', res.statusCode, body?.data)
  }
  return { data: res.data as T, statusCode: res.statusCode, header: res.header }
}

/** The answer of a request sent before the logic loaded, as the transport would have given it. */
function adopted(answer: FirstAnswer, opts: RequestOptions, networkError: () => RequestError): WireResponse {
  if ('failed' in answer) throw answer.failed === 'timeout' ? errors.timeout() : networkError()
  return { statusCode: answer.statusCode, url: answer.url, header: answer.header, data: parse(answer.text, opts.dataType ?? 'json') }
}

/** One exchange on the wire; an answer from a Wi-Fi sign-in page rather than the API fails as unreachable here, before anything reads it. */
async function attempt(opts: RequestOptions, transport: Transport, networkError: () => RequestError): Promise<{ res: WireResponse; token: string }> {
  const b = build(opts)
  const method = opts.method ?? 'GET'
  // A first visit's 登录 may have been sent before the logic loaded (start/lib/firstTap.ts): the same request's answer is this one's.
  const first = takeFirstAnswer(method, b.url, b.body)
  const res = first ? adopted(await first, opts, networkError) : await transport({
    url: b.url,
    method,
    headers: b.headers,
    body: b.body,
    timeout: opts.timeout ?? DEFAULT_TIMEOUT_MS,
    signal: opts.signal,
    withCredentials: opts.withCredentials,
    dataType: opts.dataType ?? 'json',
    responseType: opts.responseType ?? 'text',
    onProgress: opts.onProgress,
    networkError,
  })
  if (isPortalAnswer(b.url, res)) {
    reportPortal()
    throw errors.portal()
  }
  return { res, token: b.token }
}

/** The pipeline shared by request, download and upload. */
export async function execute<T>(
  opts: RequestOptions,
  transport: Transport = fetchTransport,
  networkError: () => RequestError = errors.network,
): Promise<HttpResponse<T>> {
  listenToOtherTabs()
  const cfg = httpConfig()
  const bearer = opts.bearer ?? 'access'
  if (opts.auth && !cfg.session.get().token) {
    cfg.notify(httpText('noLogin'))
    throw errors.noLogin()
  }
  const end = opts.loading === false ? () => {} : trackLoading()
  try {
    const refreshable = bearer === 'access' && opts.url !== API.refresh.path
    if (refreshable) await waitForRefresh()
    const first = await attempt(opts, transport, networkError)
    let res = first.res
    const token = first.token
    if (res.statusCode === 401 && refreshable && token) {
      const current = cfg.session.get().token
      // A 401 for a token that was already replaced only needs the replay.
      if (current === token) {
        const r = await refreshSession(token)
        if (r.outcome === 'refused') throw errors.expired(r.code, r.statusCode)
        if (r.outcome === 'failed') throw r.error
      }
      res = (await attempt(opts, transport, networkError)).res
    }
    return settle<T>(res)
  } catch (e) {
    // No answer at all while a request was made: the API is cut off (a blocked redirect, TLS, a refused connection).
    if (isRequestError(e) && e.kind === 'network') reportCutOff()
    throw isRequestError(e) ? e : errors.unknown()
  } finally {
    end()
  }
}

/** A request of docs/contract.md "The calls"'s generic options; resolves with `{ data, statusCode, header }` for 2xx with code 0. */
export function request<T = unknown>(opts: RequestOptions): Promise<HttpResponse<T>> {
  return execute<T>(opts)
}

type CallInput<Body, Query, Segments> = (Body extends undefined ? { body?: undefined } : { body: Body }) &
  (Query extends undefined ? { query?: undefined } : { query: Query }) &
  (Segments extends undefined ? { params?: undefined } : { params: Segments }) &
  Pick<RequestOptions, 'header' | 'timeout' | 'signal' | 'loading'>

/** A call of the contract (src/contract: API and CALLS), resolving with the envelope's data. */
// NoInfer: the entry alone fixes the types; an input would otherwise widen them to whatever it holds.
export async function call<Body, Query, Data, Segments>(spec: CallSpec<Body, Query, Data, Segments>, input: NoInfer<CallInput<Body, Query, Segments>>): Promise<Data> {
  const params = input.params as Record<string, string> | undefined
  const res = await execute<{ data: Data }>({
    url: params ? spec.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '')) : spec.path,
    method: spec.method,
    data: input.body as Params | undefined,
    query: input.query as Params | undefined,
    auth: spec.auth,
    bearer: spec.bearer,
    signed: spec.signed,
    header: input.header,
    timeout: input.timeout ?? spec.timeout,
    signal: input.signal,
    loading: input.loading ?? spec.loading,
  })
  return res.data.data
}

export { RequestError }
