// @vitest-environment node
import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { call, configureHttp, request, RequestError } from '../../../../src/lib/http'
import { API } from '../../../../src/contract/api'
import { CALLS, DATA_TIMEOUT_MS } from '../../../../src/contract/calls'
import { fakeFetch, fakeSession, ok, outcome, setup } from '../../support/http'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const device = { deviceType: 'browser', deviceCode: 'dc-1', appId: 'jsj-habor' } as const

describe('headers', () => {
  it('sends App-ID always and no Authorization, Org-ID or Student-ID when nothing is known', async () => {
    setup()
    const { calls } = fakeFetch(() => ok())
    await request({ url: '/ping' })
    expect(calls[0]?.url).toBe('/api/ping')
    expect(calls[0]?.headers).toEqual({ 'app-id': 'jsj-habor' })
  })

  it('defaults to the contract base /api when none is configured', async () => {
    setup()
    configureHttp({ baseUrl: undefined })
    const { calls } = fakeFetch(() => ok())
    await request({ url: 'ping', data: { q: 1 } })
    await request({ url: 'https://cdn.example.com/x' })
    expect(calls.map((c) => c.url)).toEqual(['/api/ping?q=1', 'https://cdn.example.com/x'])
  })

  it('adds the Bearer token, Org-ID and Student-ID when known', async () => {
    setup(fakeSession({ token: 'acc', orgId: 'org-1', studentId: 'stu-1' }))
    const { calls } = fakeFetch(() => ok())
    await request({ url: '/ping' })
    expect(calls[0]?.headers).toMatchObject({ authorization: 'Bearer acc', 'org-id': 'org-1', 'student-id': 'stu-1', 'app-id': 'jsj-habor' })
  })

  it('uses the contract bearer: none for logins, temp for registration steps, the refresh token for /refresh', async () => {
    setup(fakeSession({ token: 'acc', refreshToken: 'ref', tempToken: 'tmp' }))
    const { calls } = fakeFetch(() => ok({ token: 'a', refreshToken: 'r' }))
    await call(API.login, { body: { ...device, username: '13800138000', password: 'x' } })
    await call(API.improve, { body: { name: 'n', grade: 'g', className: 'c', orgCode: 'DEMO' } })
    await call(API.refresh, {})
    expect(calls.map((c) => c.headers.authorization)).toEqual([undefined, 'Bearer tmp', 'Bearer ref'])
  })

  it('sends JSON for a JSON body, form encoding for urlencoded, and GET data as the query', async () => {
    setup()
    const { calls } = fakeFetch(() => ok())
    await request({ url: '/a', method: 'POST', data: { x: 1, o: { y: 2 } } })
    await request({ url: '/b', method: 'PUT', data: { x: 1, s: 'a b' }, header: { 'Content-Type': 'application/x-www-form-urlencoded' } })
    await request({ url: '/c?z=0', data: { x: 1, skip: undefined } })
    expect(calls[0]?.headers['content-type']).toBe('application/json')
    expect(calls[0]?.body).toBe('{"x":1,"o":{"y":2}}')
    expect(calls[1]?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(calls[1]?.body).toBe('x=1&s=a+b')
    expect(calls[2]).toMatchObject({ url: '/api/c?z=0&x=1', body: undefined })
  })

  it('resolves with data, statusCode and header for 2xx', async () => {
    setup()
    fakeFetch(() => ({ status: 201, body: { code: 0, msg: 'ok', data: { id: 7 } }, headers: { 'x-trace': 't' } }))
    const res = await request<{ data: { id: number } }>({ url: '/made', method: 'POST', data: {} })
    expect(res.statusCode).toBe(201)
    expect(res.data.data).toEqual({ id: 7 })
    expect(res.header['x-trace']).toBe('t')
  })

  it('stores the token pair a response carries in its token / refresh-token headers', async () => {
    const s = setup(fakeSession({ token: 'old', refreshToken: 'oldr' }))
    fakeFetch(() => ok(null, { token: 'new', 'refresh-token': 'newr' }))
    await request({ url: '/x' })
    expect(s.session.state).toMatchObject({ token: 'new', refreshToken: 'newr' })
  })
})

describe('signing', () => {
  const hex = (s: string) => createHash('sha256').update(s).digest('hex')

  beforeEach(() => {
    vi.setSystemTime(1_700_000_000_000)
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(a: T): T => {
      if (a instanceof Uint8Array) a.fill(0xab)
      return a
    })
  })

  it('signs a body call: timestamp and nonce join the body, Sign = sha256 of the sorted params and the secret', async () => {
    setup()
    const { calls } = fakeFetch(() => ok({ token: 't', refreshToken: 'r', isReg: false, isPassword: true, isPhone: true }))
    await call(API.loginWxMp, { body: { ...device, payload: 'js-code', sort: 1 } })
    const nonce = 'ab'.repeat(16)
    const canonical = `appId=jsj-habor&deviceCode=dc-1&deviceType=browser&nonce=${nonce}&payload=js-code&sort=1&timestamp=1700000000000&secret=jsj-habor-dev-sign`
    expect(calls[0]?.headers.sign).toBe(hex(canonical))
    expect(JSON.parse(String(calls[0]?.body))).toMatchObject({ timestamp: 1_700_000_000_000, nonce })
  })

  it('signs a GET: query + timestamp + nonce, objects as JSON, empty values skipped', async () => {
    setup()
    const { calls } = fakeFetch(() => ok())
    await request({ url: '/s', signed: true, data: { b: 'x', a: { k: 1 }, e: '' } })
    const nonce = 'ab'.repeat(16)
    expect(calls[0]?.headers.sign).toBe(hex(`a={"k":1}&b=x&nonce=${nonce}&timestamp=1700000000000&secret=jsj-habor-dev-sign`))
    expect(calls[0]?.url).toContain(`timestamp=1700000000000&nonce=${nonce}`)
  })

  it('leaves unsigned calls without Sign', async () => {
    setup()
    const { calls } = fakeFetch(() => ok())
    await call(API.login, { body: { ...device, username: 'u', password: 'p' } })
    expect(calls[0]?.headers.sign).toBeUndefined()
  })
})

describe('error catalogue (docs/product.md "Errors")', () => {
  const fail = async (p: Promise<unknown>): Promise<RequestError> => {
    const e = await p.then(
      () => undefined,
      (err: unknown) => err,
    )
    expect(e).toBeInstanceOf(RequestError)
    return e as RequestError
  }

  it('a network failure is statusCode 500 "request failed" (framework code 5)', async () => {
    setup()
    fakeFetch(() => 'network-error')
    const e = await fail(request({ url: '/x' }))
    expect([e.kind, e.code, e.message, e.statusCode]).toEqual(['network', 5, 'request failed', 500])
  })

  it('other statuses are "request error [status]", keeping the envelope code and data', async () => {
    setup()
    fakeFetch((r) => (r.url.endsWith('/busy') ? { status: 429, body: { code: 100003, msg: 'too many requests', data: { retryAfter: 30 } } } : { status: 502, body: 'Bad Gateway' }))
    const busy = await fail(request({ url: '/busy' }))
    expect([busy.kind, busy.code, busy.message, busy.statusCode, busy.data]).toEqual(['status', 100003, 'request error [429]', 429, { retryAfter: 30 }])
    const bad = await fail(request({ url: '/gw' }))
    expect([bad.code, bad.message, bad.statusCode]).toEqual([502, 'request error [502]', 502])
  })

  it('an auth call without a token is refused before sending: 404 "invalid status", message shown', async () => {
    const { ui } = setup()
    const { calls } = fakeFetch(() => ok())
    const e = await fail(call(API.student, { query: { appId: 'jsj-habor' } }))
    expect([e.kind, e.message, e.statusCode, e.statusText]).toEqual(['no-login', 'no login state, please log in first', 404, 'invalid status'])
    expect(calls).toHaveLength(0)
    expect(ui.notify).toHaveBeenCalledWith('no login state, please log in first')
  })

  it('a business code other than 0 rejects with that code and message', async () => {
    setup()
    fakeFetch(() => ({ body: { code: 200002, msg: 'password invalid', data: null } }))
    const e = await fail(call(API.login, { body: { ...device, username: 'u', password: 'p' } }))
    expect([e.kind, e.code, e.message, e.statusCode]).toEqual(['business', 200002, 'password invalid', 200])
  })

  it('a data call of the contract fills its path segments, encoded, and waits DATA_TIMEOUT_MS, not the default', async () => {
    setup(fakeSession({ token: 'acc' }))
    const { calls } = fakeFetch(() => ok({}))
    await call(CALLS.report, { params: { id: 'a/b c' } })
    await call(CALLS.content, { params: { kind: 'opus', id: 'demo-opus' } })
    await call(CALLS.inviteCheck, { query: { code: 'DEMO2023' } })
    expect(calls.map((c) => c.url)).toEqual(['/api/reports/a%2Fb%20c', '/api/content/opus/demo-opus', '/api/invite/check?code=DEMO2023'])
    expect(calls[0]?.headers.authorization).toBe('Bearer acc')
    // A public read carries the token when there is one (a card answers `mine` by it).
    expect(calls[1]?.headers.authorization).toBe('Bearer acc')

    fakeFetch(() => 'hang')
    const slow = outcome(call(CALLS.desk, {}))
    await vi.advanceTimersByTimeAsync(DATA_TIMEOUT_MS - 1)
    expect(slow.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((slow.error as RequestError).kind).toBe('timeout')
  })

  it('times out at the timeout (default 60000 ms) with framework code 5, not before', async () => {
    setup()
    fakeFetch(() => 'hang')
    const res = outcome(request({ url: '/slow' }))
    await vi.advanceTimersByTimeAsync(59_999)
    expect(res.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const e = res.error as RequestError
    expect([e.kind, e.code, e.statusCode]).toEqual(['timeout', 5, 500])
    const custom = outcome(request({ url: '/slow', timeout: 100 }))
    await vi.advanceTimersByTimeAsync(100)
    expect((custom.error as RequestError).kind).toBe('timeout')
  })

  it('an abort rejects with 600003', async () => {
    setup()
    fakeFetch(() => 'hang')
    const ctl = new AbortController()
    const res = outcome(request({ url: '/slow', signal: ctl.signal }))
    await vi.advanceTimersByTimeAsync(10)
    ctl.abort()
    await vi.advanceTimersByTimeAsync(0)
    const e = res.error as RequestError
    expect([e.kind, e.code]).toEqual(['aborted', 600003])
  })

  it('anything unexpected is 500 "unknown error"', async () => {
    const session = fakeSession({ token: 't' })
    session.port.setTokens.mockImplementation(() => {
      throw new Error('storage exploded')
    })
    setup(session)
    fakeFetch(() => ok(null, { token: 'n' }))
    const e = await fail(request({ url: '/x' }))
    expect([e.kind, e.code, e.message, e.statusCode]).toEqual(['unknown', 500, 'unknown error', 500])
  })
})
