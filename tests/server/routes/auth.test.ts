import { describe, expect, it } from 'vitest'
import { CODE } from '../../../src/contract'
import { call, DEVICE, makeApp, PASSWORD, passwordLogin, SMS_ONLY_PHONE, smsCode, STUDENT_PHONE, type Pair } from '../support/helpers'

interface SmsLogin extends Pair {
  isReg: boolean
  isPassword: boolean
}

describe('POST /login', () => {
  it('answers a token pair in the envelope and in the token headers, for every phone form', async () => {
    const { app } = await makeApp()
    for (const username of ['13800138000', '+8613800138000', '8613800138000', '+86 138-0013-8000']) {
      const r = await call<Pair>(app, 'POST', '/login', { body: { username, password: PASSWORD, ...DEVICE } })
      expect(r.status).toBe(200)
      expect(r.body.code).toBe(0)
      expect(r.body.msg).toBe('success')
      expect(r.body.data.token.split('.')).toHaveLength(3)
      expect(r.headers.token).toBe(r.body.data.token)
      expect(r.headers['refresh-token']).toBe(r.body.data.refreshToken)
    }
  })

  it('answers a wrong password, an unknown phone and a password login on an SMS-only account alike (200002)', async () => {
    const { app } = await makeApp()
    const wrong = await call(app, 'POST', '/login', { body: { username: STUDENT_PHONE, password: 'wrong-pass1', ...DEVICE } })
    const unknown = await call(app, 'POST', '/login', { body: { username: '13700137099', password: PASSWORD, ...DEVICE } })
    expect(wrong.body).toEqual({ code: 200002, msg: 'password invalid', data: { triesLeft: 9 } })
    expect(unknown.body).toEqual(wrong.body)
    expect((await call(app, 'POST', '/login', { body: { username: SMS_ONLY_PHONE, password: PASSWORD, ...DEVICE } })).body.code).toBe(200002)
  })

  it('names the bad field with 100002 and HTTP 200', async () => {
    const { app } = await makeApp()
    const cases: [Record<string, unknown>, string][] = [
      [{ password: PASSWORD, ...DEVICE }, 'username: is required'],
      [{ username: '12345', password: PASSWORD, ...DEVICE }, 'username: not a valid mobile number'],
      [{ username: STUDENT_PHONE, password: PASSWORD, ...DEVICE, deviceType: 'toaster' }, 'deviceType'],
      [{ username: STUDENT_PHONE, password: PASSWORD, ...DEVICE, appId: 'other-app' }, 'appId: unknown app'],
      [{ username: STUDENT_PHONE, password: PASSWORD, deviceType: 'browser', appId: 'jsj-habor' }, 'deviceCode: is required'],
    ]
    for (const [body, msg] of cases) {
      const r = await call(app, 'POST', '/login', { body })
      expect(r.status).toBe(200)
      expect(r.body.code).toBe(100002)
      expect(r.body.msg).toContain(msg)
    }
  })

  it('answers malformed JSON and a missing body with 100002, never 5xx', async () => {
    const { app } = await makeApp()
    const bad = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' })
    expect(bad.statusCode).toBe(200)
    expect(bad.json()).toMatchObject({ code: 100002, msg: 'body: not valid JSON' })
    const empty = await app.inject({ method: 'POST', url: '/api/login' })
    expect(empty.json()).toMatchObject({ code: 100002 })
    expect(empty.statusCode).toBeLessThan(500)
  })

  it('throttles an account after repeated wrong passwords (429 + retryAfter) and lets it in after the window', async () => {
    const { app, clock } = await makeApp({ limits: { passwordFailures: 3, passwordWindowSeconds: 60 } })
    for (let i = 0; i < 3; i++) {
      expect((await call(app, 'POST', '/login', { body: { username: STUDENT_PHONE, password: 'wrong-pass1', ...DEVICE } })).body).toMatchObject({ code: 200002, data: { triesLeft: 2 - i } })
    }
    const limited = await call<{ retryAfter: number; reason: string }>(app, 'POST', '/login', { body: { username: STUDENT_PHONE, password: PASSWORD, ...DEVICE } })
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe(100003)
    expect(limited.body.data.retryAfter).toBeGreaterThan(0)
    expect(limited.body.data.retryAfter).toBeLessThanOrEqual(60)
    expect(limited.body.data.reason).toBe('password-locked')
    clock.advance(60_001)
    expect((await call(app, 'POST', '/login', { body: { username: STUDENT_PHONE, password: PASSWORD, ...DEVICE } })).body.code).toBe(0)
  })
})

describe('SMS login and registration (docs/contract.md)', () => {
  it('known phone with a password: isPassword, not isReg', async () => {
    const { app } = await makeApp()
    const code = await smsCode(app, STUDENT_PHONE)
    const r = await call<SmsLogin>(app, 'POST', '/login/sms', { body: { username: `+86${STUDENT_PHONE}`, code, isAdmin: false, ...DEVICE } })
    expect(r.body).toMatchObject({ code: 0, data: { isReg: false, isPassword: true } })
    expect(r.body.data.token).toBeTruthy()
  })

  it('SMS-only account: neither flag (Home, with a banner offering a password)', async () => {
    const { app } = await makeApp()
    const code = await smsCode(app, SMS_ONLY_PHONE)
    const r = await call<SmsLogin>(app, 'POST', '/login/sms', { body: { username: `+86${SMS_ONLY_PHONE}`, code, isAdmin: false, ...DEVICE } })
    expect(r.body).toMatchObject({ code: 0, data: { isReg: false, isPassword: false } })
  })

  it('wrong code → 200005; isAdmin true → 100002', async () => {
    const { app } = await makeApp()
    const code = await smsCode(app, STUDENT_PHONE)
    const wrong = code === '000000' ? '111111' : '000000'
    expect((await call(app, 'POST', '/login/sms', { body: { username: STUDENT_PHONE, code: wrong, isAdmin: false, ...DEVICE } })).body.code).toBe(200005)
    const admin = await call(app, 'POST', '/login/sms', { body: { username: STUDENT_PHONE, code, isAdmin: true, ...DEVICE } })
    expect(admin.body).toMatchObject({ code: 100002, msg: expect.stringContaining('isAdmin') })
  })

  it('a new phone registers: isReg → Password (temp token) → Improve → final pair → Home', async () => {
    const { app, clock } = await makeApp()
    const phone = '13700137099'
    const code = await smsCode(app, phone, 'register')
    const reg = await call<SmsLogin>(app, 'POST', '/login/sms', { body: { username: `+86${phone}`, code, isAdmin: false, ...DEVICE } })
    expect(reg.body).toMatchObject({ code: 0, data: { isReg: true, isPassword: false } })
    // Only the body carries the temporary pair: token headers would overwrite a signed-in session.
    expect(reg.headers.token).toBeUndefined()
    expect(reg.headers['refresh-token']).toBeUndefined()
    const temp = reg.body.data.token

    // Profile fetch fails until Improve: 200004 (the app routes to Improve).
    expect((await call(app, 'GET', '/auth/student?appId=jsj-habor', { token: temp })).body.code).toBe(200004)

    // Password step.
    expect((await call(app, 'PUT', '/auth/user/password/reset', { token: temp, body: { password: 'short' } })).body).toMatchObject({ code: 100002, msg: expect.stringContaining('password') })
    expect((await call(app, 'PUT', '/auth/user/password/reset', { token: temp, body: { password: 'onlyletters' } })).body.code).toBe(200002)
    expect((await call(app, 'PUT', '/auth/user/password/reset', { token: temp, body: { password: 'NewPassw0rd' } })).body.code).toBe(0)
    expect((await call(app, 'PUT', '/auth/user/password/reset', { token: temp, body: { password: 'Other0ne' } })).body.code).toBe(200002)
    expect((await call(app, 'PUT', '/auth/user/password/reset', { body: { password: 'NewPassw0rd' } })).status).toBe(401)

    // Improve step: unknown org refused, unknown invitation code ignored, final pair replaces the temporary one.
    const improve = { name: 'Li Lei', grade: 'Grade 7', className: 'Class 3', orgCode: 'NOPE' }
    expect((await call(app, 'PUT', '/auth/student/improve', { token: temp, body: improve })).body.code).toBe(200006)
    const done = await call<Pair>(app, 'PUT', '/auth/student/improve', { token: temp, body: { ...improve, orgCode: 'demo', inviteCode: 'NOSUCHCODE' } })
    expect(done.body.code).toBe(0)
    expect(done.headers.token).toBe(done.body.data.token)
    expect((await call(app, 'GET', '/auth/student', { token: temp })).status).toBe(401)

    const profile = await call<{ name: string; org: { code: string }; orgList: unknown[]; isPassword: boolean; inviteCode: string }>(app, 'GET', '/auth/student', { token: done.body.data.token })
    expect(profile.body.data).toMatchObject({ name: 'Li Lei', org: { code: 'DEMO' }, isPassword: true })
    expect(profile.body.data.inviteCode).toMatch(/^[A-Z2-9]{8}$/)

    // The account now logs in by password, and a second SMS login no longer registers.
    await passwordLogin(app, {}, phone, 'NewPassw0rd')
    clock.advance(61_000)
    const again = await call<SmsLogin>(app, 'POST', '/login/sms', { body: { username: phone, code: await smsCode(app, phone), isAdmin: false, ...DEVICE } })
    expect(again.body.data).toMatchObject({ isReg: false, isPassword: true })
  })

  it('an invitation code at Improve links the new account to its owner', async () => {
    const { app } = await makeApp()
    const phone = '13600136000'
    const reg = await call<SmsLogin>(app, 'POST', '/login/sms', { body: { username: phone, code: await smsCode(app, phone), isAdmin: false, ...DEVICE } })
    const done = await call<Pair>(app, 'PUT', '/auth/student/improve', { token: reg.body.data.token, body: { name: 'Han Meimei', grade: 'Grade 7', className: 'Class 1', orgCode: 'DEMO', inviteCode: 'demo2023' } })
    expect(done.body.code).toBe(0)
    const rows = await app.db.selectFrom('invitations').innerJoin('invite_codes', 'invite_codes.code', 'invitations.code').innerJoin('users', 'users.id', 'invitations.inviter_user_id').select(['invitations.code', 'users.phone']).execute()
    expect(rows).toEqual([{ code: 'DEMO2023', phone: '+8613800138000' }])
  })
})

describe('POST /sms/code', () => {
  it('answers the timings, and checks the scene', async () => {
    const { app } = await makeApp()
    expect((await call(app, 'POST', '/sms/code', { body: { username: STUDENT_PHONE, scene: 'hack' } })).body).toMatchObject({ code: 100002, msg: expect.stringContaining('scene') })
    const ok = await call(app, 'POST', '/sms/code', { body: { username: STUDENT_PHONE, scene: 'login' } })
    expect(ok.body).toEqual({ code: 0, msg: 'success', data: { expiresIn: 300, resendIn: 60 } })
  })
})

describe('answers that do not tell who has an account', () => {
  const UNKNOWN = '13700137099'
  const outbox = async (app: Awaited<ReturnType<typeof makeApp>>['app'], phone: string) => (await call<{ code: string; note?: string }>(app, 'GET', `/dev/sms/outbox?phone=${phone}`)).body.data

  it('a forget code for an unknown number is "sent" like one for a known number; only the message differs', async () => {
    const { app } = await makeApp()
    const known = await call(app, 'POST', '/sms/code', { body: { username: STUDENT_PHONE, scene: 'forget' } })
    const unknown = await call(app, 'POST', '/sms/code', { body: { username: UNKNOWN, scene: 'forget' } })
    expect(known.body).toEqual({ code: 0, msg: 'success', data: { expiresIn: 300, resendIn: 60 } })
    expect(unknown.body).toEqual(known.body)
    expect(await outbox(app, STUDENT_PHONE)).toMatchObject({ code: expect.stringMatching(/^\d{6}$/) })
    expect(await outbox(app, STUDENT_PHONE)).not.toHaveProperty('note')
    expect(await outbox(app, UNKNOWN)).toMatchObject({ code: '', note: 'no-account', scene: 'forget' })
    // The same wait before the next one, for both.
    const again = [await call(app, 'POST', '/sms/code', { body: { username: STUDENT_PHONE, scene: 'forget' } }), await call(app, 'POST', '/sms/code', { body: { username: UNKNOWN, scene: 'forget' } })]
    expect(again.map((r) => r.body.code)).toEqual([CODE.TOO_MANY_REQUESTS, CODE.TOO_MANY_REQUESTS])
    expect(again[1]!.body).toEqual(again[0]!.body)
    // A reset for the unknown number fails like a wrong code, whatever code is tried.
    for (const code of ['000000', '123456']) {
      const reset = await call(app, 'PUT', '/auth/user/forget', { body: { username: UNKNOWN, payload: { code, password: 'Fresh0ne!' }, ...DEVICE } })
      expect(reset.body).toEqual({ code: CODE.SMS_CODE_INVALID, msg: 'SMS code invalid', data: null })
      const wrong = await call(app, 'PUT', '/auth/user/forget', { body: { username: STUDENT_PHONE, payload: { code: code === (await outbox(app, STUDENT_PHONE)).code ? '999999' : code, password: 'Fresh0ne!' }, ...DEVICE } })
      expect(wrong.body).toEqual(reset.body)
    }
    // No account was made for the unknown number.
    expect(await app.db.selectFrom('users').select('id').where('phone', '=', `+86${UNKNOWN}`).execute()).toEqual([])
  })

  it('a registration code for a known number is sent like one for a new number, and signs the owner in', async () => {
    const { app } = await makeApp()
    const fresh = await call(app, 'POST', '/sms/code', { body: { username: UNKNOWN, scene: 'register' } })
    const known = await call(app, 'POST', '/sms/code', { body: { username: STUDENT_PHONE, scene: 'register' } })
    expect(known.body).toEqual(fresh.body)
    expect(known.body.code).toBe(0)
    const box = await outbox(app, STUDENT_PHONE)
    expect(box).toMatchObject({ note: 'has-account', scene: 'register', code: expect.stringMatching(/^\d{6}$/) })
    const login = await call<SmsLogin>(app, 'POST', '/login/sms', { body: { username: STUDENT_PHONE, code: box.code, isAdmin: false, ...DEVICE } })
    expect(login.body).toMatchObject({ code: 0, data: { isReg: false } })
  })
})

describe('PUT /auth/user/forget', () => {
  it('resets the password with a forget code and ends every session', async () => {
    const { app } = await makeApp()
    const before = await passwordLogin(app)
    expect((await call(app, 'PUT', '/auth/user/forget', { body: { username: '13700137099', payload: { code: '123456', password: 'Fresh0ne!' }, ...DEVICE } })).body.code).toBe(200005)
    const code = await smsCode(app, STUDENT_PHONE, 'forget')
    expect((await call(app, 'PUT', '/auth/user/forget', { body: { username: STUDENT_PHONE, payload: { code: code === '999999' ? '000000' : '999999', password: 'Fresh0ne!' }, ...DEVICE } })).body.code).toBe(200005)
    expect((await call(app, 'PUT', '/auth/user/forget', { body: { username: `+86${STUDENT_PHONE}`, payload: { code, password: 'Fresh0ne!' }, ...DEVICE } })).body.code).toBe(0)
    expect((await call(app, 'GET', '/auth/student', { token: before.token })).body.code).toBe(300002)
    expect((await call(app, 'POST', '/login', { body: { username: STUDENT_PHONE, password: PASSWORD, ...DEVICE } })).body.code).toBe(200002)
    await passwordLogin(app, {}, STUDENT_PHONE, 'Fresh0ne!')
  })

  it('holds a new password to the same rule as every other call, before it spends the code', async () => {
    const { app } = await makeApp()
    const code = await smsCode(app, STUDENT_PHONE, 'forget')
    const reset = (password: string) => call(app, 'PUT', '/auth/user/forget', { body: { username: STUDENT_PHONE, payload: { code, password }, ...DEVICE } })
    for (const weak of ['onlyletters', '12345678', 'abc1234']) expect((await reset(weak)).body.code, weak).toBe(weak.length < 8 ? CODE.PARAM_INVALID : CODE.PASSWORD_INVALID)
    // The old password still works, and the code was not used up by the refusals.
    await passwordLogin(app)
    expect((await reset('Fresh0ne!')).body.code).toBe(0)
  })

  it('a code of another scene does not reset', async () => {
    const { app } = await makeApp()
    const code = await smsCode(app, STUDENT_PHONE, 'login')
    expect((await call(app, 'PUT', '/auth/user/forget', { body: { username: STUDENT_PHONE, payload: { code, password: 'Fresh0ne!' } } })).body.code).toBe(200005)
  })
})

describe('POST /auth/user/password', () => {
  it('changes with the old password, keeps this session and ends the others', async () => {
    const { app } = await makeApp()
    const other = await passwordLogin(app, { deviceType: 'mobile', deviceCode: 'phone-1' })
    const me = await passwordLogin(app)
    expect((await call(app, 'POST', '/auth/user/password', { token: me.token, body: { password: 'Changed0ne' } })).body).toMatchObject({ code: 100002, msg: expect.stringContaining('oldPassword') })
    expect((await call(app, 'POST', '/auth/user/password', { token: me.token, body: { oldPassword: 'nope-nope1', password: 'Changed0ne' } })).body.code).toBe(200002)
    expect((await call(app, 'POST', '/auth/user/password', { token: me.token, body: { oldPassword: PASSWORD, password: 'Changed0ne' } })).body.code).toBe(0)
    expect((await call(app, 'GET', '/auth/student', { token: me.token })).body.code).toBe(0)
    expect((await call(app, 'GET', '/auth/student', { token: other.token })).status).toBe(401)
    await passwordLogin(app, {}, STUDENT_PHONE, 'Changed0ne')
  })

  it('sets a first password without oldPassword; needs a token', async () => {
    const { app } = await makeApp()
    const r = await call<SmsLogin>(app, 'POST', '/login/sms', { body: { username: SMS_ONLY_PHONE, code: await smsCode(app, SMS_ONLY_PHONE), isAdmin: false, ...DEVICE } })
    expect((await call(app, 'POST', '/auth/user/password', { token: r.body.data.token, body: { password: 'First0ne!' } })).body.code).toBe(0)
    expect((await call(app, 'POST', '/auth/user/password', { body: { password: 'First0ne!' } })).body.code).toBe(300001)
    await passwordLogin(app, {}, SMS_ONLY_PHONE, 'First0ne!')
  })
})
