import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import type { Kick } from '../../../server/services/sessions'
import { call, makeApp, passwordLogin, type Pair } from '../support/helpers'

const refresh = (app: Parameters<typeof call>[0], refreshToken?: string) => call<Pair>(app, 'GET', '/refresh', { token: refreshToken })

describe('access token', () => {
  it('missing → 401 300001, garbage → 401 300002, expired → 401 300003', async () => {
    const { app, clock } = await makeApp({ accessTtlSeconds: 900 })
    const pair = await passwordLogin(app)
    const missing = await call(app, 'GET', '/auth/student')
    expect(missing.status).toBe(401)
    expect(missing.body).toEqual({ code: 300001, msg: 'JWT unauthorized', data: null })
    const garbage = await call(app, 'GET', '/auth/student', { token: 'not.a.jwt' })
    expect([garbage.status, garbage.body.code]).toEqual([401, 300002])
    const [h, p] = pair.token.split('.')
    const forged = await call(app, 'GET', '/auth/student', { token: `${h}.${p}.${'A'.repeat(43)}` })
    expect([forged.status, forged.body.code]).toEqual([401, 300002])
    clock.advance(899_000)
    expect((await call(app, 'GET', '/auth/student', { token: pair.token })).body.code).toBe(0)
    clock.advance(2_000)
    const expired = await call(app, 'GET', '/auth/student', { token: pair.token })
    expect([expired.status, expired.body.code]).toEqual([401, 300003])
    // The refresh token still works and yields a usable access token.
    const next = await refresh(app, pair.refreshToken)
    expect(next.body.code).toBe(0)
    expect((await call(app, 'GET', '/auth/student', { token: next.body.data.token })).body.code).toBe(0)
  })
})

// The server remembers tokens it has verified (services/sessions.ts): these pin that a remembered token
// still expires on time and that only the exact verified string is remembered.
describe('a token already verified', () => {
  it('is refused from its expiry second on (300003), not later', async () => {
    const { app, clock } = await makeApp({ accessTtlSeconds: 900 })
    const { token } = await passwordLogin(app)
    const exp = decodeJwt(token).exp! * 1000
    expect((await call(app, 'GET', '/auth/student', { token })).body.code).toBe(0)
    clock.t = exp - 1
    expect((await call(app, 'GET', '/auth/student', { token })).body.code).toBe(0)
    expect((await call(app, 'GET', '/home/desk', { token })).body.code).toBe(0)
    clock.t = exp
    for (const path of ['/auth/student', '/home/desk']) {
      const r = await call(app, 'GET', path, { token })
      expect([r.status, r.body.code]).toEqual([401, 300003])
    }
  })

  it('does not vouch for an altered copy of itself', async () => {
    const { app } = await makeApp()
    const me = await passwordLogin(app)
    const other = await passwordLogin(app, { deviceType: 'mobile', deviceCode: 'phone-1' })
    expect((await call(app, 'GET', '/auth/student', { token: me.token })).body.code).toBe(0)
    const [h, p, sig] = me.token.split('.') as [string, string, string]
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`
    const otherPayload = other.token.split('.')[1]
    for (const token of [`${h}.${p}.${flipped}`, `${h}.${otherPayload}.${sig}`, `${h}.${p}.`, `${me.token}x`]) {
      const r = await call(app, 'GET', '/auth/student', { token })
      expect([r.status, r.body.code]).toEqual([401, 300002])
    }
    expect((await call(app, 'GET', '/auth/student', { token: me.token })).body.code).toBe(0)
  })
})

describe('GET /refresh', () => {
  it('rotates on every use and answers the pair in body and headers', async () => {
    const { app } = await makeApp()
    const first = await passwordLogin(app)
    const second = await refresh(app, first.refreshToken)
    expect(second.status).toBe(200)
    expect(second.body.data.refreshToken).not.toBe(first.refreshToken)
    expect(second.headers['refresh-token']).toBe(second.body.data.refreshToken)
    const third = await refresh(app, second.body.data.refreshToken)
    expect(third.body.code).toBe(0)
  })

  it('says why a session ended when another device signed in (the kick its terminal may have missed), and only then', async () => {
    const { app } = await makeApp()
    const kicked = await passwordLogin(app, { deviceCode: 'device-a' })
    await passwordLogin(app, { deviceCode: 'device-b' })
    const r = await refresh(app, kicked.refreshToken)
    expect(r.status).toBe(401)
    expect(r.body).toMatchObject({ code: 300002, data: { reason: 'signed-in-elsewhere' } })
    // The same device signing in again replaces its own session quietly; a logout is the student's own act.
    const again = await passwordLogin(app, { deviceCode: 'device-b' })
    const replaced = await passwordLogin(app, { deviceCode: 'device-b' })
    expect((await refresh(app, again.refreshToken)).body).toMatchObject({ code: 300002, data: null })
    await call(app, 'POST', '/logout', { token: replaced.token, body: {} })
    expect((await refresh(app, replaced.refreshToken)).body).toMatchObject({ code: 300002, data: null })
  })

  it('accepts the just-replaced token within the 10 s grace with a fresh pair of the same session', async () => {
    const { app, clock } = await makeApp()
    const first = await passwordLogin(app)
    const a = await refresh(app, first.refreshToken)
    clock.advance(10_000)
    const b = await refresh(app, first.refreshToken)
    expect(b.body.code).toBe(0)
    expect(b.body.data.refreshToken).not.toBe(a.body.data.refreshToken)
    // Both successors stay valid: the tab that lost the race keeps working.
    expect((await refresh(app, a.body.data.refreshToken)).body.code).toBe(0)
    expect((await refresh(app, b.body.data.refreshToken)).body.code).toBe(0)
  })

  it('reuse after the grace revokes the whole family', async () => {
    const { app, clock } = await makeApp()
    const first = await passwordLogin(app)
    const a = await refresh(app, first.refreshToken)
    clock.advance(10_001)
    const reuse = await refresh(app, first.refreshToken)
    expect([reuse.status, reuse.body.code]).toEqual([401, 300002])
    expect((await refresh(app, a.body.data.refreshToken)).status).toBe(401)
    expect((await call(app, 'GET', '/auth/student', { token: a.body.data.token })).status).toBe(401)
  })

  it('missing → 300001, unknown → 300002, expired → 300003, all HTTP 401', async () => {
    const { app, clock } = await makeApp({ refreshTtlSeconds: 3600 })
    expect((await refresh(app)).body.code).toBe(300001)
    expect((await refresh(app, 'nope')).body.code).toBe(300002)
    const pair = await passwordLogin(app)
    clock.advance(3_600_000)
    const expired = await refresh(app, pair.refreshToken)
    expect([expired.status, expired.body.code]).toEqual([401, 300003])
  })

  it('an access token is not a refresh token', async () => {
    const { app } = await makeApp()
    const pair = await passwordLogin(app)
    expect((await refresh(app, pair.token)).body.code).toBe(300002)
  })
})

describe('one live session per account, app and device type', () => {
  it('a login from another device replaces the old session and announces a kick', async () => {
    const { app } = await makeApp()
    const kicks: Kick[] = []
    app.sessions.onKick((k) => kicks.push(k))
    const old = await passwordLogin(app, { deviceCode: 'tablet-1' })
    const fresh = await passwordLogin(app, { deviceCode: 'tablet-2' })
    expect((await call(app, 'GET', '/auth/student', { token: old.token })).status).toBe(401)
    expect((await refresh(app, old.refreshToken)).status).toBe(401)
    expect((await call(app, 'GET', '/auth/student', { token: fresh.token })).body.code).toBe(0)
    const profile = await call<{ id: string }>(app, 'GET', '/auth/student', { token: fresh.token })
    expect(kicks).toHaveLength(1)
    expect(kicks[0]).toMatchObject({ appId: 'jsj-habor', deviceType: 'browser', userId: profile.body.data.id })
  })

  it('the same device logging in again replaces silently; another device type keeps its own session', async () => {
    const { app } = await makeApp()
    const kicks: Kick[] = []
    const off = app.sessions.onKick((k) => kicks.push(k))
    const phone = await passwordLogin(app, { deviceType: 'mobile', deviceCode: 'p1' })
    const a = await passwordLogin(app, { deviceCode: 'b1' })
    const b = await passwordLogin(app, { deviceCode: 'b1' })
    expect(kicks).toHaveLength(0)
    expect((await call(app, 'GET', '/auth/student', { token: a.token })).status).toBe(401)
    expect((await call(app, 'GET', '/auth/student', { token: b.token })).body.code).toBe(0)
    expect((await call(app, 'GET', '/auth/student', { token: phone.token })).body.code).toBe(0)
    off()
  })
})

describe('POST /logout', () => {
  it('revokes only the caller and kicks nobody', async () => {
    const { app } = await makeApp()
    const kicks: Kick[] = []
    app.sessions.onKick((k) => kicks.push(k))
    const mobile = await passwordLogin(app, { deviceType: 'mobile', deviceCode: 'p1' })
    const browser = await passwordLogin(app)
    expect((await call(app, 'POST', '/logout', { token: browser.token, body: { deviceType: 'browser', appId: 'jsj-habor' } })).body).toEqual({ code: 0, msg: 'success', data: null })
    expect((await call(app, 'GET', '/auth/student', { token: browser.token })).status).toBe(401)
    expect((await refresh(app, browser.refreshToken)).status).toBe(401)
    expect((await call(app, 'GET', '/auth/student', { token: mobile.token })).body.code).toBe(0)
    expect(kicks).toHaveLength(0)
    expect((await call(app, 'POST', '/logout', {})).status).toBe(401)
  })
})
