/**
 * The low-severity inputs of docs/security.md "Connection and input limits": each gets its coded answer
 * (HTTP 200 with 100002 for bad input, 421 for a Host the server does not answer as), never a 5xx, and no
 * stack reaches the log — on SQLite and on PostgreSQL (where NUL in text is an error of the database).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:https'
import { connect, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { call, DEVICE, makeApp, passwordLogin, smsCode, type Pair } from '../support/helpers'

const TEACHER_PHONE = '13600136000'

/** A test app whose error log lines are kept. */
async function loggedApp() {
  const lines: string[] = []
  const t = await makeApp({ logger: { level: 'error' }, logStream: { write: (l: string) => void lines.push(l) } })
  return { ...t, lines }
}

/** One raw request over a socket (request targets inject() would not send as they are). */
async function raw(port: number, head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1')
    let data = ''
    s.on('data', (d) => (data += d.toString()))
    s.on('error', reject)
    s.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)))
    s.write(`${head}\r\nConnection: close\r\n\r\n`)
  })
}

describe('a Host or request target no URL parser takes', () => {
  it('gets no 500 and logs no stack: the pages and API are served, /oidc answers 421', async () => {
    const { app, lines } = await loggedApp()
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as AddressInfo).port
    for (const host of ['127.0.0.1:99999', `127.0.0.1:${port}0`, '[::1', '[::1]:70000']) {
      expect(await raw(port, `GET /api/health HTTP/1.1\r\nHost: ${host}`), host).toBe(200)
      expect(await raw(port, `GET /login HTTP/1.1\r\nHost: ${host}`), host).toBe(200)
      expect(await raw(port, `GET /oidc/.well-known/openid-configuration HTTP/1.1\r\nHost: ${host}`), host).toBe(421)
    }
    for (const target of ['//[', '//a:99999/', '/\\a:99999', '//[::1', '/login?x=//a:99999']) {
      const status = await raw(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}`)
      expect(status, target).toBeGreaterThanOrEqual(200)
      expect(status, target).toBeLessThan(500)
    }
    expect(lines.filter((l) => l.includes('"stack"'))).toEqual([])
  })
})

describe('NUL', () => {
  it('is refused with 100002 in a query, a sign-in body, an OAuth state, a device code and an organisation code', async () => {
    const { app, lines } = await loggedApp()
    const expectRefused = (r: { status: number; body: { code: number } }, what: string) => expect([r.status, r.body.code], what).toEqual([200, 100002])
    expectRefused(await call(app, 'GET', '/invite/check?code=%00'), 'invite code')
    expectRefused(await call(app, 'GET', '/invite/check?code=AB%00CD'), 'invite code inside')
    expectRefused(await call(app, 'POST', '/login', { body: { username: '13800138000', password: 'x', ...DEVICE, deviceCode: 'a\u0000b' } }), 'deviceCode')
    expectRefused(await call(app, 'POST', '/login/oauth', { body: { payload: { code: 'c', state: 's\u0000', redirectUri: 'http://127.0.0.1/login' }, ...DEVICE } }), 'OAuth state')
    const teacher = await passwordLogin(app, { deviceCode: 'teacher' }, TEACHER_PHONE)
    const task = { orgCode: 'DEMO', grade: '七年级', className: '2班', title: 't', brief: 'b', publisherName: '李老师' }
    expectRefused(await call(app, 'POST', '/tasks', { token: teacher.token, body: { ...task, orgCode: 'DE\u0000MO' } }), 'orgCode')
    expectRefused(await call(app, 'PUT', '/auth/student/improve', { body: { orgCode: '\u0000' } }), 'improve orgCode')
    expect(lines.filter((l) => l.includes('"stack"'))).toEqual([])
  })
})

describe('integers', () => {
  it("have maxima: a task's dueAt of 1e308 or \"Infinity\" is refused with 100002", async () => {
    const { app, lines } = await loggedApp()
    const teacher = await passwordLogin(app, { deviceCode: 'teacher' }, TEACHER_PHONE)
    const task = { orgCode: 'DEMO', grade: '七年级', className: '2班', title: 't', brief: 'b', publisherName: '李老师' }
    for (const dueAt of [1e308, 'Infinity', 4_102_444_800_001, -1, 1.5]) {
      const r = await call(app, 'POST', '/tasks', { token: teacher.token, body: { ...task, dueAt } })
      expect([r.status, r.body.code], String(dueAt) + JSON.stringify(r.body)).toEqual([200, 100002])
    }
    const ok = await call(app, 'POST', '/tasks', { token: teacher.token, body: { ...task, dueAt: 4_102_444_800_000 } })
    expect(ok.body.code).toBe(0)
    expect(lines.filter((l) => l.includes('"stack"'))).toEqual([])
  })
})

describe('names and other text a person reads', () => {
  const BLANK = ['\u061C', '\u200B', '\u2028', '\u2029', '\uFEFF', '\u034F', '\u180E', '\u115F', '\u3164', '\uD800', '\uDC00', '\u0000', '\u0007', '\u0085', '\u202E', '\u2066', '\u00AD', '\uFE0F']
  it('refuse controls, format and default-ignorable characters, line and paragraph separators and lone surrogates', async () => {
    const { app } = await makeApp()
    const me = await passwordLogin(app)
    for (const ch of BLANK) {
      for (const name of [`小${ch}明`, ch, `${ch}${ch}`]) {
        const r = await call(app, 'PUT', '/auth/student/profile', { token: me.token, body: { name, grade: '七年级', className: '2班' } })
        expect([r.status, r.body.code], `U+${ch.codePointAt(0)!.toString(16)}`).toEqual([200, 100002])
      }
      const cls = await call(app, 'PUT', '/auth/student/profile', { token: me.token, body: { name: '小明', grade: '七年级', className: `2${ch}班` } })
      expect(cls.body.code, `class U+${ch.codePointAt(0)!.toString(16)}`).toBe(100002)
    }
  })

  it('keep letters of every script and emoji with their presentation selector and joiners', async () => {
    const { app } = await makeApp()
    const me = await passwordLogin(app)
    for (const name of ['小明', 'Zoë', 'علي', '❤️小明', '👨‍👩‍👧', '🏳️‍🌈', 'O\u2019Neil']) {
      const r = await call(app, 'PUT', '/auth/student/profile', { token: me.token, body: { name, grade: '七年级', className: '2班' } })
      expect(r.body.code, name).toBe(0)
    }
  })
})

describe('HSTS', () => {
  it('is on every answer of a server speaking TLS itself, the sign-in provider (/oidc) included', async () => {
    const certDir = mkdtempSync(join(tmpdir(), 'habor-tls-'))
    try {
      const key = join(certDir, 'key.pem')
      const cert = join(certDir, 'cert.pem')
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
      const { app } = await makeApp({ https: { cert: readFileSync(cert), key: readFileSync(key) } })
      await app.listen({ port: 0, host: '127.0.0.1' })
      const port = (app.server.address() as AddressInfo).port
      const hsts = (path: string) =>
        new Promise<[number, string | undefined]>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, path, ca: readFileSync(cert) }, (res) => {
            res.resume()
            resolve([res.statusCode ?? 0, res.headers['strict-transport-security'] as string | undefined])
          })
          req.on('error', reject)
          req.end()
        })
      for (const path of ['/oidc/.well-known/openid-configuration', '/oidc/jwks', '/oidc/auth?client_id=x', '/api/health', '/login', '/api/unknown']) {
        const [status, header] = await hsts(path)
        expect(header, `${path} ${status}`).toMatch(/^max-age=\d+; includeSubDomains$/)
      }
      // Over plain HTTP there is none (a phone on a plain-http LAN would be locked out).
      const plain = await makeApp()
      expect((await plain.app.inject({ url: '/oidc/.well-known/openid-configuration' })).headers['strict-transport-security']).toBeUndefined()
    } finally {
      rmSync(certDir, { recursive: true, force: true })
    }
  })
})

describe('parallel improve steps of one new account', () => {
  it('finish it once; the others get the 401 of a spent registration token, on SQLite and PostgreSQL alike', async () => {
    const { app, lines } = await loggedApp()
    const phone = '13712345678'
    const code = await smsCode(app, phone)
    const reg = await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${phone}`, code, isAdmin: false, ...DEVICE } })
    const temp = reg.body.data.token
    expect((await call(app, 'PUT', '/auth/user/password/reset', { token: temp, body: { password: 'NewPassw0rd' } })).body.code).toBe(0)
    const improve = { name: '李雷', grade: '七年级', className: '2班', orgCode: 'DEMO' }
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(app, 'PUT', '/auth/student/improve', { token: temp, body: improve })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401])
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1)
    expect(await app.db.selectFrom('students').innerJoin('users', 'users.id', 'students.user_id').select('students.id').where('users.phone', 'like', `%${phone}`).execute()).toHaveLength(1)
    expect(lines.filter((l) => l.includes('"stack"'))).toEqual([])
  })
})
