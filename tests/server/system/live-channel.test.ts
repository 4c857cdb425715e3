/**
 * The live channel against a real MQTT broker (aedes) over WebSocket on a spare port: it connects with
 * the token, subscribes to its own session topic, turns a published 'logout' into the toast and the
 * logout 500 ms later, and reconnects after a dropped connection with the then-current token.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Aedes, type Client } from 'aedes'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { WebSocketServer } from 'ws'
import { gatedStream } from '../../../server/broker/packet-gate'
import { KICK_LOGOUT_DELAY_MS, LiveChannel, loadMqtt, sessionTopic, type LiveDeps } from '../../../src/lib/live/channel'

const TOPIC = sessionTopic('jsj-habor', 'browser', 'u1')

interface Broker {
  aedes: Aedes
  http: Server
  wss: WebSocketServer
  url: string
  logins: string[]
  subscriptions: string[]
  clients: Client[]
}

async function startBroker(validTokens: Set<string>): Promise<Broker> {
  const logins: string[] = []
  const subscriptions: string[] = []
  const clients: Client[] = []
  const aedes = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const token = password?.toString() ?? ''
      logins.push(`${username ?? ''}:${token}`)
      const ok = username === 'token' && validTokens.has(token)
      if (ok) clients.push(client)
      done(null, ok)
    },
    authorizeSubscribe: (_client, sub, done) => {
      subscriptions.push(sub.topic)
      done(sub.topic === TOPIC ? null : new Error('not your topic'), sub)
    },
  })
  const http = createServer()
  const wss = new WebSocketServer({ server: http, path: '/mqtt' })
  // The server's stream (server/broker/packet-gate.ts), which aedes can read on Node 26 as on Node 24.
  wss.on('connection', (socket, req) => aedes.handle(gatedStream(socket), req))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return { aedes, http, wss, url: `ws://127.0.0.1:${port}/mqtt`, logins, subscriptions, clients }
}

let broker: Broker
let channel: LiveChannel
const session = { token: 'tok-1', userId: 'u1', deviceType: 'browser' }
const events: { what: string; at: number }[] = []

function deps(): LiveDeps {
  return {
    url: broker.url,
    appId: 'jsj-habor',
    session: () => session,
    refresh: async () => undefined,
    notify: (text) => events.push({ what: `toast:${text}`, at: performance.now() }),
    kickedText: () => 'account logged in on another terminal',
    onLoggedOut: () => events.push({ what: 'logout', at: performance.now() }),
    loadMqtt,
    onError: () => {},
  }
}

beforeEach(async () => {
  events.length = 0
  session.token = 'tok-1'
  broker = await startBroker(new Set(['tok-1', 'tok-2']))
  channel = new LiveChannel(deps())
})

afterEach(async () => {
  await channel.close()
  for (const c of broker.wss.clients) c.terminate()
  await new Promise<void>((resolve) => broker.wss.close(() => resolve()))
  await new Promise<void>((resolve) => broker.aedes.close(() => resolve()))
  await new Promise<void>((resolve) => broker.http.close(() => resolve()))
})

it('connects with the token and subscribes to its own session topic', async () => {
  await channel.open()
  expect(channel.isOpen()).toBe(true)
  expect(broker.logins).toEqual(['token:tok-1'])
  expect(broker.subscriptions).toEqual([TOPIC])
})

it("a published 'logout' shows the toast, then logs out 500 ms later", async () => {
  await channel.open()
  broker.aedes.publish({ cmd: 'publish', topic: TOPIC, payload: Buffer.from('logout'), qos: 1, retain: false, dup: false }, () => {})
  await vi.waitFor(() => expect(events.map((e) => e.what)).toEqual(['toast:account logged in on another terminal', 'logout']), { timeout: 5000, interval: 50 })
  const [toast, logout] = events
  const gap = (logout?.at ?? 0) - (toast?.at ?? 0)
  expect(gap).toBeGreaterThanOrEqual(KICK_LOGOUT_DELAY_MS - 5)
  expect(gap).toBeLessThan(KICK_LOGOUT_DELAY_MS + 1000)
  await vi.waitFor(() => expect(channel.isOpen()).toBe(false))
})

it('a dropped connection reconnects with the current token and subscribes again', async () => {
  await channel.open()
  session.token = 'tok-2'
  broker.clients[0]?.close()
  await vi.waitFor(() => expect(broker.logins).toEqual(['token:tok-1', 'token:tok-2']), { timeout: 10_000, interval: 100 })
  await vi.waitFor(() => expect(broker.subscriptions).toEqual([TOPIC, TOPIC]), { timeout: 5000, interval: 50 })
  expect(channel.isOpen()).toBe(true)
})

it('a refused connection rejects with 600009 without throwing elsewhere', async () => {
  session.token = 'stolen'
  const e = await channel.open().catch((err: unknown) => err)
  expect(e).toMatchObject({ code: 600009, kind: 'socket-connect' })
})
