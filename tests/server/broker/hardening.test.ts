/**
 * The live channel's limits, tried over real WebSocket MQTT connections: a kicked or logged-out terminal
 * is disconnected (the kicked one after it got its 'logout'), client ids are bounded in every MQTT
 * version, and one account cannot open connections without end.
 */
import { describe, expect, it } from 'vitest'
import { KICK_ACK_WAIT_MS, MAX_CONNECTIONS_PER_ACCOUNT } from '../../../server/broker/embedded'
import { sessionTopic } from '../../../server/broker/acl'
import { listeningApp, mqttConnect, subscribe, until, userIdOf, withToken } from '../support/broker'
import { call, DEVICE, passwordLogin } from '../support/helpers'

describe('the live connection ends with its session', () => {
  it("after a kick, once the old terminal has its 'logout'", async () => {
    const { app, url } = await listeningApp()
    const old = await passwordLogin(app, { deviceCode: 'device-a' })
    const me = await userIdOf(app, old.token)
    const t1 = await mqttConnect(url, withToken(old.token))
    expect(await subscribe(t1.client, sessionTopic(DEVICE.appId, DEVICE.deviceType, me))).toBe(1)
    let closedAt = 0
    t1.client.on('close', () => (closedAt ||= Date.now()))
    const kickedAt = Date.now()
    await passwordLogin(app, { deviceCode: 'device-b' })
    await until(() => closedAt > 0, KICK_ACK_WAIT_MS - 1000, 'the kicked connection to close')
    expect(t1.messages.map((m) => m.payload)).toEqual(['logout'])
    expect(closedAt - kickedAt).toBeLessThan(KICK_ACK_WAIT_MS)
  })

  it('at logout', async () => {
    const { app, url } = await listeningApp()
    const me = await passwordLogin(app)
    const t = await mqttConnect(url, withToken(me.token))
    let closed = false
    t.client.on('close', () => (closed = true))
    expect((await call(app, 'POST', '/logout', { token: me.token, body: { deviceType: DEVICE.deviceType, appId: DEVICE.appId } })).body.code).toBe(0)
    await until(() => closed, 3000, 'the connection to close at logout')
  })
})

describe('connection limits', () => {
  it('refuse a client id over 64 characters in MQTT 3.1.1 and 5', async () => {
    const { app, url } = await listeningApp()
    const me = await passwordLogin(app)
    await expect(mqttConnect(url, { ...withToken(me.token, 'x'.repeat(65)), protocolVersion: 4 })).rejects.toMatchObject({ code: 2 })
    await expect(mqttConnect(url, { ...withToken(me.token, 'y'.repeat(65)), protocolVersion: 5 })).rejects.toThrow(/refused/i)
    await mqttConnect(url, withToken(me.token, 'x'.repeat(64)))
  })

  it(`hold at most ${MAX_CONNECTIONS_PER_ACCOUNT} connections of one account`, async () => {
    const { app, url } = await listeningApp()
    const me = await passwordLogin(app)
    for (let i = 0; i < MAX_CONNECTIONS_PER_ACCOUNT; i++) await mqttConnect(url, withToken(me.token, `tab-${i}`))
    await expect(mqttConnect(url, withToken(me.token, 'one-too-many'))).rejects.toMatchObject({ code: 5 })
  })
})
