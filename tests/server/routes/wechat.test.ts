import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, DEVICE, makeApp, signed, SMS_ONLY_PHONE, smsCode, type TestApp } from '../support/helpers'

const APPID = 'wx-test-app'
const SECRET = 'wx-test-secret'
const TICKET = 'test-jsapi-ticket'

/** Answers as api.weixin.qq.com documents for jscode2session, cgi-bin/token and getticket. */
let wx: Server
let base = ''
const hits: string[] = []
beforeAll(async () => {
  wx = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    hits.push(url.pathname)
    const q = url.searchParams
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (url.pathname === '/sns/jscode2session') {
      if (q.get('appid') !== APPID || q.get('secret') !== SECRET || q.get('grant_type') !== 'authorization_code') return json({ errcode: 40125, errmsg: 'invalid appsecret' })
      const code = q.get('js_code') ?? ''
      if (code.startsWith('good-')) return json({ openid: `openid-${code.slice(5)}`, session_key: 'c2Vzc2lvbg==' })
      return json({ errcode: 40029, errmsg: 'invalid code' })
    }
    if (url.pathname === '/cgi-bin/token') {
      if (q.get('appid') !== APPID || q.get('secret') !== SECRET) return json({ errcode: 40013, errmsg: 'invalid appid' })
      return json({ access_token: 'ACCESS', expires_in: 7200 })
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      if (q.get('access_token') !== 'ACCESS' || q.get('type') !== 'jsapi') return json({ errcode: 40001, errmsg: 'invalid credential' })
      return json({ errcode: 0, errmsg: 'ok', ticket: TICKET, expires_in: 7200 })
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((r) => wx.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(wx.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => wx.close(() => r())))

const wxApp = () => makeApp({ wechat: { apiBase: base, appId: APPID, secret: SECRET } })

interface WxLogin {
  isReg: boolean
  isPassword: boolean
  isPhone: boolean
  token: string
  refreshToken: string
}

const wxLogin = (t: TestApp, jsCode: string, at = t.clock.now()) => {
  const s = signed({ payload: jsCode, sort: 1, ...DEVICE }, at)
  return call<WxLogin>(t.app, 'POST', '/login/wx/mp', { body: s.body, headers: s.headers })
}

describe('POST /login/wx/mp (signed)', () => {
  it('an unknown openid begins a registration (isReg, no phone); Bind joins it to the phone\'s account', async () => {
    const t = await wxApp()
    const first = await wxLogin(t, 'good-alice')
    expect(first.body).toMatchObject({ code: 0, data: { isReg: true, isPassword: false, isPhone: false } })
    const code = await smsCode(t.app, SMS_ONLY_PHONE, 'bind')
    const bound = await call<WxLogin>(t.app, 'POST', '/login/oauth/binding', { token: first.body.data.token, body: { username: `+86${SMS_ONLY_PHONE}`, payload: code, isAdmin: false, ...DEVICE } })
    expect(bound.body).toMatchObject({ code: 0, data: { isReg: false, isPhone: true, isPassword: false } })
    expect((await call(t.app, 'GET', '/auth/student', { token: first.body.data.token })).status).toBe(401)
    expect((await call<{ phone: string }>(t.app, 'GET', '/auth/student', { token: bound.body.data.token })).body.data.phone).toBe('+8613900139000')
    const again = await wxLogin(t, 'good-alice')
    expect(again.body.data).toMatchObject({ isReg: false, isPhone: true })
  })

  it('WeChat errors: a bad js_code is 100002; an unconfigured server is 100500', async () => {
    const t = await wxApp()
    expect((await wxLogin(t, 'expired-code')).body).toMatchObject({ code: 100002, msg: expect.stringContaining('40029') })
    const bare = await makeApp({ wechat: { apiBase: base } })
    expect((await wxLogin(bare, 'good-bob')).body).toMatchObject({ code: 100500, msg: expect.stringContaining('not configured') })
  })

  it('refuses a missing, wrong or tampered signature with 30004', async () => {
    const t = await wxApp()
    const s = signed({ payload: 'good-carol', sort: 1, ...DEVICE }, t.clock.now())
    const noSign = await call(t.app, 'POST', '/login/wx/mp', { body: s.body })
    expect(noSign.body.code).toBe(30004)
    const tampered = await call(t.app, 'POST', '/login/wx/mp', { body: { ...s.body, payload: 'good-mallory' }, headers: s.headers })
    expect(tampered.body).toEqual({ code: 30004, msg: 'signature verify invalid', data: null })
    const otherSecret = signed({ payload: 'good-carol', sort: 1, ...DEVICE }, t.clock.now(), 'another-secret')
    expect((await call(t.app, 'POST', '/login/wx/mp', { body: otherSecret.body, headers: otherSecret.headers })).body.code).toBe(30004)
    expect((await call(t.app, 'POST', '/login/wx/mp', { body: s.body, headers: s.headers })).body.code).toBe(0)
  })

  it('accepts each nonce once', async () => {
    const t = await wxApp()
    const s = signed({ payload: 'good-dave', sort: 1, ...DEVICE }, t.clock.now())
    expect((await call(t.app, 'POST', '/login/wx/mp', { body: s.body, headers: s.headers })).body.code).toBe(0)
    const replay = await call(t.app, 'POST', '/login/wx/mp', { body: s.body, headers: s.headers })
    expect(replay.body).toMatchObject({ code: 30004, msg: expect.stringContaining('nonce') })
  })

  it('timestamp within ±5 min of the server clock', async () => {
    const t = await wxApp()
    const now = t.clock.now()
    expect((await wxLogin(t, 'good-erin', now - 300_000)).body.code).toBe(0)
    expect((await wxLogin(t, 'good-erin', now + 300_000)).body.code).toBe(0)
    expect((await wxLogin(t, 'good-erin', now - 300_001)).body).toMatchObject({ code: 30004, msg: expect.stringContaining('timestamp') })
    expect((await wxLogin(t, 'good-erin', now + 300_001)).body.code).toBe(30004)
  })
})

describe('POST /weixin/js/init (signed)', () => {
  it('answers wx.config arguments signed with the jsapi ticket, caching token and ticket', async () => {
    const t = await wxApp()
    hits.length = 0
    const page = 'https://habor.example/share/opus?id=demo-opus'
    for (let i = 0; i < 2; i++) {
      const s = signed({ url: `${page}#section` }, t.clock.now())
      const r = await call<{ appId: string; timestamp: number; nonceStr: string; signature: string }>(t.app, 'POST', '/weixin/js/init', { body: s.body, headers: s.headers })
      expect(r.body.code).toBe(0)
      const { appId, timestamp, nonceStr, signature } = r.body.data
      expect(appId).toBe(APPID)
      expect(timestamp).toBe(Math.floor(t.clock.now() / 1000))
      expect(signature).toBe(createHash('sha1').update(`jsapi_ticket=${TICKET}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`).digest('hex'))
    }
    expect(hits).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket'])
  })

  it('is signed and validates url', async () => {
    const t = await wxApp()
    expect((await call(t.app, 'POST', '/weixin/js/init', { body: { url: 'https://a.example/' } })).body.code).toBe(30004)
    const s = signed({ url: 'javascript:alert(1)' }, t.clock.now())
    expect((await call(t.app, 'POST', '/weixin/js/init', { body: s.body, headers: s.headers })).body).toMatchObject({ code: 100002, msg: expect.stringContaining('url') })
  })
})

describe('POST /login/oauth/binding', () => {
  it('a fresh phone stays on the new account, which then needs Improve', async () => {
    const t = await wxApp()
    const first = await wxLogin(t, 'good-frank')
    const phone = '13500135000'
    const wrong = await call(t.app, 'POST', '/login/oauth/binding', { token: first.body.data.token, body: { username: phone, payload: '000000', isAdmin: false, ...DEVICE } })
    expect(wrong.body.code).toBe(200005)
    const code = await smsCode(t.app, phone, 'bind')
    const bound = await call<WxLogin>(t.app, 'POST', '/login/oauth/binding', { token: first.body.data.token, body: { username: phone, payload: code, isAdmin: false, ...DEVICE } })
    expect(bound.body).toMatchObject({ code: 0, data: { isReg: true, isPhone: true, isPassword: false } })
    expect((await call(t.app, 'GET', '/auth/student', { token: bound.body.data.token })).body.code).toBe(200004)
  })

  it('needs the temporary token', async () => {
    const t = await wxApp()
    const r = await call(t.app, 'POST', '/login/oauth/binding', { body: { username: SMS_ONLY_PHONE, payload: '123456', isAdmin: false, ...DEVICE } })
    expect([r.status, r.body.code]).toEqual([401, 300001])
  })
})

describe('POST /login/oauth/binding conflicts', () => {
  it('refuses a second phone (200001) and a phone owned by another complete account when this one is complete too', async () => {
    const t = await wxApp()
    const first = await wxLogin(t, 'good-gina')
    const phone = '13400134000'
    const bound = await call<WxLogin>(t.app, 'POST', '/login/oauth/binding', { token: first.body.data.token, body: { username: phone, payload: await smsCode(t.app, phone, 'bind'), isAdmin: false, ...DEVICE } })
    expect(bound.body.code).toBe(0)
    const again = await call(t.app, 'POST', '/login/oauth/binding', { token: bound.body.data.token, body: { username: SMS_ONLY_PHONE, payload: '123456', isAdmin: false, ...DEVICE } })
    expect(again.body).toMatchObject({ code: 200001, msg: expect.stringContaining('already has a phone') })

    const other = await wxLogin(t, 'good-hank')
    await call(t.app, 'PUT', '/auth/user/password/reset', { token: other.body.data.token, body: { password: 'Hank1234' } })
    const taken = await call(t.app, 'POST', '/login/oauth/binding', { token: other.body.data.token, body: { username: SMS_ONLY_PHONE, payload: await smsCode(t.app, SMS_ONLY_PHONE, 'bind'), isAdmin: false, ...DEVICE } })
    expect(taken.body).toMatchObject({ code: 200001, msg: expect.stringContaining('another account') })
  })
})
