/**
 * What one live-channel connection may cost (docs/security.md "The live channel's cost per connection"),
 * over real WebSockets against the real broker: a packet rate per socket and per account (token buckets
 * on the app's clock, here a fake one, so the edges are exact), a bound on filters per SUBSCRIBE, and no
 * reading while a client does not read what it is sent.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generate } from 'mqtt-packet'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { sessionTopic } from '../../../server/broker/acl'
import { ACCOUNT_RATE, filtersOf, gatedStream, MAX_FILTERS_PER_SUBSCRIBE, OUTGOING_BOUND_BYTES, SOCKET_RATE, TokenBucket, type LiveSocket } from '../../../server/broker/packet-gate'
import { listeningApp, SETTLE_MS, until, userIdOf } from '../support/broker'
import { DEVICE, FakeClock, passwordLogin } from '../support/helpers'

interface Raw {
  ws: WebSocket
  closed: Promise<{ code: number; reason: string }>
  isClosed: () => boolean
  /** Every byte from the server, in order. */
  bytes: () => Buffer
}

async function open(url: string): Promise<Raw> {
  const ws = new WebSocket(url, 'mqtt')
  const received: Buffer[] = []
  let done = false
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => ((done = true), resolve({ code, reason: reason.toString() }))))
  ws.on('message', (d: Buffer) => received.push(d))
  ws.on('error', () => undefined)
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('close', () => reject(new Error('closed before open')))
  })
  return { ws, closed, isClosed: () => done, bytes: () => Buffer.concat(received) }
}

const send = (ws: WebSocket, data: Buffer): Promise<void> => new Promise((resolve, reject) => ws.send(data, (err) => (err ? reject(err) : resolve())))
const PINGREQ = Buffer.from([0xc0, 0x00])
const pings = (n: number): Buffer => Buffer.concat(Array.from({ length: n }, () => PINGREQ))
const connectPacket = (token: string, clientId: string): Buffer =>
  generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: true, keepalive: 0, clientId, username: 'token', password: Buffer.from(token) })

/** Signs in on a new socket; resolves once the CONNACK (4 bytes in 3.1.1) is in. */
async function signedIn(url: string, token: string, clientId: string): Promise<Raw> {
  const raw = await open(url)
  await send(raw.ws, connectPacket(token, clientId))
  await until(() => raw.bytes().length >= 4, SETTLE_MS, 'the CONNACK')
  expect(raw.bytes()[0]).toBe(0x20)
  return raw
}

/** Log lines of an app built with `logStream`. */
function logLines(): { lines: string[]; stream: { write(line: string): void } } {
  const lines: string[] = []
  return { lines, stream: { write: (line: string) => void lines.push(line) } }
}

/** Sends `n` PINGREQs and waits for their PINGRESPs (2 bytes each) after what came before. */
async function pingAnswered(raw: Raw, n: number): Promise<void> {
  const before = raw.bytes().length
  await send(raw.ws, pings(n))
  await until(() => raw.bytes().length >= before + 2 * n, SETTLE_MS, `${n} PINGRESPs`)
}

describe('the token bucket', () => {
  it('allows its burst, refuses one more, and refills at its rate', () => {
    const clock = new FakeClock(0)
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, clock.now)
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true])
    expect(bucket.take()).toBe(false)
    clock.advance(499)
    expect(bucket.take()).toBe(false)
    clock.advance(1)
    expect(bucket.take()).toBe(true)
    expect(bucket.take()).toBe(false)
    clock.advance(60_000)
    expect(bucket.full).toBe(true)
  })
})

describe('the packet rate', () => {
  it(`of a socket: ${SOCKET_RATE.burst} packets pass, one more closes the socket and the log says why, without the token`, async () => {
    const log = logLines()
    const { app, url, clock } = await listeningApp({ logger: { level: 'warn' }, logStream: log.stream })
    const me = await passwordLogin(app)
    const raw = await signedIn(url, me.token, 'rate-socket')
    // The CONNECT was the first packet.
    await pingAnswered(raw, SOCKET_RATE.burst - 1)
    expect(raw.isClosed()).toBe(false)
    await send(raw.ws, PINGREQ)
    expect(await raw.closed).toEqual({ code: 1008, reason: 'packet rate of the socket' })
    await until(() => log.lines.some((l) => l.includes('live channel: socket closed')), SETTLE_MS, 'the log line')
    const line = JSON.parse(log.lines.find((l) => l.includes('live channel: socket closed'))!) as { reason: string; account: string; address: string }
    expect(line).toMatchObject({ reason: 'packet rate of the socket', account: await userIdOf(app, me.token), address: '127.0.0.1' })
    expect(log.lines.join('\n')).not.toContain(me.token)

    // The bucket refills at its rate: after a second, that many more pass.
    const next = await signedIn(url, me.token, 'rate-refill')
    await pingAnswered(next, SOCKET_RATE.burst - 1)
    clock.advance(1000)
    await pingAnswered(next, SOCKET_RATE.perSecond)
    expect(next.isClosed()).toBe(false)
    await send(next.ws, PINGREQ)
    expect((await next.closed).reason).toBe('packet rate of the socket')
  })

  it(`of an account: its sockets together pass ${ACCOUNT_RATE.burst} packets after signing in, and the one over it is closed`, async () => {
    const log = logLines()
    const { app, url } = await listeningApp({ logger: { level: 'warn' }, logStream: log.stream })
    const me = await passwordLogin(app)
    const perSocket = SOCKET_RATE.burst - 1 // each socket's CONNECT took one of its own
    const sockets: Raw[] = []
    let left = ACCOUNT_RATE.burst
    for (let i = 0; left > 0; i++) {
      const raw = await signedIn(url, me.token, `rate-account-${i}`)
      sockets.push(raw)
      const n = Math.min(perSocket, left)
      await pingAnswered(raw, n)
      left -= n
    }
    expect(sockets.every((s) => !s.isClosed())).toBe(true)
    const last = sockets.at(-1)!
    await send(last.ws, PINGREQ)
    expect((await last.closed).reason).toBe('packet rate of the account')
    expect(sockets.slice(0, -1).every((s) => !s.isClosed())).toBe(true)
    await until(() => log.lines.some((l) => l.includes('packet rate of the account')), SETTLE_MS, 'the log line')
  })
})

describe('filters per SUBSCRIBE', () => {
  it(`${MAX_FILTERS_PER_SUBSCRIBE} are answered, ${MAX_FILTERS_PER_SUBSCRIBE + 1} close the socket`, async () => {
    const { app, url } = await listeningApp()
    const me = await passwordLogin(app)
    const own = sessionTopic(DEVICE.appId, DEVICE.deviceType, await userIdOf(app, me.token))
    const subscribe = (n: number) => generate({ cmd: 'subscribe', messageId: n, subscriptions: filters(own, n) })

    const ok = await signedIn(url, me.token, 'filters-ok')
    const connack = ok.bytes().length
    await send(ok.ws, subscribe(MAX_FILTERS_PER_SUBSCRIBE))
    // SUBACK: its own topic granted (1), the others refused (128).
    await until(() => ok.bytes().length > connack, SETTLE_MS, 'the SUBACK')
    expect(ok.bytes()[connack]).toBe(0x90)
    expect([...ok.bytes().subarray(-MAX_FILTERS_PER_SUBSCRIBE)]).toEqual([1, 128, 128, 128])

    const over = await signedIn(url, me.token, 'filters-over')
    const before = over.bytes().length
    await send(over.ws, subscribe(MAX_FILTERS_PER_SUBSCRIBE + 1))
    expect((await over.closed).reason).toBe('too many filters in a SUBSCRIBE')
    expect(over.bytes().length).toBe(before)
    expect(ok.isClosed()).toBe(false)
  })

  // The broker answers MQTT 5's CONNECT with "unacceptable protocol version" today; the gate counts its
  // filters right all the same, past the properties that come before them.
  it('are counted past MQTT 5 properties', () => {
    for (const n of [1, MAX_FILTERS_PER_SUBSCRIBE, MAX_FILTERS_PER_SUBSCRIBE + 1]) {
      const v5 = generate({ cmd: 'subscribe', messageId: 9, subscriptions: filters('a/b', n), properties: { subscriptionIdentifier: 300, userProperties: { k: 'v' } } }, { protocolVersion: 5 })
      const v4 = generate({ cmd: 'subscribe', messageId: 9, subscriptions: filters('a/b', n) })
      expect(filtersOf([...v5.subarray(bodyStart(v5))], true)).toBe(n)
      expect(filtersOf([...v4.subarray(bodyStart(v4))], false)).toBe(n)
    }
  })
})

/** The first byte after a packet's fixed header. */
const bodyStart = (packet: Buffer): number => 1 + packet.subarray(1).findIndex((b) => !(b & 0x80)) + 1
const filters = (own: string, n: number) => Array.from({ length: n }, (_, i) => ({ topic: i === 0 ? own : `other/${i}`, qos: 1 as const }))

describe('a client that does not read', () => {
  const closers: (() => void)[] = []
  afterEach(() => {
    for (const c of closers.splice(0)) c()
  })

  it(`is not read while over ${OUTGOING_BOUND_BYTES} bytes wait for it, and is read again once it has taken them`, async () => {
    const http = createServer()
    const wss = new WebSocketServer({ server: http })
    let live: LiveSocket | undefined
    // A rate well above this test's packets: only the outgoing bound is tried.
    wss.on('connection', (socket) => (live = gatedStream(socket, { rate: { burst: 100, perSecond: 1 } })))
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    const client = new WebSocket(`ws://127.0.0.1:${(http.address() as AddressInfo).port}/`)
    closers.push(() => client.terminate(), () => wss.close(), () => http.close())
    let got = 0
    client.on('message', (d: Buffer) => (got += d.length))
    await new Promise((resolve) => client.once('open', resolve))
    await until(() => live !== undefined, SETTLE_MS, 'the server side')
    const server = live!
    let incoming = 0
    server.on('readable', () => {
      for (let chunk = server.read(); chunk; chunk = server.read()) incoming += chunk.length
    })
    await send(client, PINGREQ)
    await until(() => incoming === 2, SETTLE_MS, 'the first packet')
    expect(server.readingPaused).toBe(false)

    // The client stops reading; the server answers until its own buffer passes the bound (the kernel's
    // buffers fill first).
    client.pause()
    const chunk = Buffer.alloc(16 * 1024, 0x30)
    for (let sent = 0; server.outgoingBytes <= OUTGOING_BOUND_BYTES; sent += chunk.length) {
      if (sent > 256 * 1024 * 1024) throw new Error('the outgoing buffer never grew')
      server.write(chunk)
      await new Promise((r) => setImmediate(r))
    }
    expect(server.readingPaused).toBe(true)
    // What the client sends now stays out of the server's process.
    for (let i = 0; i < 20; i++) client.send(PINGREQ)
    await until(() => client.bufferedAmount === 0, SETTLE_MS, "the client's frames to leave it")
    expect(incoming).toBe(2)
    expect(server.readableLength).toBe(0)

    // It reads again: the server's buffer drains, and the waiting packets come in.
    client.resume()
    await until(() => !server.readingPaused, SETTLE_MS, 'reading to resume')
    await until(() => incoming === 42, SETTLE_MS, 'the packets sent meanwhile')
    expect(got).toBeGreaterThan(OUTGOING_BOUND_BYTES)
  })
})
