/**
 * A captive portal between the device and the API: its answers (HTML, a redirect elsewhere, 511) are named
 * for what they are, never taken for the server's refusal (no logout), and a probe of the API every 10 s
 * at first notices when the portal is gone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { request } from '../../../src/lib/http'
import { isRequestError } from '../../../src/lib/http/errors'
import { behindPortal, isPortalAnswer, PROBE_FIRST_MS, REACHABLE_EVENT, resetReach } from '../../../src/lib/http/reach'
import { fakeFetch, fakeSession, ok, outcome, setup, type Reply } from './fakes'

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

  it('probes the API 10 s after (not before), backs off while the portal stays, and tells what waits once the API answers', async () => {
    setup()
    let portal = true
    const { calls } = fakeFetch((s) => (portal ? SIGN_IN_PAGE : s.url.endsWith('/health') ? ok({ status: 'ok' }) : ok()))
    const reachable = vi.fn()
    addEventListener(REACHABLE_EVENT, reachable)
    outcome(request({ url: '/home' }))
    await vi.advanceTimersByTimeAsync(0)
    const probes = () => calls.filter((c) => c.url.endsWith('/api/health')).length

    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS - 1)
    expect(probes()).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(probes()).toBe(1)
    expect(behindPortal()).toBe(true)
    // The next one waits longer: 15 s, not 10.
    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS)
    expect(probes()).toBe(1)
    portal = false
    await vi.advanceTimersByTimeAsync(5_000)
    expect(probes()).toBe(2)
    expect(behindPortal()).toBe(false)
    expect(reachable).toHaveBeenCalledTimes(1)
    // Gone for good: no more probes.
    await vi.advanceTimersByTimeAsync(120_000)
    expect(probes()).toBe(2)
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
