/**
 * The live channel's packet bound and its cap on sockets that have not signed in (docs/security.md "The
 * live channel"), over real WebSockets. A packet whose fixed header declares 256 MB is refused at once,
 * before or after a valid CONNECT, and the server's memory does not grow with what follows it.
 */
import { readFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from 'mqtt-packet'
import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { MAX_UNAUTHENTICATED_PER_ADDRESS } from '../../../server/broker/embedded'
import { MAX_PACKET_BYTES } from '../../../server/broker/packet-gate'
import { listeningApp, SETTLE_MS, until } from '../support/broker'
import { passwordLogin } from '../support/helpers'
import { removeAfterTest, startServer } from '../support/process'

/** A SUBSCRIBE and a CONNECT declaring 268,435,455 bytes (the largest MQTT length). */
const HUGE_SUBSCRIBE = Buffer.from([0x82, 0xff, 0xff, 0xff, 0x7f])
const HUGE_CONNECT = Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f])
const FRAME = Buffer.alloc(60 * 1024, 0x61)
/** What each socket tries to send after the header: 10 sockets × 6 MB would grow an unbounded server by 60 MB. */
const FRAMES_PER_SOCKET = 100

interface Raw {
  ws: WebSocket
  closed: Promise<void>
  isClosed: () => boolean
  /** Every message from the server. */
  received: Buffer[]
}

async function open(url: string): Promise<Raw> {
  const ws = new WebSocket(url, 'mqtt')
  const received: Buffer[] = []
  let done = false
  const closed = new Promise<void>((resolve) => ws.once('close', () => ((done = true), resolve())))
  ws.on('message', (d: Buffer) => received.push(d))
  ws.on('error', () => undefined)
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('close', () => reject(new Error('closed before open')))
  })
  return { ws, closed, isClosed: () => done, received }
}

const send = (ws: WebSocket, data: Buffer): Promise<boolean> => new Promise((resolve) => (ws.readyState === WebSocket.OPEN ? ws.send(data, (err) => resolve(!err)) : resolve(false)))

const connectPacket = (token: string, clientId: string): Buffer => generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: true, keepalive: 0, clientId, username: 'token', password: Buffer.from(token) })

/** Sends `first`, then FRAMES_PER_SOCKET frames, stopping when the server no longer takes them. */
async function flood(raw: Raw, first: Buffer): Promise<void> {
  if (!(await send(raw.ws, first))) return
  for (let i = 0; i < FRAMES_PER_SOCKET && !raw.isClosed(); i++) if (!(await send(raw.ws, FRAME))) return
}

const rssMiB = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

describe('a 256 MB MQTT packet', () => {
  it('is refused from its fixed header, signed in or not, and 10 such sockets each grow the server by less than 20 MiB', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'habor-mqtt-size-'))
    removeAfterTest(dataDir)
    const server = await startServer(dataDir)
    const url = `${server.base.replace('http', 'ws')}/mqtt`
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '13800138000', password: 'Passw0rd!', deviceType: 'browser', deviceCode: 'mqtt-size', appId: 'jsj-habor' }),
    })
    const { token } = ((await login.json()) as { data: { token: string } }).data
    const connect = connectPacket(token, 'warm-up')
    expect(connect.length).toBeLessThan(MAX_PACKET_BYTES / 2)
    // Warm up the path a signed-in socket takes, so the measure starts from a server that has served one.
    const warm = await open(url)
    await send(warm.ws, connect)
    await until(() => warm.received.length > 0, 10_000, 'the CONNACK')
    warm.ws.close()
    await warm.closed

    const pid = server.proc.pid!
    // After a valid CONNECT (the account's 10 connections).
    const before = rssMiB(pid)
    const signedIn = await Promise.all(Array.from({ length: 10 }, () => open(url)))
    await Promise.all(
      signedIn.map(async (raw, i) => {
        await send(raw.ws, connectPacket(token, `big-${i}`))
        await until(() => Buffer.concat(raw.received).length >= 4, 10_000, 'the CONNACK')
        // CONNACK, accepted.
        expect([...Buffer.concat(raw.received).subarray(0, 4)]).toEqual([0x20, 0x02, 0x00, 0x00])
      }),
    )
    await Promise.all(signedIn.map((raw) => flood(raw, HUGE_SUBSCRIBE)))
    expect(rssMiB(pid) - before).toBeLessThan(20)
    await Promise.all(signedIn.map((raw) => raw.closed))

    // Without signing in.
    const anonymous = await Promise.all(Array.from({ length: 10 }, () => open(url)))
    await Promise.all(anonymous.map((raw) => flood(raw, HUGE_CONNECT)))
    expect(rssMiB(pid) - before).toBeLessThan(20)
    await Promise.all(anonymous.map((raw) => raw.closed))

    // The live channel still serves.
    const after = await open(url)
    await send(after.ws, connectPacket(token, 'after'))
    await until(() => after.received.length > 0, 10_000, 'the CONNACK')
    after.ws.close()
  })
})

describe('the packet bound', () => {
  it(`takes a packet declaring ${MAX_PACKET_BYTES} bytes and closes one declaring a byte more`, async () => {
    const { url } = await listeningApp()
    // 4096 = 0x80 0x20 as a remaining length; 4097 = 0x81 0x20.
    const atBound = await open(url)
    await send(atBound.ws, Buffer.from([0x10, 0x80, 0x20, 0x00]))
    const over = await open(url)
    await send(over.ws, Buffer.from([0x10, 0x81, 0x20]))
    await over.closed
    expect(atBound.isClosed()).toBe(false)
    atBound.ws.close()
  })

  it('closes a signed-in socket whose next packet is too large, split over frames', async () => {
    const { app, url } = await listeningApp()
    const me = await passwordLogin(app)
    const raw = await open(url)
    await send(raw.ws, connectPacket(me.token, 'split'))
    await until(() => raw.received.length > 0, SETTLE_MS, 'the CONNACK')
    expect(app.broker.embedded?.connectedClients).toBe(1)
    // A PINGREQ, then a SUBSCRIBE header whose length bytes arrive one frame at a time.
    await send(raw.ws, Buffer.from([0xc0, 0x00, 0x82, 0xff]))
    await send(raw.ws, Buffer.from([0xff]))
    expect(raw.isClosed()).toBe(false)
    await send(raw.ws, Buffer.from([0xff]))
    await raw.closed
    await until(() => app.broker.embedded?.connectedClients === 0, SETTLE_MS, 'the broker to let the client go')
  })
})

describe('sockets that have not signed in', () => {
  it(`are held at most ${MAX_UNAUTHENTICATED_PER_ADDRESS} per address; signing in or closing gives the place back`, async () => {
    const { app, url } = await listeningApp()
    const me = await passwordLogin(app)
    const broker = app.broker.embedded!
    const waiting = await Promise.all(Array.from({ length: MAX_UNAUTHENTICATED_PER_ADDRESS }, () => open(url)))
    await until(() => broker.unauthenticatedFrom('127.0.0.1') === MAX_UNAUTHENTICATED_PER_ADDRESS, SETTLE_MS, 'every socket to be counted')
    const refused = await open(url)
    await refused.closed
    // One signs in: its place is free again.
    await send(waiting[0]!.ws, connectPacket(me.token, 'signs-in'))
    await until(() => waiting[0]!.received.length > 0, SETTLE_MS, 'the CONNACK')
    expect(broker.unauthenticatedFrom('127.0.0.1')).toBe(MAX_UNAUTHENTICATED_PER_ADDRESS - 1)
    const next = await open(url)
    await until(() => broker.unauthenticatedFrom('127.0.0.1') === MAX_UNAUTHENTICATED_PER_ADDRESS, SETTLE_MS, 'the new socket to be counted')
    expect(next.isClosed()).toBe(false)
    // One closes: its place is free again.
    waiting[1]!.ws.close()
    await waiting[1]!.closed
    await until(() => broker.unauthenticatedFrom('127.0.0.1') === MAX_UNAUTHENTICATED_PER_ADDRESS - 1, SETTLE_MS, 'the closed socket to be let go')
    for (const raw of [...waiting, next]) raw.ws.terminate()
  })
})
