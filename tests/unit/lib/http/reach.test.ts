/**
 * A captive portal between the device and the API: its answers (HTML, a redirect elsewhere, 511) are named
 * for what they are, never taken for the server's refusal (no logout), and a probe of the API every 3 s
 * notices when the portal is gone. A call with no answer at all while online (a redirect the CSP blocks,
 * TLS, a refused connection) is the cut-off state, probed the same way.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { request } from '../../../../src/lib/http'
import { isRequestError } from '../../../../src/lib/http/errors'
import { behindPortal, isPortalAnswer, PROBE_EVERY_MS, PROBE_TIMEOUT_MS, REACHABLE_EVENT, reachState, resetReach } from '../../../../src/lib/http/reach'
import { fakeFetch, fakeSession, ok, outcome, setup, type Reply } from '../../support/http'

const BASE = 'https://app.example/'
const SIGN_IN_PAGE: Reply = { status: 200, body: '<!doctype html><title>Campus Wi-Fi</title><form>…</form>', headers: { 'content-type': 'text/html; charset=utf-8' } }

beforeEach(() => {
  vi.useFakeTimers()
  resetReach()
})
afterEach(() => {
  resetReach()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('isPortalAnswer', () => {
  const json = { 'content-type': 'application/json; charset=utf-8' }
  it.each([
    ['an HTML page with 200', { statusCode: 200, header: { 'content-type': 'text/html' } }, true],
    ['511 Network Authentication Required', { statusCode: 511, header: json }, true],
    ['a redirect that ended on another origin', { statusCode: 200, header: json, url: 'http://portal.example/login' }, true],
    ['an HTML 401 from the portal', { statusCode: 401, header: { 'content-type': 'text/html' } }, true],
    ["the API's JSON", { statusCode: 200, header: json, url: 'https://app.example/api/x' }, false],
    ["the API's JSON refusal", { statusCode: 401, header: json }, false],
    ["a balancer's HTML 502 (the server, not the Wi-Fi)", { statusCode: 502, header: { 'content-type': 'text/html' } }, false],
  ])('%s → %s', (_, res, expected) => {
    expect(isPortalAnswer('/api/x', res, BASE)).toBe(expected)
  })
})

describe('a portal answering for the API', () => {
  it('fails the request as a portal (a network problem), not as a server error', async () => {
    setup(fakeSession({ token: 't', refreshToken: 'r' }))
    fakeFetch(() => SIGN_IN_PAGE)
    const r = outcome(request({ url: '/home' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(isRequestError(r.error) && r.error.kind).toBe('portal')
    expect(behindPortal()).toBe(true)
  })

  it("never logs out on the portal's 401 page, to the request or to the refresh", async () => {
    const { ui, session } = setup(fakeSession({ token: 't', refreshToken: 'r' }))
    fakeFetch(() => ({ ...SIGN_IN_PAGE, status: 401 }))
    const r = outcome(request({ url: '/home' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(isRequestError(r.error) && r.error.kind).toBe('portal')
    expect(ui.onLoggedOut).not.toHaveBeenCalled()
    expect(session.state.token).toBe('t')
  })

  it('probes the API at once, then every 3 s while the portal stays, and tells what waits once the API answers', async () => {
    setup()
    let portal = true
    const { calls } = fakeFetch((s) => (portal ? SIGN_IN_PAGE : s.url.endsWith('/health') ? ok({ status: 'ok' }) : ok()))
    const reachable = vi.fn()
    addEventListener(REACHABLE_EVENT, reachable)
    outcome(request({ url: '/home' }))
    await vi.advanceTimersByTimeAsync(0)
    const probes = () => calls.filter((c) => c.url.endsWith('/api/health')).length
    expect(probes()).toBe(1)

    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS - 1)
    expect(probes()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(probes()).toBe(2)
    expect(behindPortal()).toBe(true)
    // No backing off: the next one is 3 s later again.
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS)
    expect(probes()).toBe(3)
    portal = false
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS)
    expect(probes()).toBe(4)
    expect(behindPortal()).toBe(false)
    expect(reachState()).toBe('ok')
    expect(reachable).toHaveBeenCalledTimes(1)
    // Gone for good: no more probes.
    await vi.advanceTimersByTimeAsync(120_000)
    expect(probes()).toBe(4)
    removeEventListener(REACHABLE_EVENT, reachable)
  })

  it('any good answer of the API ends it at once', async () => {
    setup()
    let portal = true
    fakeFetch(() => (portal ? SIGN_IN_PAGE : ok()))
    outcome(request({ url: '/a' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(behindPortal()).toBe(true)
    portal = false
    const r = outcome(request({ url: '/b' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(r.error).toBeUndefined()
    expect(behindPortal()).toBe(false)
  })
})

describe('cut off: no answer at all while the browser says online', () => {
  const REDIRECT: Reply = { status: 302, body: '', headers: { location: 'http://127.0.0.2:9/portal/login', 'content-type': 'text/html' } }

  it('a network failure is the cut-off state; the first probe names a redirecting sign-in page', async () => {
    setup()
    let mode: 'refused' | 'redirect' | 'api' = 'redirect'
    fakeFetch((s) => (s.url.endsWith('/health') ? (mode === 'redirect' ? REDIRECT : mode === 'refused' ? 'network-error' : ok({ status: 'ok' })) : mode === 'api' ? ok() : 'network-error'))
    const r = outcome(request({ url: '/home' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(isRequestError(r.error) && r.error.kind).toBe('network')
    expect(reachState()).toBe('portal')
    mode = 'api'
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS)
    expect(reachState()).toBe('ok')
  })

  it('a refused connection stays cut off, probed every 3 s (2999 ms nothing, 3000 ms the probe), until the API answers', async () => {
    setup()
    let up = false
    const { calls } = fakeFetch((s) => (up ? (s.url.endsWith('/health') ? ok({ status: 'ok' }) : ok()) : 'network-error'))
    const reachable = vi.fn()
    addEventListener(REACHABLE_EVENT, reachable)
    outcome(request({ url: '/home' }))
    await vi.advanceTimersByTimeAsync(0)
    const probes = () => calls.filter((c) => c.url.endsWith('/api/health')).length
    expect(reachState()).toBe('cut-off')
    expect(probes()).toBe(1)
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS - 1)
    expect(probes()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(probes()).toBe(2)
    expect(reachState()).toBe('cut-off')
    up = true
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS)
    expect(reachState()).toBe('ok')
    expect(reachable).toHaveBeenCalledTimes(1)
    removeEventListener(REACHABLE_EVENT, reachable)
  })

  it('a probe that hangs counts as no answer after 3 s, and the next one follows', async () => {
    setup()
    let hang = true
    const { calls } = fakeFetch((s) => (s.url.endsWith('/health') ? (hang ? 'hang' : ok({ status: 'ok' })) : 'network-error'))
    outcome(request({ url: '/home' }))
    await vi.advanceTimersByTimeAsync(0)
    const probes = () => calls.filter((c) => c.url.endsWith('/api/health')).length
    expect(probes()).toBe(1)
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS)
    hang = false
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS)
    expect(probes()).toBe(2)
    expect(reachState()).toBe('ok')
  })

  it('while the browser is offline nothing is probed; the online event probes at once', async () => {
    setup()
    vi.stubGlobal('navigator', { onLine: false })
    let up = false
    const { calls } = fakeFetch((s) => (up ? ok({ status: 'ok' }) : s.url.endsWith('/health') ? ok({ status: 'ok' }) : 'network-error'))
    outcome(request({ url: '/home' }))
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS * 3)
    const probes = () => calls.filter((c) => c.url.endsWith('/api/health')).length
    expect(probes()).toBe(0)
    expect(reachState()).toBe('cut-off')
    up = true
    vi.stubGlobal('navigator', { onLine: true })
    dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(probes()).toBe(1)
    expect(reachState()).toBe('ok')
  })
})
