/**
 * Rules that must hold however requests are timed: each test sends real parallel requests to one app (on
 * SQLite, and on PostgreSQL under `npm run test:server:pg`, where transactions really overlap).
 */
import { describe, expect, it } from 'vitest'
import { build } from '../../../server/app'
import { call, DEVICE, makeApp, PASSWORD, pgSchema, smsCode, STUDENT_PHONE, type Pair } from '../support/helpers'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const login = (app: Parameters<typeof call>[0], password: string, device = {}) =>
  call<Pair>(app, 'POST', '/login', { body: { username: STUDENT_PHONE, password, ...DEVICE, ...device } })

describe('the wrong-password window under parallel tries', () => {
  it('checks at most the configured number of wrong passwords out of 40 parallel logins, and the account still signs in by SMS', async () => {
    const { app } = await makeApp()
    const tries = Array.from({ length: 40 }, (_, i) => (i === 39 ? PASSWORD : `Wrong-pass${i}`))
    const answers = await Promise.all(tries.map((p) => login(app, p)))
    const checkedWrong = answers.filter((a) => a.body.code === 200002)
    const locked = answers.filter((a) => a.status === 429)
    expect(checkedWrong.length).toBeLessThanOrEqual(10)
    expect(checkedWrong.length + locked.length + answers.filter((a) => a.body.code === 0).length).toBe(40)
    expect(locked.length).toBeGreaterThanOrEqual(29)
    expect(locked[0]!.body.data).toMatchObject({ reason: 'password-locked' })
    // Locked for passwords, not for the owner: an SMS code still signs in.
    const code = await smsCode(app, STUDENT_PHONE)
    const sms = await call(app, 'POST', '/login/sms', { body: { username: STUDENT_PHONE, code, isAdmin: false, ...DEVICE } })
    expect(sms.body.code).toBe(0)
  })

  it('counts an unknown number like a known one: locked after the same number of tries', async () => {
    const { app } = await makeApp({ limits: { passwordFailures: 3, passwordWindowSeconds: 60 } })
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(app, 'POST', '/login', { body: { username: '13500135009', password: 'Whatever12', ...DEVICE } })))
    expect(answers.filter((a) => a.body.code === 200002)).toHaveLength(3)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3)
  })
})

describe('SMS codes under parallel tries', () => {
  it('burns a code after five wrong tries sent at once; the right code is then refused as used up', async () => {
    const { app } = await makeApp()
    const code = await smsCode(app, STUDENT_PHONE)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const answers = await Promise.all(Array.from({ length: 30 }, () => call(app, 'POST', '/login/sms', { body: { username: STUDENT_PHONE, code: wrong, isAdmin: false, ...DEVICE } })))
    expect(answers.map((a) => a.body.code)).toEqual(Array(30).fill(200005))
    const right = await call(app, 'POST', '/login/sms', { body: { username: STUDENT_PHONE, code, isAdmin: false, ...DEVICE } })
    expect(right.body).toMatchObject({ code: 200005, data: { reason: 'used-up' } })
  })
})

describe('one live session per account and device type', () => {
  it('10 parallel logins from different browsers leave exactly one live session and one working token', async () => {
    const { app } = await makeApp()
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(app, PASSWORD, { deviceCode: `browser-${i}` })))
    expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(0))
    const live = await app.db.selectFrom('sessions').select('id').where('device_type', '=', DEVICE.deviceType).where('revoked_at', 'is', null).execute()
    expect(live).toHaveLength(1)
    const working = await Promise.all(answers.map((a) => call(app, 'GET', '/auth/student?appId=jsj-habor', { token: a.body.data.token })))
    expect(working.filter((w) => w.body.code === 0)).toHaveLength(1)
  })
})

describe('first SMS logins of one new phone in parallel', () => {
  it('end in one single account, never a server error', async () => {
    const { app, clock } = await makeApp()
    const phone = '13600136001'
    const loginCode = await smsCode(app, phone, 'login')
    clock.advance(61_000)
    const registerCode = await smsCode(app, phone, 'register')
    const answers = await Promise.all(
      [loginCode, registerCode].map((code, i) => call(app, 'POST', '/login/sms', { body: { username: phone, code, isAdmin: false, ...DEVICE, deviceCode: `d${i}` } })),
    )
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(answers.map((a) => a.body.code)).toEqual([0, 0])
    expect(await app.db.selectFrom('users').select('id').where('phone', '=', `+86${phone}`).execute()).toHaveLength(1)
  })
})

describe('parallel refreshes of one fresh refresh token', () => {
  it('all succeed inside the grace period, with pairs of the same session', async () => {
    const { app } = await makeApp()
    const pair = (await login(app, PASSWORD)).body.data
    const answers = await Promise.all(Array.from({ length: 10 }, () => call<Pair>(app, 'GET', '/refresh', { token: pair.refreshToken })))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    const profiles = await Promise.all(answers.map((a) => call(app, 'GET', '/auth/student?appId=jsj-habor', { token: a.body.data.token })))
    expect(profiles.map((p) => p.body.code)).toEqual(Array(10).fill(0))
  })
})

// Several processes share a database only on PostgreSQL; an SQLite file belongs to one process.
describe.runIf(process.env.DATABASE_URL)('several processes starting together on one PostgreSQL database', () => {
  it('migrate and seed it once, none failing', async () => {
    const schema = (await pgSchema())!
    const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'habor-start-')))
    const apps = await Promise.all(dirs.map((dir) => build({ dataDir: dir, jwtSecret: 'test-jwt-secret', databaseUrl: schema.url, distDir: dir })))
    try {
      await Promise.all(apps.map((a) => a.ready()))
      const orgs = await apps[0]!.db.selectFrom('orgs').select('code').execute()
      expect(new Set(orgs.map((o) => o.code)).size).toBe(orgs.length)
      expect(apps.filter((a) => a.dbInfo.seeded)).toHaveLength(1)
    } finally {
      for (const a of apps) await a.close()
      await schema.drop()
      for (const d of dirs) rmSync(d, { recursive: true, force: true })
    }
  })
})
