/** For the sign-in page tests: fresh stores and storage, the app's HTTP client over the auth store, and a fake server by path. */
import { vi } from 'vitest'
import { initHistory } from '../../../src/state/navigation'
import { configureHttp, type SessionPort } from '../../../src/lib/http'
import { resetHttpConfig } from '../../../src/lib/http/config'
import { resetLoading } from '../../../src/lib/http/loading'
import { resetReach } from '../../../src/lib/http/reach'
import { resetRefresh } from '../../../src/lib/http/refresh'
import { read, write } from '../../../src/lib/storage'
import { reset as resetApp } from '../../../src/state/app'
import { authState, setProfile, updateSessionTokens, type Profile } from '../../../src/state/auth'
import { dispatch, resetSession, storeAnswer } from '../../../src/state/session/machine'
import { fakeFetch, type Reply, type Sent } from './http'

/** A new device: empty storage, fresh stores and a fresh HTTP client state. */
export function resetClient(): void {
  localStorage.clear()
  resetSession()
  resetApp()
  resetHttpConfig()
  resetLoading()
  resetRefresh()
  // A test whose calls failed at the network level leaves the API's probe scheduled; on real timers it
  // would go out in a later test, to the test page's own address.
  resetReach()
}

/** A student signed in with this profile, as a login leaves them: the session's phase is signedIn. */
export function signIn(profile: Profile): void {
  storeAnswer({ token: 'T', refreshToken: 'R' })
  setProfile(profile)
  dispatch({ type: 'profileIn' })
  dispatch({ type: 'entered' })
}

/** A new student between registration steps: a temporary token (the session is registering). */
export const registerWith = (tempToken = 'tmp'): void => void storeAnswer({ tempToken })

/** The HTTP client's session over the auth store, as the app wires it; `get` may add the org headers. */
export const storeSession = (setTokens: SessionPort['setTokens'], get: SessionPort['get'] = () => ({ token: authState.token, refreshToken: authState.refreshToken, tempToken: authState.tempToken })): SessionPort => ({
  get,
  persisted: () => ({ token: read('token') ?? '', refreshToken: read('refreshToken') ?? '' }),
  setTokens,
})

/** A page opened at `path` on a new device, talking to `/api` with the session of the auth store. */
export function openAt(path: string): void {
  resetClient()
  write('deviceCode', 'dev-1')
  history.replaceState(null, '', path)
  initHistory()
  configureHttp({ baseUrl: '/api', session: storeSession(updateSessionTokens), notify: vi.fn(), onLoggedOut: vi.fn() })
}

/** The API path of a request, without `/api` and the query. */
export const pathOf = (s: Sent): string => new URL(s.url, 'http://x').pathname.replace(/^\/api/, '')
export const queryOf = (s: Sent, name: string): string | null => new URL(s.url, 'http://x').searchParams.get(name)
/** The JSON bodies sent to `path`, in order. */
export const bodiesTo = (calls: Sent[], path: string): Record<string, unknown>[] =>
  calls.filter((s) => pathOf(s) === path).map((s) => JSON.parse(String(s.body)) as Record<string, unknown>)

const NOT_FOUND: Reply = { status: 404, body: { code: 100404, msg: 'not found', data: null } }

/** A server answering each path from `routes`; any other path is 404 as the real one answers it. */
export function fakeServer(routes: Record<string, Reply | ((s: Sent) => Reply | Promise<Reply>)>) {
  return fakeFetch((s) => {
    const route = routes[pathOf(s)]
    return typeof route === 'function' ? route(s) : (route ?? NOT_FOUND)
  })
}
