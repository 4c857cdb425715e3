// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { request, RequestError } from '../../../../src/lib/http'
import { decideRefresh } from '../../../../src/lib/http/refresh'
import { fakeFetch, fakeSession, ok, outcome, setup, type Sent } from '../../support/http'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const isRefresh = (r: Sent) => r.url === '/api/refresh'
/** The API answers 401 to the old token and 200 to the new one. */
const api = (refresh: (r: Sent) => ReturnType<typeof ok> | 'network-error' | { status: number; body: unknown }) =>
  fakeFetch((r) => {
    if (isRefresh(r)) return refresh(r)
    return r.headers.authorization === 'Bearer new' ? ok({ url: r.url }) : { status: 401, body: { code: 300003, msg: 'JWT expired', data: null } }
  })

const five = () => [1, 2, 3, 4, 5].map((i) => outcome(request<{ data: { url: string } }>({ url: `/r${i}` })))

describe('401 → one refresh → replay', () => {
  it('5 concurrent 401s make exactly one GET /refresh (refresh token as Bearer) and all 5 succeed with the new token', async () => {
    const { session } = setup(fakeSession({ token: 'old', refreshToken: 'ref' }))
    const { calls } = api(() => ok({ token: 'new', refreshToken: 'ref2' }))
    const results = five()
    await vi.advanceTimersByTimeAsync(0)
    const refreshes = calls.filter(isRefresh)
    expect(refreshes).toHaveLength(1)
    expect(refreshes[0]?.headers.authorization).toBe('Bearer ref')
    expect(results.map((r) => r.value?.data.data.url)).toEqual(['/api/r1', '/api/r2', '/api/r3', '/api/r4', '/api/r5'])
    expect(session.state).toMatchObject({ token: 'new', refreshToken: 'ref2' })
    expect(calls.filter((c) => !isRefresh(c) && c.headers.authorization === 'Bearer new')).toHaveLength(5)
  })

  it('a request that starts while the refresh runs waits for it and goes out with the new token', async () => {
    setup(fakeSession({ token: 'old', refreshToken: 'ref' }))
    let release: (v: ReturnType<typeof ok>) => void = () => {}
    const { calls } = fakeFetch((r) => {
      if (isRefresh(r)) return new Promise((res) => (release = res))
      return r.headers.authorization === 'Bearer new' ? ok() : { status: 401, body: { code: 300003, msg: 'JWT expired', data: null } }
    })
    const first = outcome(request({ url: '/a' }))
    await vi.advanceTimersByTimeAsync(0)
    const late = outcome(request({ url: '/late' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(calls.filter((c) => c.url === '/api/late')).toHaveLength(0)
    release(ok({ token: 'new', refreshToken: 'ref2' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(first.done && late.done).toBe(true)
    expect(calls.filter((c) => c.url === '/api/late').map((c) => c.headers.authorization)).toEqual(['Bearer new'])
  })

  it('a refused refresh rejects all 5, shows the message once and logs out once', async () => {
    const { ui } = setup(fakeSession({ token: 'old', refreshToken: 'ref' }))
    const { calls } = api(() => ({ status: 401, body: { code: 300002, msg: 'JWT invalid', data: null } }))
    const results = five()
    await vi.advanceTimersByTimeAsync(0)
    expect(calls.filter(isRefresh)).toHaveLength(1)
    for (const r of results) {
      expect(r.error).toBeInstanceOf(RequestError)
      expect((r.error as RequestError).kind).toBe('expired')
      expect((r.error as RequestError).message).toBe('Your login has expired, please log in again!')
    }
    expect(ui.notify.mock.calls).toEqual([['Your login has expired, please log in again!']])
    expect(ui.onLoggedOut).toHaveBeenCalledTimes(1)
    expect(ui.onLoggedOut).toHaveBeenCalledWith('expired')
  })

  it.each([
    ['the account signed in elsewhere ends like the kick', 'signed-in-elsewhere', 'account logged in on another terminal', 'kicked'],
    ['the school disabled the account says so', 'account-disabled', 'account disabled', 'disabled'],
  ])('a refresh refused because %s: its message and reason', async (_, reason, message, ending) => {
    const { ui } = setup(fakeSession({ token: 'old', refreshToken: 'ref' }))
    api(() => ({ status: 401, body: { code: 300002, msg: 'JWT invalid', data: { reason } } }))
    const results = five()
    await vi.advanceTimersByTimeAsync(0)
    for (const r of results) expect((r.error as RequestError).kind).toBe('expired')
    expect(ui.notify.mock.calls).toEqual([[message]])
    expect(ui.onLoggedOut.mock.calls).toEqual([[ending]])
  })

  it('debounces the expiry message for 1000 ms', async () => {
    const { ui, session } = setup(fakeSession({ token: 'old', refreshToken: 'ref' }))
    api(() => ({ status: 401, body: { code: 300002, msg: 'JWT invalid', data: null } }))
    outcome(request({ url: '/a' }))
    await vi.advanceTimersByTimeAsync(999)
    session.state.token = 'old' // a second expiry inside the window (the fake logout cleared nothing)
    outcome(request({ url: '/b' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(ui.notify).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    outcome(request({ url: '/c' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(ui.notify).toHaveBeenCalledTimes(2)
  })

  it('a network error during the refresh rejects the waiting requests but keeps the session', async () => {
    const { ui, session } = setup(fakeSession({ token: 'old', refreshToken: 'ref' }))
    api(() => 'network-error')
    const results = five()
    await vi.advanceTimersByTimeAsync(0)
    for (const r of results) expect((r.error as RequestError).kind).toBe('network')
    expect(ui.onLoggedOut).not.toHaveBeenCalled()
    expect(ui.notify).not.toHaveBeenCalled()
    expect(session.state).toMatchObject({ token: 'old', refreshToken: 'ref' })
  })

  it('never refresh-retries /refresh itself, nor calls with the temporary token', async () => {
    setup(fakeSession({ token: 'old', refreshToken: 'ref', tempToken: 'tmp' }))
    const { calls } = fakeFetch(() => ({ status: 401, body: { code: 300001, msg: 'JWT unauthorized', data: null } }))
    const r1 = outcome(request({ url: '/refresh', bearer: 'refresh' }))
    const r2 = outcome(request({ url: '/auth/student/improve', method: 'PUT', bearer: 'temp', data: {} }))
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toHaveLength(2)
    expect((r1.error as RequestError).message).toBe('request error [401]')
    expect((r2.error as RequestError).statusCode).toBe(401)
  })
})

describe('decideRefresh (pure)', () => {
  it.each([
    [200, { code: 0, msg: '', data: { token: 't', refreshToken: 'r' } }, 'refreshed'],
    [401, { code: 300002, msg: '', data: null }, 'refused'],
    [403, '', 'refused'],
    [200, { code: 300003, msg: '', data: null }, 'refused'],
    [500, { code: 100500, msg: '', data: null }, 'failed'],
    [429, { code: 100003, msg: '', data: { retryAfter: 3 } }, 'failed'],
    [200, { code: 0, msg: '', data: null }, 'failed'],
  ])('%i %j → %s', (statusCode, data, expected) => {
    expect(decideRefresh({ statusCode, data }).outcome).toBe(expected)
  })

  it('names the ending that a refusal gives in its data (signed in elsewhere, account disabled), and no other', () => {
    expect(decideRefresh({ statusCode: 401, data: { code: 300002, msg: '', data: { reason: 'signed-in-elsewhere' } } })).toMatchObject({ outcome: 'refused', ending: 'kicked' })
    expect(decideRefresh({ statusCode: 401, data: { code: 300002, msg: '', data: { reason: 'account-disabled' } } })).toMatchObject({ outcome: 'refused', ending: 'disabled' })
    expect(decideRefresh({ statusCode: 401, data: { code: 300002, msg: '', data: { reason: 'other' } } })).not.toHaveProperty('ending')
    expect(decideRefresh({ statusCode: 401, data: { code: 300002, msg: '', data: null } })).not.toHaveProperty('ending')
  })
})
