/** Fakes at the edges of the network layer: fetch, the session port, the UI ports. */
import { vi } from 'vitest'
import { configureHttp, type SessionSnapshot } from '../../../src/lib/http'
import { resetHttpConfig } from '../../../src/lib/http/config'
import { resetLoading } from '../../../src/lib/http/loading'
import { resetRefresh } from '../../../src/lib/http/refresh'

export interface Sent {
  url: string
  method: string
  headers: Record<string, string>
  body: string | FormData | undefined
  signal: AbortSignal | undefined
}

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | 'network-error' | 'hang'

/** A fetch that answers from `handler` and records what was sent; 'hang' only ends by abort. */
export function fakeFetch(handler: (req: Sent) => Reply | Promise<Reply>) {
  const calls: Sent[] = []
  const fn = vi.fn(async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {}
    new Headers(init.headers).forEach((v, k) => (headers[k.toLowerCase()] = v))
    const sent: Sent = {
      url: String(input),
      method: init.method ?? 'GET',
      headers,
      body: init.body as string | FormData | undefined,
      signal: init.signal ?? undefined,
    }
    calls.push(sent)
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(new DOMException('aborted', 'AbortError'))
      if (sent.signal?.aborted) fail()
      sent.signal?.addEventListener('abort', fail)
    })
    const reply = await Promise.race([Promise.resolve(handler(sent)), aborted])
    if (reply === 'network-error') throw new TypeError('Failed to fetch')
    if (reply === 'hang') return aborted
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? { code: 0, msg: 'success', data: null })
    return new Response(text, { status: reply.status ?? 200, headers: { 'content-type': 'application/json', ...reply.headers } })
  })
  vi.stubGlobal('fetch', fn)
  return { calls, fn }
}

export const ok = (data: unknown = null, headers?: Record<string, string>): Reply => ({ body: { code: 0, msg: 'success', data }, headers })

/** A session held in memory plus a "persisted" copy shared like localStorage is between tabs. */
export function fakeSession(init: Partial<SessionSnapshot> = {}, persisted = { token: '', refreshToken: '' }) {
  const state: SessionSnapshot = { token: '', refreshToken: '', tempToken: '', ...init }
  if (!persisted.token) Object.assign(persisted, { token: state.token, refreshToken: state.refreshToken })
  const port = {
    get: () => ({ ...state }),
    persisted: () => ({ ...persisted }),
    setTokens: vi.fn((token: string, refreshToken?: string) => {
      state.token = token
      persisted.token = token
      if (refreshToken !== undefined) {
        state.refreshToken = refreshToken
        persisted.refreshToken = refreshToken
      }
    }),
  }
  return { state, persisted, port }
}

/** Configures the client with fakes and returns the spies. */
export function setup(session = fakeSession()) {
  resetHttpConfig()
  resetLoading()
  resetRefresh()
  const ui = {
    notify: vi.fn<(text: string) => void>(),
    showLoading: vi.fn<(text: string) => void>(),
    hideLoading: vi.fn<() => void>(),
    onLoggedOut: vi.fn<() => void>(),
  }
  configureHttp({ session: session.port, baseUrl: '/api', ...ui })
  return { session, ui }
}

/** Settles a promise's outcome without letting a rejection go unhandled. */
export function outcome<T>(p: Promise<T>) {
  const box: { value?: T; error?: unknown; done: boolean } = { done: false }
  p.then(
    (v) => Object.assign(box, { value: v, done: true }),
    (e: unknown) => Object.assign(box, { error: e, done: true }),
  )
  return box
}
