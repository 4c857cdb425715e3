// @vitest-environment node
/**
 * Two tabs of one browser, simulated as two instances of the client modules sharing fetch, a Web Lock
 * manager and the persisted token pair (what localStorage is between real tabs).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { fakeFetch, fakeSession, ok, outcome, type Sent } from '../../support/http'

type HttpModule = typeof import('../../../../src/lib/http')

/** A LockManager that runs callbacks for one name strictly one after another. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>()
  return {
    request: <T>(name: string, cb: (lock: null) => T): Promise<Awaited<T>> => {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => cb(null))
      tails.set(name, run.catch(() => undefined))
      return run as Promise<Awaited<T>>
    },
  }
}

async function openTab(persisted: { token: string; refreshToken: string }): Promise<{ http: HttpModule; session: ReturnType<typeof fakeSession> }> {
  vi.resetModules()
  const http = await import('../../../../src/lib/http')
  const session = fakeSession({ token: 'old', refreshToken: 'ref' }, persisted)
  http.configureHttp({ session: session.port, baseUrl: '/api', notify: vi.fn(), onLoggedOut: vi.fn() })
  return { http, session }
}

beforeEach(() => {
  vi.useFakeTimers()
  Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'locks')
})

it('two tabs hitting 401 at once make one /refresh between them and both continue with the new token', async () => {
  const persisted = { token: 'old', refreshToken: 'ref' }
  const a = await openTab(persisted)
  const b = await openTab(persisted)
  const isRefresh = (r: Sent) => r.url === '/api/refresh'
  const { calls } = fakeFetch((r) => {
    if (isRefresh(r)) return ok({ token: 'new', refreshToken: 'ref2' })
    return r.headers.authorization === 'Bearer new' ? ok({ tab: r.url }) : { status: 401, body: { code: 300003, msg: 'JWT expired', data: null } }
  })
  const ra = outcome(a.http.request({ url: '/from-a' }))
  const rb = outcome(b.http.request({ url: '/from-b' }))
  await vi.advanceTimersByTimeAsync(0)
  expect(calls.filter(isRefresh)).toHaveLength(1)
  expect(ra.error ?? rb.error).toBeUndefined()
  expect([ra.done, rb.done]).toEqual([true, true])
  expect(a.session.state.token).toBe('new')
  expect(b.session.state).toMatchObject({ token: 'new', refreshToken: 'ref2' })
})
