import { describe, expect, it } from 'vitest'
import { build } from '../../../server/app'
import type { SmsMessage, SmsProvider } from '../../../server/services/sms'
import { call, DEVICE, makeApp, smsCode, STUDENT_PHONE } from '../support/helpers'

const login = (app: Parameters<typeof call>[0], code: string) => call(app, 'POST', '/login/sms', { body: { username: STUDENT_PHONE, code, isAdmin: false, ...DEVICE } })
const other = (code: string) => (code === '000000' ? '111111' : '000000')
const send = (app: Parameters<typeof call>[0], phone = STUDENT_PHONE, ip?: string) => call<{ retryAfter: number }>(app, 'POST', '/sms/code', { body: { username: phone, scene: 'login' }, ip })

describe('SMS codes', () => {
  it('live for 5 minutes: valid at 299.999 s, dead at 300 s', async () => {
    const { app, clock } = await makeApp()
    const code = await smsCode(app, STUDENT_PHONE)
    clock.advance(299_999)
    expect((await login(app, code)).body.code).toBe(0)
    clock.advance(61_000)
    const next = await smsCode(app, STUDENT_PHONE)
    clock.advance(300_000)
    expect((await login(app, next)).body.code).toBe(200005)
  })

  it('single use', async () => {
    const { app } = await makeApp()
    const code = await smsCode(app, STUDENT_PHONE)
    expect((await login(app, code)).body.code).toBe(0)
    expect((await login(app, code)).body.code).toBe(200005)
  })

  it('4 wrong tries leave the code usable; the 5th burns it', async () => {
    const { app } = await makeApp()
    const code = await smsCode(app, STUDENT_PHONE)
    for (let i = 0; i < 4; i++) expect((await login(app, other(code))).body.code).toBe(200005)
    expect((await login(app, code)).body.code).toBe(0)

    const { app: app2 } = await makeApp()
    const code2 = await smsCode(app2, STUDENT_PHONE)
    for (let i = 0; i < 5; i++) expect((await login(app2, other(code2))).body.code).toBe(200005)
    expect((await login(app2, code2)).body.code).toBe(200005)
  })

  it('a new code replaces the older one of the same scene', async () => {
    const { app, clock } = await makeApp()
    const first = await smsCode(app, STUDENT_PHONE)
    clock.advance(60_000)
    const second = await smsCode(app, STUDENT_PHONE)
    if (first !== second) expect((await login(app, first)).body.code).toBe(200005)
    expect((await login(app, second)).body.code).toBe(0)
  })

  it('are stored hashed', async () => {
    const { app } = await makeApp()
    const code = await smsCode(app, STUDENT_PHONE)
    const rows = await app.db.selectFrom('sms_codes').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(code)
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('send limits per phone', () => {
  it('one per 60 s: 429 with retryAfter at 59.999 s, allowed at 60 s', async () => {
    const { app, clock } = await makeApp()
    expect((await send(app)).body.code).toBe(0)
    clock.advance(59_999)
    const r = await send(app)
    expect(r.status).toBe(429)
    expect(r.body).toEqual({ code: 100003, msg: 'too many requests', data: { retryAfter: 1 } })
    clock.advance(1)
    expect((await send(app)).body.code).toBe(0)
  })

  it('five per hour, ten per day', async () => {
    const { app, clock } = await makeApp()
    for (let i = 0; i < 5; i++) {
      expect((await send(app)).body.code).toBe(0)
      clock.advance(60_000)
    }
    const hour = await send(app)
    expect(hour.status).toBe(429)
    // The first of the five was 5 minutes ago: the hour frees up in 55 minutes.
    expect(hour.body.data.retryAfter).toBe(55 * 60)
    clock.advance(55 * 60_000)
    for (let i = 0; i < 5; i++) {
      expect((await send(app)).body.code).toBe(0)
      clock.advance(61 * 60_000)
    }
    const day = await send(app)
    expect(day.status).toBe(429)
    expect(day.body.data.retryAfter).toBeGreaterThan(3600)
    clock.advance(day.body.data.retryAfter * 1000)
    expect((await send(app)).body.code).toBe(0)
  })

  it('per IP, configurable', async () => {
    const { app } = await makeApp({ limits: { sms: { perIpHour: 3 } } })
    for (const phone of ['13700137001', '13700137002', '13700137003']) expect((await send(app, phone, '10.0.0.9')).body.code).toBe(0)
    expect((await send(app, '13700137004', '10.0.0.9')).status).toBe(429)
    expect((await send(app, '13700137004', '10.0.0.10')).body.code).toBe(0)
  })
})

describe('dev outbox', () => {
  it('answers the newest code for any phone form', async () => {
    const { app, clock } = await makeApp()
    const sentAt = new Date(clock.now()).toISOString()
    await call(app, 'POST', '/sms/code', { body: { username: '+8613800138000', scene: 'forget' } })
    for (const phone of ['13800138000', '%2B8613800138000', '8613800138000']) {
      const r = await call<{ phone: string; code: string; scene: string; sentAt: string }>(app, 'GET', `/dev/sms/outbox?phone=${phone}`)
      expect(r.body.data).toEqual({ phone: '+8613800138000', code: expect.stringMatching(/^\d{6}$/), scene: 'forget', sentAt })
    }
    expect((await call(app, 'GET', '/dev/sms/outbox?phone=13700137000')).body.code).toBe(100001)
    expect((await call(app, 'GET', '/dev/sms/outbox?phone=123')).body).toMatchObject({ code: 100002, msg: expect.stringContaining('phone') })
    expect((await call(app, 'GET', '/dev/sms/outbox')).body).toMatchObject({ code: 100002, msg: 'phone: is required' })
  })
})

describe('providers', () => {
  it('production refuses the console provider with a clear message', async () => {
    await expect(build({ production: true, dataDir: 'unused', seedDemo: false, databaseUrl: 'postgres://127.0.0.1:1/none' })).rejects.toThrow(/NODE_ENV=production with the console SMS provider/)
  })

  it('a configured provider gets the message; the outbox route does not exist', async () => {
    const sent: SmsMessage[] = []
    const provider: SmsProvider = { name: 'test', send: async (m) => void sent.push(m) }
    const { app } = await makeApp({ sms: provider, production: true })
    expect((await send(app)).body.code).toBe(0)
    expect(sent).toEqual([expect.objectContaining({ phone: '+8613800138000', scene: 'login', code: expect.stringMatching(/^\d{6}$/) })])
    const r = await call(app, 'GET', '/dev/sms/outbox?phone=13800138000')
    expect([r.status, r.body.code]).toEqual([404, 100404])
    expect((await login(app, sent[0]!.code)).body.code).toBe(0)
  })
})
