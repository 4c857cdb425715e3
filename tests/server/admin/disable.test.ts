/**
 * `admin disable` / `admin enable` (server/admin): the command line is a process of its own, so the
 * running server learns from the database (every call reads its session) and closes the live connection
 * by its sweep; with Redis, at once through the live channel's shared emitter (docs/cluster.md,
 * "Disabling an account"). On SQLite and, through scripts/test-server-pg.mjs, PostgreSQL.
 */
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { CODE } from '../../../src/contract'
import { liveSessions } from '../../../server/plugins/broker'
import { call, FakeClock, passwordLogin, STUDENT_PHONE, PASSWORD, DEVICE } from '../support/helpers'
import { mqttConnect, SETTLE_MS, until, withToken } from '../support/broker'
import type { AddressInfo } from 'node:net'
import { testRedisReachable, TEST_REDIS } from '../support/redis'
import { adminApp } from './support'

const REDIS = TEST_REDIS
const redisReachable = await testRedisReachable()

/** adminApp, listening on a spare loopback port, with its /mqtt URL. */
async function listening(over: Parameters<typeof adminApp>[0] = {}) {
  const t = await adminApp(over, new FakeClock())
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = t.app.server.address() as AddressInfo
  return { ...t, url: `ws://127.0.0.1:${port}/mqtt` }
}

describe('admin disable and enable', () => {
  it("refuses a disabled account's next call and sign-in, closes its live connection, and lets it back in when enabled", async () => {
    // A short sweep keeps the test short; the wiring is the product's (5 s by default).
    const a = await listening({ liveSweepMs: 200 })
    const pair = await passwordLogin(a.app)
    const live = await mqttConnect(a.url, withToken(pair.token))
    let closed = false
    live.client.on('close', () => (closed = true))
    expect((await call(a.app, 'GET', '/auth/student', { token: pair.token })).body.code).toBe(0)

    const r = await a.admin('disable', STUDENT_PHONE)
    expect(r.status).toBe(0)
    expect(r.out).toBe('disabled 138****8000: 1 session(s) ended; the server closes its live connections within 5 s')
    // The next call: its session ended in the database, which every call reads.
    const next = await call(a.app, 'GET', '/auth/student', { token: pair.token })
    expect(next.status).toBe(401)
    expect(next.body.code).toBe(CODE.JWT_INVALID)
    // Its refresh says why, so that the app can tell the student to ask the school rather than sign in again.
    const refused = await call(a.app, 'GET', '/refresh', { token: pair.refreshToken })
    expect([refused.status, refused.body]).toEqual([401, { code: CODE.JWT_INVALID, msg: 'JWT invalid', data: { reason: 'account-disabled' } }])
    const signIn = await call(a.app, 'POST', '/login', { body: { username: STUDENT_PHONE, password: PASSWORD, ...DEVICE } })
    expect(signIn.body.code).toBe(CODE.ACCOUNT_DISABLED)
    // The live connection: the server's sweep finds its session ended.
    await until(() => closed, SETTLE_MS, 'the sweep to close the live connection')
    expect(await mqttConnect(a.url, withToken(pair.token)).then(() => 'connected', () => 'refused')).toBe('refused')

    expect((await a.admin('disable', STUDENT_PHONE)).out).toBe('138****8000 is already disabled: 0 session(s) ended; no live connection to close')
    expect((await a.admin('enable', '+86 138-0013-8000')).out).toBe('enabled 138****8000: it may sign in again')
    expect((await a.admin('enable', STUDENT_PHONE)).out).toBe('138****8000 is already enabled: unchanged')
    const back = await passwordLogin(a.app)
    expect((await call(a.app, 'GET', '/auth/student', { token: back.token })).body.code).toBe(0)
    // Enabled again, the old sessions stay ended, with no reason any more.
    expect((await call(a.app, 'GET', '/refresh', { token: pair.refreshToken })).body).toMatchObject({ code: CODE.JWT_INVALID, data: null })
  })

  it('the sweep closes only what ended outside a server: a live session stays, and a kicked one is left to its kick', async () => {
    const a = await adminApp()
    const first = await passwordLogin(a.app)
    const second = await passwordLogin(a.app, { deviceCode: 'device-b' }) // kicks the first
    const sid = (t: string) => String(decodeJwt(t).sid)
    expect([...(await liveSessions(a.app.db, [sid(first.token), sid(second.token)]))].sort()).toEqual([sid(first.token), sid(second.token)].sort())
    await a.admin('disable', STUDENT_PHONE)
    expect((await liveSessions(a.app.db, [sid(first.token), sid(second.token)])).size).toBe(0)
    expect(a.app.config.liveSweepMs).toBe(5000)
  })

  it('names an unknown or malformed phone', async () => {
    const a = await adminApp()
    expect(await a.admin('disable', '13700137999')).toMatchObject({ status: 1, err: 'no account with phone 137****7999' })
    expect(await a.admin('disable', '12345')).toMatchObject({ status: 1, err: 'bad phone "12345" (11 digits starting with 1)' })
  })

  // REDIS_URL without DATABASE_URL is refused (nodes must share PostgreSQL), so this runs in the PostgreSQL run.
  it.skipIf(!redisReachable || !process.env.DATABASE_URL)('with Redis, each node closes the connection at once: the command line publishes the session end', async () => {
    // No sweep within the test: only the published end can close the connection.
    const a = await listening({ redisUrl: REDIS, jwtSecret: undefined, liveSweepMs: 600_000 })
    const b = await adminApp({ redisUrl: REDIS, jwtSecret: undefined, dataDir: a.dir, databaseUrl: a.app.config.databaseUrl, liveSweepMs: 600_000 })
    await b.app.listen({ port: 0, host: '127.0.0.1' })
    const bUrl = `ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/mqtt`
    const pair = await passwordLogin(a.app)
    const onB = await mqttConnect(bUrl, withToken(pair.token))
    let closedAt = 0
    onB.client.on('close', () => (closedAt = Date.now()))
    const r = await a.admin('disable', STUDENT_PHONE)
    expect(r.out).toContain('every node was told to close its live connections')
    expect((await call(b.app, 'GET', '/auth/student', { token: pair.token })).status).toBe(401)
    await until(() => closedAt > 0, SETTLE_MS, 'node b to close the live connection')
  })
})
