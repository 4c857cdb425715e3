/** The OAuth redirect flow over real HTTP: authorize → demo sign-in form → callback URL → /login/oauth. */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, fetch as undiciFetch } from 'undici'
import { describe, expect, it } from 'vitest'
import { call, DEVICE, makeApp, smsCode, type TestApp } from '../support/helpers'
import { viewLang } from '../../../server/oidc/embedded'

/** A tiny browser: follows redirects by hand and keeps cookies (path scoping is not needed here). */
class Browser {
  private readonly jar = new Map<string, string>()
  constructor(
    readonly origin: string,
    private readonly fetch: typeof globalThis.fetch = globalThis.fetch,
  ) {}

  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ status: number; location: string | null; text: string }> {
    const res = await this.fetch(new URL(url, this.origin), {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair!.indexOf('=')
      this.jar.set(pair!.slice(0, i), pair!.slice(i + 1))
    }
    return { status: res.status, location: res.headers.get('location'), text: await res.text() }
  }

  /** Follows redirects until one leaves for the app's /login callback or a page renders. */
  async follow(url: string, init?: { method?: string; form?: Record<string, string> }): Promise<{ url: string; text: string; status: number }> {
    let r = await this.go(url, init)
    let at = url
    for (let hops = 0; r.location && hops < 10; hops++) {
      at = new URL(r.location, new URL(at, this.origin)).href
      if (new URL(at).pathname === '/login') return { url: at, text: '', status: r.status }
      r = await this.go(at)
    }
    return { url: at, text: r.text, status: r.status }
  }
}

async function listening(): Promise<TestApp & { origin: string }> {
  const t = await makeApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  return { ...t, origin: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` }
}

async function signIn(origin: string, app: TestApp['app'], login: string, password = 'Passw0rd!') {
  const redirectUri = `${origin}/login`
  const start = await call<{ url: string; state: string }>(app, 'GET', `/oauth/url?redirectUri=${encodeURIComponent(redirectUri)}`, { headers: { host: new URL(origin).host } })
  expect(start.body.code).toBe(0)
  expect(start.body.data.url.startsWith(`${origin}/oidc/auth?`)).toBe(true)
  const browser = new Browser(origin)
  const form = await browser.follow(start.body.data.url)
  expect(form.status).toBe(200)
  expect(form.text).toContain('<html lang="zh-Hans">')
  expect(form.text).toContain('统一身份认证')
  expect(form.text).toContain('<label for="login">用户名</label>')
  const action = /action="([^"]+)"/.exec(form.text)![1]!
  const wrong = await browser.follow(action, { method: 'POST', form: { login, password: 'wrong' } })
  expect(wrong.text).toContain('用户名或密码不正确')
  const back = await browser.follow(action, { method: 'POST', form: { login, password } })
  const callback = new URL(back.url)
  expect(callback.origin + callback.pathname).toBe(redirectUri)
  expect(callback.searchParams.get('state')).toBe(start.body.data.state)
  return { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')!, redirectUri }
}

describe('OIDC login through the embedded provider', () => {
  it('reader (linked to the demo student): straight to Home', async () => {
    const t = await listening()
    const payload = await signIn(t.origin, t.app, 'reader')
    const r = await call<{ isReg: boolean; isPhone: boolean; isPassword: boolean; token: string }>(t.app, 'POST', '/login/oauth', { body: { payload, isAdmin: false, ...DEVICE } })
    expect(r.body).toMatchObject({ code: 0, data: { isReg: false, isPhone: true, isPassword: true } })
    const profile = await call<{ name: string }>(t.app, 'GET', '/auth/student', { token: r.body.data.token })
    expect(profile.body.data.name).toBe('Demo Student')
    // The code and the state are single-use.
    expect((await call(t.app, 'POST', '/login/oauth', { body: { payload, isAdmin: false, ...DEVICE } })).body).toMatchObject({ code: 100002, msg: expect.stringContaining('payload.state') })
  })

  it('newcomer (no account): no phone → Bind → Improve → Home; signing in again finds the account', async () => {
    const t = await listening()
    const payload = await signIn(t.origin, t.app, 'newcomer')
    const first = await call<{ isReg: boolean; isPhone: boolean; isPassword: boolean; token: string }>(t.app, 'POST', '/login/oauth', { body: { payload, isAdmin: false, ...DEVICE } })
    expect(first.body).toMatchObject({ code: 0, data: { isReg: true, isPhone: false, isPassword: false } })
    const phone = '13300133000'
    const bound = await call<{ isReg: boolean; token: string }>(t.app, 'POST', '/login/oauth/binding', { token: first.body.data.token, body: { username: `+86${phone}`, payload: await smsCode(t.app, phone, 'bind'), isAdmin: false, ...DEVICE } })
    expect(bound.body).toMatchObject({ code: 0, data: { isReg: true, isPhone: true } })
    const done = await call(t.app, 'PUT', '/auth/student/improve', { token: bound.body.data.token, body: { name: 'New Comer', grade: 'Grade 6', className: 'Class 4', orgCode: 'DEMO' } })
    expect(done.body.code).toBe(0)

    const again = await signIn(t.origin, t.app, 'newcomer')
    const second = await call(t.app, 'POST', '/login/oauth', { body: { payload: again, isAdmin: false, ...DEVICE } })
    expect(second.body).toMatchObject({ code: 0, data: { isReg: false, isPhone: true, isPassword: false } })
  })

  it('refuses a forged code and a mismatched redirect URI', async () => {
    const t = await listening()
    const payload = await signIn(t.origin, t.app, 'reader')
    expect((await call(t.app, 'POST', '/login/oauth', { body: { payload: { ...payload, redirectUri: `${t.origin}/elsewhere` }, isAdmin: false, ...DEVICE } })).body.code).toBe(100002)
    const fresh = await signIn(t.origin, t.app, 'reader')
    const forged = await call(t.app, 'POST', '/login/oauth', { body: { payload: { ...fresh, code: 'forged' }, isAdmin: false, ...DEVICE } })
    expect(forged.body).toMatchObject({ code: 100002, msg: expect.stringContaining('payload.code') })
    expect((await call(t.app, 'GET', '/oauth/url?redirectUri=https%3A%2F%2Fevil.example%2Fsteal')).body.code).toBe(100002)
  })
})

describe('OIDC login on a server speaking TLS itself', () => {
  it('signs in end to end over https: the in-process discovery sees the same https issuer the Login page was sent to', async () => {
    const certDir = mkdtempSync(join(tmpdir(), 'habor-oidc-tls-'))
    const agent = { close: async () => {} } as Pick<Agent, 'close'>
    try {
      const keyFile = join(certDir, 'key.pem')
      const certFile = join(certDir, 'cert.pem')
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
      const cert = readFileSync(certFile)
      const t = await makeApp({ https: { cert, key: readFileSync(keyFile) } })
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      const origin = `https://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
      // The browser trusts the test's certificate, and only it.
      const trusting = new Agent({ connect: { ca: cert } })
      agent.close = () => trusting.close()
      const tlsFetch = ((url: string | URL, init?: RequestInit) => undiciFetch(url, { ...(init as object), dispatcher: trusting })) as unknown as typeof globalThis.fetch
      const api = async <T>(method: 'GET' | 'POST', path: string, body?: unknown) => {
        const res = await tlsFetch(`${origin}/api${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined })
        return (await res.json()) as { code: number; msg?: string; data: T }
      }

      const redirectUri = `${origin}/login`
      const start = await api<{ url: string; state: string }>('GET', `/oauth/url?redirectUri=${encodeURIComponent(redirectUri)}`)
      expect(start).toMatchObject({ code: 0 })
      expect(start.data.url.startsWith(`${origin}/oidc/auth?`)).toBe(true)
      const browser = new Browser(origin, tlsFetch)
      const form = await browser.follow(start.data.url)
      expect(form.status).toBe(200)
      const action = /action="([^"]+)"/.exec(form.text)![1]!
      const back = await browser.follow(action, { method: 'POST', form: { login: 'reader', password: 'Passw0rd!' } })
      const callback = new URL(back.url)
      expect(callback.origin + callback.pathname).toBe(redirectUri)
      const payload = { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')!, redirectUri }
      const r = await api<{ isReg: boolean; token: string }>('POST', '/login/oauth', { payload, isAdmin: false, ...DEVICE })
      expect(r).toMatchObject({ code: 0, data: { isReg: false } })
      const profile = await call<{ name: string }>(t.app, 'GET', '/auth/student', { token: r.data.token })
      expect(profile.body.data.name).toBe('Demo Student')
    } finally {
      await agent.close()
      rmSync(certDir, { recursive: true, force: true })
    }
  })
})

describe('the in-process OAuth client on a server speaking TLS itself', () => {
  it('believes only its own certificate: a listener showing another one gets no discovery', async () => {
    const certDir = mkdtempSync(join(tmpdir(), 'habor-oidc-pin-'))
    try {
      const made = (name: string) => {
        const keyFile = join(certDir, `${name}-key.pem`)
        const certFile = join(certDir, `${name}-cert.pem`)
        execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
        return { cert: readFileSync(certFile), key: readFileSync(keyFile) }
      }
      const served = made('served')
      const lines: string[] = []
      const t = await makeApp({ https: served, logger: { level: 'error' }, logStream: { write: (l: string) => void lines.push(l) } })
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      const origin = `https://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
      // The listener shows `served`; the client is told to expect another certificate.
      t.app.config.https = made('other')
      const trusting = new Agent({ connect: { ca: served.cert } })
      try {
        const res = await undiciFetch(`${origin}/api/oauth/url?redirectUri=${encodeURIComponent(`${origin}/login`)}`, { dispatcher: trusting })
        expect(((await res.json()) as { code: number }).code).toBe(100500)
      } finally {
        await trusting.close()
      }
      expect(lines.join('\n')).toContain('own listener: unexpected certificate')
    } finally {
      rmSync(certDir, { recursive: true, force: true })
    }
  })
})

describe('the sign-in screen language', () => {
  it.each([
    [undefined, undefined, 'zh-Hans'],
    [undefined, 'zh-CN,zh;q=0.9,en;q=0.8', 'zh-Hans'],
    [undefined, 'en-US,en;q=0.9', 'en'],
    ['en', 'zh-CN', 'en'],
    ['zh-Hans en', 'en-US', 'zh-Hans'],
    ['', 'en-GB', 'en'],
  ] as const)('ui_locales %s, Accept-Language %s → %s', (ui, accept, expected) => {
    expect(viewLang(ui, accept)).toBe(expected)
  })
})
