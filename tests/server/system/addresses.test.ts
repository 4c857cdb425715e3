/**
 * Per-address counting (docs/security.md "Addresses"): `::ffff:a.b.c.d` is a.b.c.d, and an IPv6 address
 * counts as its /64, for every count keyed by address: open connections, live-channel sockets not signed
 * in, SMS sends and the rate limit of calls without a token. Requests take their address from inject's
 * `remoteAddress`; real sockets from the `clientAddress` test hook (loopback has no /64 to try). On
 * SQLite, and on PostgreSQL with `node scripts/test-server-pg.mjs`.
 */
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { MAX_UNAUTHENTICATED_PER_ADDRESS } from '../../../server/broker/embedded'
import { addressKey } from '../../../server/plugins/rateLimit'
import type { BuildInput } from '../../../server/config'
import { SETTLE_MS, until } from '../support/broker'
import { call, makeApp } from '../support/helpers'

describe('the address key', () => {
  it('maps IPv4-mapped IPv6 to IPv4 and IPv6 to its /64', () => {
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1')
    expect(addressKey('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(addressKey('::FFFF:7f00:1')).toBe('127.0.0.1')
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('')).toBe('')
    expect(addressKey('not an address')).toBe('not an address')
  })

  const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((b) => b.join('.'))
  const group = fc.nat(0xffff).map((n) => n.toString(16))
  const v6 = fc.array(group, { minLength: 8, maxLength: 8 })

  it('counts an IPv4 address and its mapped form as one', () => {
    fc.assert(fc.property(v4, (a) => addressKey(`::ffff:${a}`) === addressKey(a) && addressKey(a) === a))
  })

  it('counts two IPv6 addresses as one exactly when their first 64 bits agree', () => {
    fc.assert(
      fc.property(v6, v6, fc.boolean(), (a, b, samePrefix) => {
        const other = samePrefix ? [...a.slice(0, 4), ...b.slice(4)] : b
        const same = a.slice(0, 4).every((g, i) => parseInt(g, 16) === parseInt(other[i]!, 16))
        // Written in full and compressed, the key is the same.
        const compressed = other.join(':').replace(/(^|:)0(:0)+(:|$)/, '::')
        return (addressKey(a.join(':')) === addressKey(compressed)) === same
      }),
    )
  })
})

/** A hook that gives each new connection the next address of `addresses`. */
function addressesInTurn(addresses: string[]): NonNullable<BuildInput['clientAddress']> {
  const queue = [...addresses]
  return () => queue.shift()
}

async function listening(over: BuildInput): Promise<{ app: FastifyInstance; port: number }> {
  const { app } = await makeApp(over)
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, port: (app.server.address() as AddressInfo).port }
}

/** A TCP connection, open (resolves once connected and a round trip later still open) or refused. */
async function tcp(port: number): Promise<Socket> {
  const s = connect(port, '127.0.0.1')
  s.on('error', () => {})
  await new Promise((resolve) => s.once('connect', resolve))
  return s
}

const closed = (s: Socket): Promise<void> => new Promise((resolve) => (s.destroyed ? resolve() : s.once('close', () => resolve())))

describe('open connections per address', () => {
  it('127.0.0.1 and ::ffff:127.0.0.1 count as one address', async () => {
    const { port } = await listening({ limits: { connectionsPerAddress: 2 }, clientAddress: addressesInTurn(['127.0.0.1', '::ffff:127.0.0.1', '127.0.0.1', '10.0.0.9']) })
    const [a, b] = [await tcp(port), await tcp(port)]
    const third = await tcp(port)
    await closed(third)
    const elsewhere = await tcp(port)
    // The other address is served while the first is full.
    const res = await new Promise<string>((resolve) => {
      elsewhere.once('data', (d: Buffer) => resolve(d.toString()))
      elsewhere.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    })
    expect(res).toMatch(/^HTTP\/1\.1 200/)
    expect([a, b].every((s) => !s.destroyed)).toBe(true)
    for (const s of [a, b, elsewhere]) s.destroy()
  })

  it('two addresses of one IPv6 /64 count once and are refused past the cap; another /64 is not', async () => {
    const { port } = await listening({ limits: { connectionsPerAddress: 2 }, clientAddress: addressesInTurn(['2001:db8:7:7::1', '2001:db8:7:7:ffff::2', '2001:db8:7:7:1:2:3:4', '2001:db8:7:8::1']) })
    const [a, b] = [await tcp(port), await tcp(port)]
    const third = await tcp(port)
    await closed(third)
    const other = await tcp(port)
    const res = await new Promise<string>((resolve) => {
      other.once('data', (d: Buffer) => resolve(d.toString()))
      other.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    })
    expect(res).toMatch(/^HTTP\/1\.1 200/)
    for (const s of [a, b, other]) s.destroy()
  })
})

describe('live-channel sockets not signed in, per address', () => {
  it(`two addresses of one /64 share its ${MAX_UNAUTHENTICATED_PER_ADDRESS} places`, async () => {
    const many = Array.from({ length: MAX_UNAUTHENTICATED_PER_ADDRESS + 1 }, (_, i) => (i % 2 ? '2001:db8:5:5::a' : '2001:db8:5:5::b'))
    const { app, port } = await listening({ clientAddress: addressesInTurn([...many, '::ffff:192.0.2.1', '192.0.2.1']) })
    const url = `ws://127.0.0.1:${port}/mqtt`
    const open = async (): Promise<{ ws: WebSocket; closed: Promise<void> }> => {
      const ws = new WebSocket(url, 'mqtt')
      ws.on('error', () => undefined)
      const done = new Promise<void>((resolve) => ws.once('close', () => resolve()))
      await new Promise((resolve) => ws.once('open', resolve))
      return { ws, closed: done }
    }
    const held = []
    for (let i = 0; i < MAX_UNAUTHENTICATED_PER_ADDRESS; i++) held.push(await open())
    const broker = app.broker.embedded!
    await until(() => broker.unauthenticatedFrom('2001:db8:5:5::/64') === MAX_UNAUTHENTICATED_PER_ADDRESS, SETTLE_MS, 'every socket to be counted')
    const refused = await open()
    await refused.closed
    // An IPv4 client and its mapped form are one address too.
    const v4 = [await open(), await open()]
    await until(() => broker.unauthenticatedFrom('192.0.2.1') === 2, SETTLE_MS, 'the IPv4 sockets to be counted as one address')
    for (const s of [...held, ...v4]) s.ws.terminate()
  })
})

describe('calls without a token, per address', () => {
  it('127.0.0.1 and ::ffff:127.0.0.1 share one count', async () => {
    const { app } = await makeApp({ limits: { apiPerMinute: 4 } })
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => call(app, 'GET', '/health', { ip: i % 2 ? '127.0.0.1' : '::ffff:127.0.0.1' })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 429, 429])
  })

  it('addresses of one /64 share one count; another /64 has its own', async () => {
    const { app } = await makeApp({ limits: { apiPerMinute: 4 } })
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => call(app, 'GET', '/health', { ip: `2001:db8:1:1:${i.toString(16)}::1` })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 429, 429])
    expect((await call(app, 'GET', '/health', { ip: '2001:db8:1:2::1' })).status).toBe(200)
  })
})

describe('SMS codes per address', () => {
  it('addresses of one /64, and an IPv4 address in both forms, share the hourly count', async () => {
    const { app } = await makeApp({ limits: { sms: { perIpHour: 2 } } })
    const send = (phone: string, ip: string) => call(app, 'POST', '/sms/code', { body: { username: `+86${phone}`, scene: 'login' }, ip })
    const v6 = await Promise.all(['13700137101', '13700137102', '13700137103'].map((phone, i) => send(phone, `2001:db8:2:2::${i + 1}`)))
    expect(v6.map((a) => a.status).sort()).toEqual([200, 200, 429])
    const v4 = await Promise.all(['13700137104', '13700137105', '13700137106'].map((phone, i) => send(phone, i % 2 ? '198.51.100.4' : '::ffff:198.51.100.4')))
    expect(v4.map((a) => a.status).sort()).toEqual([200, 200, 429])
  })
})
