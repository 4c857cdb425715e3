/**
 * External-broker mode (MQTT_URL) against the real Mosquitto on 127.0.0.1:1883: the kick is published
 * there, /mqtt is not served here, and the /api/broker/* endpoints answer an external broker's auth and
 * ACL questions with the embedded broker's rules.
 */
import { createConnection } from 'node:net'
import { describe, expect, it } from 'vitest'
import { call, FakeClock, makeApp, passwordLogin } from '../support/helpers'
import { listeningApp, mqttConnect, SETTLE_MS, smsLogin, subscribe, until, userIdOf } from '../support/broker'

const MOSQUITTO = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883'

const reachable = await new Promise<boolean>((resolve) => {
  const u = new URL(MOSQUITTO)
  const s = createConnection({ host: u.hostname, port: Number(u.port || 1883) })
  s.setTimeout(1000, () => {
    s.destroy()
    resolve(false)
  })
  s.on('connect', () => {
    s.end()
    resolve(true)
  })
  s.on('error', () => resolve(false))
})
if (!reachable) console.warn(`broker-external: no MQTT broker at ${MOSQUITTO}; the external-broker kick test is skipped`)

describe('external broker', () => {
  it.skipIf(!reachable)("publishes the kick through MQTT_URL: 'logout', QoS 1, not retained", async () => {
    const { app, url } = await listeningApp({ mqtt: { url: MOSQUITTO } })
    expect(app.broker.embedded).toBeNull()
    const first = await passwordLogin(app, { deviceCode: 'device-a' })
    const me = await userIdOf(app, first.token)
    const topic = `session/jsj-habor/browser/${me}`
    const terminal = await mqttConnect(MOSQUITTO)
    expect(await subscribe(terminal.client, topic)).toBe(1)
    await passwordLogin(app, { deviceCode: 'device-b' })
    await until(() => terminal.messages.length > 0, SETTLE_MS, 'the kick via the external broker')
    expect(terminal.messages).toEqual([{ topic, payload: 'logout', qos: 1, retain: false }])
    // No embedded broker in this mode: /mqtt does not speak MQTT.
    const refused = await mqttConnect(url, { username: 'token', password: first.token }).then(
      () => false,
      () => true,
    )
    expect(refused).toBe(true)
  })

  it('start-up does not wait for an unreachable broker, and close() does not hang on it', async () => {
    const { app } = await makeApp({ mqtt: { url: 'mqtt://127.0.0.1:9' } })
    expect(app.broker.publisher.mode).toBe('external')
    const { token } = await passwordLogin(app)
    expect((await call(app, 'GET', '/auth/student', { token })).body.code).toBe(0)
  })
})

describe('/api/broker/auth and /api/broker/acl', () => {
  it('allow a live token, with its own topic as the only subscription, and deny the rest', async () => {
    const clock = new FakeClock()
    const { app } = await makeApp({}, clock)
    const { token } = await passwordLogin(app)
    const other = await smsLogin(app)
    const me = await userIdOf(app, token)
    const them = await userIdOf(app, other.token)
    const own = `session/jsj-habor/browser/${me}`
    const post = async (path: string, body: object) => {
      const r = await app.inject({ method: 'POST', url: `/api/broker/${path}`, payload: body })
      expect(r.statusCode).toBe(200)
      return r.json() as { result: string; ok: boolean; expire_at?: number }
    }
    const auth = await post('auth', { username: 'token', password: token, clientid: 'c1' })
    expect(auth).toMatchObject({
      result: 'allow',
      ok: true,
      is_superuser: false,
      acl: [
        { permission: 'allow', action: 'subscribe', topic: own },
        { permission: 'deny', action: 'all', topic: '#' },
      ],
    })
    expect(auth.expire_at).toBe(Math.floor(clock.now() / 1000) + 900)
    for (const bad of [{ username: 'student', password: token }, { username: 'token', password: 'x' }, { username: 'token' }, {}]) {
      expect(await post('auth', bad)).toMatchObject({ result: 'deny', ok: false })
    }

    // go-auth: acc 1 read and 4 subscribe are allowed on the own topic; 2 write and 3 read+write never.
    expect(await post('acl', { username: 'token', clientid: 'c1', topic: own, acc: 4 })).toMatchObject({ ok: true })
    expect(await post('acl', { username: 'token', clientid: 'c1', topic: own, acc: 1 })).toMatchObject({ ok: true })
    expect(await post('acl', { clientid: 'c1', topic: own, action: 'subscribe' })).toMatchObject({ result: 'allow' })
    for (const q of [
      { clientid: 'c1', topic: own, acc: 2 },
      { clientid: 'c1', topic: own, acc: 3 },
      { clientid: 'c1', topic: own, action: 'publish' },
      { clientid: 'c1', topic: `session/jsj-habor/browser/${them}`, acc: 4 },
      { clientid: 'c1', topic: 'session/#', acc: 4 },
      { clientid: 'unknown', topic: own, acc: 4 },
    ]) {
      expect(await post('acl', q), JSON.stringify(q)).toMatchObject({ result: 'deny', ok: false })
    }

    // No client is a superuser (go-auth asks before its ACL checks).
    expect(await post('superuser', { username: 'token' })).toMatchObject({ result: 'deny', ok: false })

    // After the token's expiry the remembered topic no longer counts, and the token itself is refused.
    clock.advance(901_000)
    expect(await post('acl', { clientid: 'c1', topic: own, acc: 4 })).toMatchObject({ ok: false })
    expect(await post('auth', { username: 'token', password: token, clientid: 'c1' })).toMatchObject({ ok: false })
  })
})
