/**
 * The embedded broker on a real listening server: CONNECT auth, the subscribe/publish ACL, the client-id
 * rule, the close at token expiry, and the kick (and that /logout kicks nobody).
 */
import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { call, DEVICE, FakeClock, passwordLogin } from '../support/helpers'
import { listeningApp, mqttConnect, SETTLE_MS, smsLogin, subscribe, until, userIdOf, withToken } from '../support/broker'

const topicOf = (userId: string, deviceType = 'browser') => `session/jsj-habor/${deviceType}/${userId}`
const refusedCode = (p: Promise<unknown>) => p.then(() => 'connected', (e: { code?: unknown }) => e.code)

describe('CONNECT', () => {
  it('needs username "token" and a live access token', async () => {
    const { app, url } = await listeningApp()
    const { token } = await passwordLogin(app)
    expect(await refusedCode(mqttConnect(url, { username: 'student', password: token }))).toBe(4)
    expect(await refusedCode(mqttConnect(url, { username: 'token' }))).toBe(4)
    expect(await refusedCode(mqttConnect(url, withToken('not-a-jwt')))).toBe(4)
    // Signed with another secret: right shape, wrong key.
    const forged = `${token.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`
    expect(await refusedCode(mqttConnect(url, withToken(forged)))).toBe(4)
    const ok = await mqttConnect(url, withToken(token))
    expect(ok.client.connected).toBe(true)
  })

  it('refuses an expired token and the token of a session that logged out', async () => {
    const clock = new FakeClock()
    const { app, url } = await listeningApp({}, clock)
    const a = await passwordLogin(app)
    clock.advance(16 * 60 * 1000)
    expect(await refusedCode(mqttConnect(url, withToken(a.token)))).toBe(4)
    const b = await passwordLogin(app)
    expect((await mqttConnect(url, withToken(b.token))).client.connected).toBe(true)
    expect((await call(app, 'POST', '/logout', { token: b.token, body: { deviceType: 'browser', appId: 'jsj-habor' } })).body.code).toBe(0)
    expect(await refusedCode(mqttConnect(url, withToken(b.token)))).toBe(4)
  })

  it('closes the connection when its token expires', async () => {
    const clock = new FakeClock()
    const { app, url } = await listeningApp({ accessTtlSeconds: 1 }, clock)
    const { token } = await passwordLogin(app)
    const { client } = await mqttConnect(url, withToken(token))
    let closedAt = 0
    client.on('close', () => (closedAt = Date.now()))
    const opened = Date.now()
    await until(() => closedAt > 0, 4000, 'the close at expiry')
    expect(closedAt - opened).toBeLessThanOrEqual(2000)
    expect(app.broker.embedded?.connectedClients).toBe(0)
  })
})

describe('ACL', () => {
  it('grants only the own session topic: not another account, not a wildcard', async () => {
    const { app, url } = await listeningApp()
    const { token } = await passwordLogin(app)
    const other = await smsLogin(app)
    const me = await userIdOf(app, token)
    const them = await userIdOf(app, other.token)
    const { client } = await mqttConnect(url, withToken(token))
    expect(await subscribe(client, topicOf(me))).toBe(1)
    for (const t of [topicOf(them), topicOf(me, 'mobile'), 'session/#', '#', `session/jsj-habor/browser/+`, `session/+/browser/${me}`, '$SYS/#']) {
      expect(await subscribe(client, t), t).toBe(128)
    }
    expect(client.connected).toBe(true)
  })

  it('refuses every publish: the message goes nowhere and the publisher is dropped', async () => {
    const { app, url } = await listeningApp()
    const { token } = await passwordLogin(app)
    const me = await userIdOf(app, token)
    const reader = await mqttConnect(url, withToken(token))
    expect(await subscribe(reader.client, topicOf(me))).toBe(1)
    const writer = await mqttConnect(url, withToken(token))
    let closed = false
    writer.client.on('close', () => (closed = true))
    writer.client.publish(topicOf(me), 'logout', { qos: 1 })
    await until(() => closed, SETTLE_MS, 'the publisher to be dropped')
    // A kick still arrives after the refused publish: the refusal, not a slow delivery, kept it out.
    await app.broker.publisher.publishKick({ appId: 'jsj-habor', deviceType: 'browser', userId: me })
    await until(() => reader.messages.length > 0, SETTLE_MS, 'the kick')
    expect(reader.messages).toEqual([{ topic: topicOf(me), payload: 'logout', qos: 1, retain: false }])
  })

  it('refuses a will message at CONNECT', async () => {
    const { app, url } = await listeningApp()
    const { token } = await passwordLogin(app)
    const me = await userIdOf(app, token)
    const e = await refusedCode(mqttConnect(url, { ...withToken(token), will: { topic: topicOf(me), payload: Buffer.from('logout'), qos: 1, retain: true } }))
    expect(e).not.toBe('connected')
  })
})

describe('client ids', () => {
  it("refuses a client id held by another account's connection; the same account may take it over", async () => {
    const { app, url } = await listeningApp()
    const a = await passwordLogin(app)
    const b = await smsLogin(app)
    const first = await mqttConnect(url, withToken(a.token, 'habor_shared'))
    expect(await refusedCode(mqttConnect(url, withToken(b.token, 'habor_shared')))).toBe(2)
    expect(first.client.connected).toBe(true)
    const again = await mqttConnect(url, withToken(a.token, 'habor_shared'))
    expect(again.client.connected).toBe(true)
    await until(() => !first.client.connected, SETTLE_MS, 'the takeover')
    // Once the holder has gone, the id is free for anyone.
    await again.client.endAsync()
    await until(() => app.broker.embedded?.connectedClients === 0, SETTLE_MS, 'the disconnect')
    expect((await mqttConnect(url, withToken(b.token, 'habor_shared'))).client.connected).toBe(true)
  })
})

describe('the kick', () => {
  it("a login from another device publishes 'logout' (QoS 1, not retained) on the old session's topic only", async () => {
    const { app, url } = await listeningApp()
    const first = await passwordLogin(app, { deviceCode: 'device-a' })
    const me = await userIdOf(app, first.token)
    const mobile = await passwordLogin(app, { deviceType: 'mobile', deviceCode: 'phone-a' })
    const t1 = await mqttConnect(url, withToken(first.token))
    const t2 = await mqttConnect(url, withToken(mobile.token))
    expect(await subscribe(t1.client, topicOf(me))).toBe(1)
    expect(await subscribe(t2.client, topicOf(me, 'mobile'))).toBe(1)
    await passwordLogin(app, { deviceCode: 'device-b' })
    await until(() => t1.messages.length > 0, SETTLE_MS, 'the kick')
    expect(t1.messages).toEqual([{ topic: topicOf(me), payload: 'logout', qos: 1, retain: false }])
    expect(t2.messages).toEqual([])
    // Not retained: a later subscriber of the topic gets nothing.
    const second = await passwordLogin(app, { deviceCode: 'device-b' })
    const late = await mqttConnect(url, withToken(second.token))
    expect(await subscribe(late.client, topicOf(me))).toBe(1)
    expect(late.messages).toEqual([])
  })

  it('a new login from the same device, and /logout, kick nobody', async () => {
    const { app, url } = await listeningApp()
    const seen: string[] = []
    app.broker.embedded?.aedes.on('publish', (p) => {
      if (p.topic.startsWith('session/')) seen.push(p.topic)
    })
    const first = await passwordLogin(app, { deviceCode: 'device-a' })
    const me = await userIdOf(app, first.token)
    const t1 = await mqttConnect(url, withToken(first.token))
    expect(await subscribe(t1.client, topicOf(me))).toBe(1)
    const again = await passwordLogin(app, { deviceCode: 'device-a' })
    expect((await call(app, 'POST', '/logout', { token: again.token, body: { deviceType: DEVICE.deviceType, appId: DEVICE.appId } })).body.code).toBe(0)
    // A kick in another slot afterwards: the broker handles publishes in order, so once it is seen,
    // anything the calls above had published would have been seen first.
    await passwordLogin(app, { deviceType: 'mobile', deviceCode: 'phone-a' })
    await passwordLogin(app, { deviceType: 'mobile', deviceCode: 'phone-b' })
    await until(() => seen.length > 0, SETTLE_MS, 'the mobile kick')
    expect(seen).toEqual([topicOf(me, 'mobile')])
    expect(t1.messages).toEqual([])
  })
})

describe('HTTP surface', () => {
  it('only /mqtt serves the broker: an upgrade anywhere else is refused or closed at once', async () => {
    const { http } = await listeningApp()
    const ws = http.replace('http', 'ws')
    const upgrade = (path: string) =>
      new Promise<string>((resolve) => {
        const s = new WebSocket(`${ws}${path}`, 'mqtt')
        let opened = false
        s.on('open', () => (opened = true))
        s.on('message', () => resolve('message'))
        s.on('close', () => resolve(opened ? 'closed' : 'refused'))
        s.on('error', () => resolve('refused'))
        setTimeout(() => {
          resolve(opened ? 'stays open' : 'hangs')
          s.terminate()
        }, 2000)
      })
    expect(await upgrade('/mqtt')).toBe('stays open')
    for (const path of ['/mqtt/x', '/oidc/auth', '/api/login', '/login', '/']) expect(['refused', 'closed'], path).toContain(await upgrade(path))
  })
})
