/**
 * Attacks tried from outside, each against the server over HTTP (a listening port or inject): Host
 * headers the server does not answer as, the dev outbox and the broker's auth calls from other machines,
 * responses that carry tokens kept by caches.
 */
import { request } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { describe, expect, it, vi } from 'vitest'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { wavFile } from '../../support/wav'
import { call, DEVICE, makeApp, PASSWORD, passwordLogin, smsCode, STUDENT_PHONE } from '../support/helpers'
import type { BuildInput } from '../../../server/config'
import { optionsFromEnv } from '../../../server/env'

/** A GET over a real socket with any Host header (fetch() would not send a chosen Host). */
function get(port: number, path: string, host?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: host ? { host } : {} }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('Host headers the server does not answer as', () => {
  it('refuses /oidc and /api/oauth/url for any other Host (421, coded) and serves loopback', async () => {
    const { app } = await makeApp()
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as { port: number }).port
    const discovery = '/oidc/.well-known/openid-configuration'
    const hosts = Array.from({ length: 50 }, (_, i) => `attacker-${i}.example:${port}`)
    const answers = await Promise.all(hosts.map((host) => get(port, discovery, host)))
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(421))
    expect(JSON.parse(answers[0]!.body)).toEqual({ code: 100002, msg: 'host: not served here', data: null })
    // The same name at another port of this machine is another origin, refused too.
    expect((await get(port, discovery, `127.0.0.1:${port + 1}`)).status).toBe(421)
    const ok = await get(port, discovery)
    expect(ok.status).toBe(200)
    expect((JSON.parse(ok.body) as { issuer: string }).issuer).toBe(`http://127.0.0.1:${port}/oidc`)
    const url = await get(port, `/api/oauth/url?redirectUri=${encodeURIComponent('http://evil.example/login')}`, `evil.example:${port}`)
    expect(url.status).toBe(421)
  })

  it('never answers 500 to a Host with separators, and never reflects it', async () => {
    const { app } = await makeApp()
    for (const host of ['a;b', 'a,b', "x'y", 'evil.example']) {
      for (const url of ['/login', '/share/opus?id=demo-opus', '/api/health']) {
        const res = await app.inject({ method: 'GET', url, headers: { host } })
        expect(res.statusCode, `${host} ${url}`).toBeLessThan(500)
        expect(String(res.headers['content-security-policy'] ?? '')).not.toContain(host)
        expect(res.body).not.toContain(host)
      }
    }
  })

  it('limits the rate of sign-in provider requests', async () => {
    const { app } = await makeApp({ limits: { authPerMinute: 5 } })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    // A parallel burst past the limit is refused too (the limiter errs on the side of refusing).
    const burst = await Promise.all(Array.from({ length: 8 }, () => app.inject({ method: 'POST', url: '/oidc/interaction/x/login', payload: 'login=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } })))
    expect(burst.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(3)
  })
})

describe('the dev SMS outbox', () => {
  it('answers loopback only, and behind a trusted proxy the forwarded address counts', async () => {
    const { app } = await makeApp()
    await call(app, 'POST', '/sms/code', { body: { username: STUDENT_PHONE, scene: 'login' } })
    const url = `/api/dev/sms/outbox?phone=${STUDENT_PHONE}`
    expect((await app.inject({ method: 'GET', url, remoteAddress: '192.168.1.20' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).json()).toMatchObject({ code: 0 })

    const proxied = (await makeApp({ trustProxy: 1 })).app
    await call(proxied, 'POST', '/sms/code', { body: { username: STUDENT_PHONE, scene: 'login' } })
    const far = await proxied.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '10.0.0.5' } })
    expect(far.statusCode).toBe(404)
    expect(far.json()).toMatchObject({ code: 100404, data: null })
  })

  it('reads nothing for a forged X-Forwarded-For or Forwarded, whatever TRUST_PROXY says', async () => {
    for (const trustProxy of [false, 1, 'loopback'] as const) {
      const { app } = await makeApp({ trustProxy })
      await call(app, 'POST', '/sms/code', { body: { username: STUDENT_PHONE, scene: 'login' } })
      const url = `/api/dev/sms/outbox?phone=${STUDENT_PHONE}`
      const forged = [{ 'x-forwarded-for': '127.0.0.1' }, { 'x-forwarded-for': '::1' }, { 'x-forwarded-for': '::ffff:127.0.0.1' }, { 'x-forwarded-for': '127.0.0.1, 127.0.0.1' }, { forwarded: 'for=127.0.0.1' }]
      for (const remoteAddress of ['127.0.0.1', '203.0.113.9']) {
        for (const headers of forged) {
          const r = await app.inject({ method: 'GET', url, remoteAddress, headers })
          expect([r.statusCode, r.json().code], `${String(trustProxy)} ${remoteAddress} ${JSON.stringify(headers)}`).toEqual([404, 100404])
        }
      }
    }
  })
})

describe('TRUST_PROXY', () => {
  it('=true is refused at start with a message; a hop count and an address list remain', async () => {
    expect(() => optionsFromEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would believe the left-most X-Forwarded-For.*number of proxies/s)
    await expect(makeApp({ trustProxy: true })).rejects.toThrow(/TRUST_PROXY=true/)
    expect(optionsFromEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(optionsFromEnv({ TRUST_PROXY: 'loopback,10.0.0.0/8' }).trustProxy).toBe('loopback,10.0.0.0/8')
  })

  it('behind one proxy, a forged left-most X-Forwarded-For moves no per-address count', async () => {
    const { app } = await makeApp({ trustProxy: 1, limits: { authPerMinute: 3, sms: { perIpHour: 2, intervalSeconds: 0 } } })
    // What nginx with $proxy_add_x_forwarded_for sends for a client at 203.0.113.7 that wrote its own value.
    const via = (forged: string) => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` } })
    const body = { username: '13700137000', password: PASSWORD, ...DEVICE }
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await app.inject({ method: 'POST', url: '/api/login', payload: body, ...via(`10.9.9.${i}`) })).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
    // Another client behind the same proxy has its own count.
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: body, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } })).statusCode).toBe(200)

    const sms = await makeApp({ trustProxy: 1, limits: { sms: { perIpHour: 2, intervalSeconds: 0 } } })
    const codes: number[] = []
    for (const [i, phone] of ['13700137001', '13700137002', '13700137003'].entries()) {
      const r = await sms.app.inject({ method: 'POST', url: '/api/sms/code', payload: { username: phone, scene: 'login' }, ...via(`10.8.8.${i}`) })
      codes.push(r.json<{ code: number }>().code)
    }
    expect(codes.slice(0, 2)).toEqual([0, 0])
    expect(codes[2]).not.toBe(0)
  })
})

describe("the external broker's auth calls", () => {
  const body = { username: 'habor', password: 'x', clientid: 'c' }
  it('answer only loopback by default', async () => {
    const { app } = await makeApp({ mqtt: { url: 'mqtt://127.0.0.1:1' } })
    expect((await app.inject({ method: 'POST', url: '/api/broker/auth', payload: body, remoteAddress: '10.1.2.3' })).statusCode).toBe(403)
    expect((await app.inject({ method: 'POST', url: '/api/broker/auth', payload: body, remoteAddress: '127.0.0.1' })).statusCode).toBe(200)
  })
  it('answer no loopback call that was forwarded, whatever TRUST_PROXY says', async () => {
    for (const trustProxy of [false, 1] as const) {
      const { app } = await makeApp({ trustProxy, mqtt: { url: 'mqtt://127.0.0.1:1' } })
      for (const headers of [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }]) {
        for (const path of ['/api/broker/auth', '/api/broker/acl']) {
          expect((await app.inject({ method: 'POST', url: path, payload: { ...body, topic: 't' }, remoteAddress: '127.0.0.1', headers })).statusCode, `${path} ${JSON.stringify(headers)}`).toBe(403)
        }
      }
    }
  })
  it('with a shared secret, answer only calls that carry it', async () => {
    const { app } = await makeApp({ mqtt: { url: 'mqtt://127.0.0.1:1', authSecret: 'broker-secret-1' } })
    expect((await app.inject({ method: 'POST', url: '/api/broker/acl', payload: { topic: 't' }, remoteAddress: '127.0.0.1' })).statusCode).toBe(403)
    const ok = await app.inject({ method: 'POST', url: '/api/broker/acl', payload: { topic: 't' }, remoteAddress: '10.1.2.3', headers: { 'x-broker-secret': 'broker-secret-1' } })
    expect(ok.statusCode).toBe(200)
  })
})

describe('caches', () => {
  it('are told not to keep answers with tokens or profile data', async () => {
    const { app } = await makeApp()
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: STUDENT_PHONE, password: PASSWORD, ...DEVICE } })
    expect(login.headers['cache-control']).toBe('no-store')
    const token = (login.json() as { data: { token: string } }).data.token
    const profile = await app.inject({ method: 'GET', url: '/api/auth/student?appId=jsj-habor', headers: { authorization: `Bearer ${token}` } })
    expect(profile.headers['cache-control']).toBe('no-store')
  })
})

describe('slow clients', () => {
  /** The port of a new app (makeApp with `over`) listening on loopback. */
  async function listening(over: BuildInput): Promise<number> {
    const { app } = await makeApp(over)
    await app.listen({ port: 0, host: '127.0.0.1' })
    return (app.server.address() as AddressInfo).port
  }

  /** A bare TCP connection to `port`: the server closing it is what these tests wait for, not an error. */
  function rawConnection(port: number): Socket {
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    return socket
  }

  /** POSTs `body` to /api/login on `port` in 10 chunks, `gapMs` apart; the answer's status. */
  function loginInChunks(port: number, body: string, gapMs: number): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/login', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      const chunk = Math.ceil(body.length / 10)
      let sent = 0
      const next = () => {
        req.write(body.slice(sent, sent + chunk))
        sent += chunk
        if (sent >= body.length) req.end()
        else setTimeout(next, gapMs)
      }
      next()
    })
  }

  /** Resolves with the milliseconds until the server closed the socket, or -1 when it is still open at `giveUpMs`. */
  function closedAfter(socket: Socket, giveUpMs: number): Promise<number> {
    const start = performance.now()
    return new Promise((resolve) => {
      const bound = setTimeout(() => resolve(-1), giveUpMs)
      socket.on('close', () => {
        clearTimeout(bound)
        resolve(performance.now() - start)
      })
    })
  }

  /** Stops the whole process for `ms`, the client's timers with it: what the server does when it is itself stalled. */
  function stallProcess(ms: number): void {
    const until = performance.now() + ms
    while (performance.now() < until) {
      // a stalled process: the client's writes wait in the server's socket, unread
    }
  }

  /** A login whose body will take long to arrive: its head and the start of its JSON. */
  const LONG_BODY_HEAD = 'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"padding":"'

  /** Writes `head`, then `byte` every `everyMs`; the milliseconds until the server closed the socket (-1: open after 6 s). */
  async function closedWhileDripping(socket: Socket, head: string, byte: string, everyMs: number): Promise<number> {
    socket.write(head)
    const drip = setInterval(() => socket.writable && socket.write(byte), everyMs)
    try {
      return await closedAfter(socket, 6000)
    } finally {
      clearInterval(drip)
    }
  }

  it('close a socket that trickles its headers, after the header deadline', async () => {
    const socket = rawConnection(await listening({ timeouts: { headersMs: 1000, idleMs: 5000, requestMs: 10_000 } }))
    const closed = await closedWhileDripping(socket, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X', 200)
    expect(closed).toBeGreaterThan(900)
    expect(closed).toBeLessThan(4000)
  })

  it('close a connection that sends nothing, after the idle deadline', async () => {
    const socket = rawConnection(await listening({ timeouts: { headersMs: 5000, idleMs: 1000, requestMs: 10_000 } }))
    const closed = await closedAfter(socket, 6000)
    expect(closed).toBeGreaterThan(900)
    expect(closed).toBeLessThan(4000)
  })

  it('close a body that trickles under the minimum rate within one window; a steady body at the same rate rule finishes', async () => {
    const port = await listening({ timeouts: { headersMs: 5000, idleMs: 30_000, requestMs: 30_000, bodyWindowMs: 500, bodyMinBytes: 1000 } })
    const head = 'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{'
    // 10 bytes a second: under 1000 bytes per 500 ms.
    const closed = await closedWhileDripping(rawConnection(port), head, ' ', 100)
    expect(closed).toBeGreaterThan(400)
    expect(closed).toBeLessThan(3000)

    // 60 KB in 10 chunks, one every 150 ms: 6 KB per window and more.
    const body = JSON.stringify({ username: STUDENT_PHONE, password: PASSWORD, ...DEVICE, padding: 'x'.repeat(60_000) })
    const status = await loginInChunks(port, body, 150)
    expect(status).toBe(200)
  })

  it('do not blame a steady body for a window the server itself spent stalled', async () => {
    const { app } = await makeApp({ timeouts: { headersMs: 5000, idleMs: 30_000, requestMs: 30_000, bodyWindowMs: 200, bodyMinBytes: 1000 } })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const begins = new Promise((resolve) => app.server.once('request', resolve))
    const socket = rawConnection((app.server.address() as AddressInfo).port)
    socket.write(LONG_BODY_HEAD)
    await begins
    // The request's hooks, which start the rate's windows, have run by the loop's next turn.
    await new Promise((resolve) => setImmediate(resolve))
    // 2 KB every 50 ms: ten times the minimum rate. Its writes are due every 50 ms of the loop's time.
    const steady = setInterval(() => socket.writable && socket.write('x'.repeat(2000)), 50)
    try {
      // The whole process stops for three windows, the client's timers with it. When it resumes, the
      // client's due write and the server's due check run in the same turn, before the loop reads sockets.
      stallProcess(700)
      // Two more windows of the loop's own time, waited for by the loop's clock.
      expect(await closedAfter(socket, 500)).toBe(-1)
    } finally {
      clearInterval(steady)
      socket.destroy()
    }
  })

  it('do not call a connection idle for a gap the server itself spent stalled, before or during its body', async () => {
    // The idle deadline alone: the body's rate windows are longer than the test.
    const { app } = await makeApp({ timeouts: { headersMs: 5000, idleMs: 300, requestMs: 30_000, bodyWindowMs: 20_000, bodyMinBytes: 1 } })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const accepted = new Promise((resolve) => app.server.once('connection', resolve))
    const socket = rawConnection((app.server.address() as AddressInfo).port)
    const closed = new Promise<string>((resolve) => socket.once('close', () => resolve('closed')))
    await accepted
    // The server took the connection, so its idle timer runs. The head is sent, and the whole process stops
    // for more than two deadlines before the server reads it: when it resumes, the timer is due before the
    // loop reads the bytes waiting for it.
    socket.write(LONG_BODY_HEAD)
    stallProcess(700)
    const began = new Promise<string>((resolve) => app.server.once('request', () => resolve('request')))
    expect(await Promise.race([began, closed])).toBe('request')
    // 2 KB every 50 ms, and the same stall in the middle of the body.
    const steady = setInterval(() => socket.writable && socket.write('x'.repeat(2000)), 50)
    try {
      await new Promise((resolve) => setTimeout(resolve, 100))
      stallProcess(700)
      expect(await closedAfter(socket, 600)).toBe(-1)
    } finally {
      clearInterval(steady)
      socket.destroy()
    }
  })

  it('hold at most limits.connectionsPerAddress connections of one address; a trusted proxy is not counted', async () => {
    const opened = async (port: number, n: number) =>
      Promise.all(
        Array.from({ length: n }, async () => {
          const s = rawConnection(port)
          await new Promise((resolve) => s.once('connect', resolve))
          return s
        }),
      )
    const port = await listening({ limits: { connectionsPerAddress: 3 } })
    const three = await opened(port, 3)
    const [fourth] = await opened(port, 1)
    expect(await closedAfter(fourth!, 3000)).toBeGreaterThanOrEqual(0)
    expect(three.every((s) => !s.destroyed && s.readyState === 'open')).toBe(true)
    // One closes: a new connection is served.
    three[0]!.destroy()
    // Served once the server has seen the close: a wait for that, not for a time.
    await vi.waitFor(async () => expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200), { timeout: 10_000, interval: 20 })
    for (const s of three) s.destroy()

    const proxied = await listening({ trustProxy: 'loopback', limits: { connectionsPerAddress: 3 } })
    const behind = await opened(proxied, 6)
    const res = await fetch(`http://127.0.0.1:${proxied}/api/health`)
    expect(res.status).toBe(200)
    expect(behind.every((s) => s.readyState === 'open')).toBe(true)
    for (const s of behind) s.destroy()
  })

  it('let a slow but steady upload finish although it takes longer than the idle deadline', async () => {
    const port = await listening({ timeouts: { headersMs: 1000, idleMs: 800, requestMs: 10_000 } })
    const body = JSON.stringify({ username: STUDENT_PHONE, password: PASSWORD, ...DEVICE, padding: 'x'.repeat(60_000) })
    const started = performance.now()
    // 10 chunks, one every 300 ms: about 3 s in all, each gap well inside the idle deadline.
    const status = await loginInChunks(port, body, 300)
    expect(performance.now() - started).toBeGreaterThan(2500)
    expect(status).toBe(200)
  })
})

describe('recording uploads', () => {
  const AUDIO = wavFile(1500)
  const upload = (app: Parameters<typeof call>[0], token: string) =>
    app.inject({ method: 'POST', url: '/api/cards/audio', payload: AUDIO, headers: { 'content-type': 'audio/wav', 'x-duration-ms': '1500', authorization: `Bearer ${token}` } })

  it('are refused to a half-registered account holding only its registration token', async () => {
    const { app } = await makeApp()
    const code = await smsCode(app, '13600136009')
    const reg = await call<{ token: string }>(app, 'POST', '/login/sms', { body: { username: '13600136009', code, isAdmin: false, ...DEVICE } })
    const res = await upload(app, reg.body.data.token)
    expect(res.json()).toMatchObject({ code: 200004, msg: 'upload: finish the profile first' })
  })

  it('are held at most five at a time per account when no card took them, even sent in parallel, and swept after three hours', async () => {
    const { app, clock, dir } = await makeApp()
    const { token } = await passwordLogin(app)
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(app, token)))
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5)
    expect(answers.filter((a) => a.statusCode === 429).map((a) => a.json().data.reason)).toEqual(['upload-quota', 'upload-quota', 'upload-quota'])
    const ids = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.audioId as string)
    expect(readdirSync(join(dir, 'cards')).sort()).toEqual([...ids].sort())

    clock.advance(3 * 3600_000)
    expect((await upload(app, (await passwordLogin(app)).token)).statusCode).toBe(200)
    // The five old ones are gone, files included; the new one stays.
    expect(readdirSync(join(dir, 'cards'))).toHaveLength(1)
  })
})

describe('text other people see', () => {
  it('refuses NUL, control and bidirectional-override characters in names and cards, and keeps line breaks in a message', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const code = await smsCode(app, '13600136010')
    const temp = (await call<{ token: string }>(app, 'POST', '/login/sms', { body: { username: '13600136010', code, isAdmin: false, ...DEVICE } })).body.data.token
    for (const name of ['Ann\u0000', 'evil\u202Egnp.exe', 'a\u2066b', 'line\nbreak']) {
      const r = await call(app, 'PUT', '/auth/student/improve', { token: temp, body: { name, grade: '八年级', className: '1班', orgCode: 'DEMO' } })
      expect(r.body.code, JSON.stringify(name)).toBe(100002)
    }
    expect((await call(app, 'PUT', '/auth/student/improve', { token: temp, body: { name: '李四', grade: '八年级', className: '1班', orgCode: 'DEMO' } })).body.code).toBe(0)
    expect((await call(app, 'POST', '/cards', { token, body: { design: 'garden', to: 'Mum\u202E', message: 'hi' } })).body.code).toBe(100002)
    expect((await call(app, 'POST', '/cards', { token, body: { design: 'garden', message: 'hi\u0000' } })).body.code).toBe(100002)
    expect((await call(app, 'POST', '/cards', { token, body: { design: 'garden', to: '妈妈', message: '第一行\n第二行' } })).body.code).toBe(0)
  })
})
