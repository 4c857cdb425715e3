/** Test support for the live channel: a listening app, MQTT clients over its /mqtt, and message waits. */
import type { FastifyInstance } from 'fastify'
import { connect, type IClientOptions, type MqttClient } from 'mqtt'
import type { AddressInfo } from 'node:net'
import type { BuildInput } from '../../../server/config'
import { LiveChannel, loadMqtt, type LiveDeps } from '../../../src/lib/live/channel'
import { afterThisTest } from './cleanup'
import { call, FakeClock, makeApp, SMS_ONLY_PHONE, smsCode, type Pair, type TestApp } from './helpers'

export interface LiveApp extends TestApp {
  url: string
  http: string
}

/** makeApp, listening on a spare loopback port. */
export async function listeningApp(over: BuildInput = {}, clock = new FakeClock()): Promise<LiveApp> {
  const t = await makeApp(over, clock)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = t.app.server.address() as AddressInfo
  return { ...t, url: `ws://127.0.0.1:${port}/mqtt`, http: `http://127.0.0.1:${port}` }
}

/**
 * The app's own live-channel client (src/lib/live) for `url`, as a signed-in browser opens it: `session()`
 * gives the current token and user, and `over` what the test watches (by default a refresh does nothing,
 * the toast and the logout go nowhere, errors are ignored).
 */
export function appChannel(url: string, session: () => { token: string; userId: string }, over: Partial<LiveDeps> = {}): LiveChannel {
  return new LiveChannel({
    url,
    appId: 'jsj-habor',
    session: () => ({ ...session(), deviceType: 'browser' }),
    refresh: async () => undefined,
    notify: () => {},
    kickedText: () => 'account logged in on another terminal',
    onLoggedOut: () => {},
    loadMqtt,
    onError: () => {},
    ...over,
  })
}


export interface Connected {
  client: MqttClient
  /** Every message received, in order. */
  messages: { topic: string; payload: string; qos: number; retain: boolean }[]
}

/** Connects once (no retries); rejects with the CONNACK refusal (its `code`). Closed after the test. */
export async function mqttConnect(url: string, opts: IClientOptions = {}): Promise<Connected> {
  const client = connect(url, { reconnectPeriod: 0, connectTimeout: 5000, clean: true, ...opts })
  afterThisTest(() => client.endAsync(true))
  const messages: Connected['messages'] = []
  client.on('message', (topic, payload, packet) => messages.push({ topic, payload: payload.toString(), qos: packet.qos, retain: packet.retain }))
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve())
    client.once('error', reject)
    client.once('close', () => reject(new Error('closed before CONNACK')))
  })
  return { client, messages }
}

export const withToken = (token: string, clientId?: string): IClientOptions => ({ username: 'token', password: token, ...(clientId ? { clientId } : {}) })

/** Granted QoS per filter (128 = refused). */
export async function subscribe(client: MqttClient, topic: string): Promise<number> {
  // mqtt.js turns a refusing SUBACK into an error; the packet still carries the granted codes.
  return new Promise((resolve) => client.subscribe(topic, { qos: 1 }, (_err, _granted, packet) => {
        const code = packet?.granted[0]
        resolve(typeof code === 'number' ? code : -1)
      }))
}

/**
 * How long a test waits for something that must happen (a message, a close, a CONNACK) before it fails.
 * Not a rule under test: it only ends a failing test, so it is generous enough for a machine busy with
 * other work (5 s was not, while five other suites shared two cores). Rules about time (a close at expiry,
 * the kick's acknowledgement wait) keep their own bounds.
 */
export const SETTLE_MS = 20_000

/** Resolves when `predicate` holds, polling every 10 ms; rejects after `timeoutMs`. */
export async function until(predicate: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const start = Date.now()
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

export async function userIdOf(app: FastifyInstance, token: string): Promise<string> {
  const r = await call<{ id: string }>(app, 'GET', '/auth/student', { token })
  if (r.body.code !== 0) throw new Error(`profile failed: ${JSON.stringify(r.body)}`)
  return r.body.data.id
}

/** The SMS-only demo account (a second user). */
export async function smsLogin(app: FastifyInstance, deviceCode = 'device-sms'): Promise<Pair> {
  const code = await smsCode(app, SMS_ONLY_PHONE)
  const r = await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${SMS_ONLY_PHONE}`, code, isAdmin: false, deviceType: 'browser', deviceCode, appId: 'jsj-habor' } })
  if (r.body.code !== 0) throw new Error(`sms login failed: ${JSON.stringify(r.body)}`)
  return r.body.data
}
