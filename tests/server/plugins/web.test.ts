import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { call, DEVICE, makeApp, PASSWORD, STUDENT_PHONE } from '../support/helpers'

describe('the built app', () => {
  it('serves index.html for app routes with no-cache and security headers', async () => {
    const { app } = await makeApp()
    for (const url of ['/', '/home', '/share/opus?id=demo-opus', '/2023/report']) {
      const r = await app.inject({ url, headers: { accept: 'text/html' } })
      expect(r.statusCode).toBe(200)
      expect(r.headers['content-type']).toContain('text/html')
      expect(r.headers['cache-control']).toBe('no-cache')
      expect(r.body).toContain('<div id="root">')
      const csp = String(r.headers['content-security-policy'])
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("frame-ancestors 'self'")
      expect(csp).toMatch(/connect-src 'self' ws:\/\/localhost wss:\/\/localhost/)
      expect(csp).toContain('img-src \'self\' data: blob:')
      // The live channel's keep-alive timer runs in a worker made from a blob: URL.
      expect(csp).toContain("worker-src 'self' blob:")
      expect(csp).not.toContain('upgrade-insecure-requests')
      expect(r.headers['x-content-type-options']).toBe('nosniff')
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      // Without Sec-Fetch-Site (an older browser) the opener policy is sent (docs/security.md "Page headers").
      expect(r.headers['cross-origin-opener-policy']).toBe('same-origin')
      expect(String(r.headers.vary)).toContain('Sec-Fetch-Site')
      expect(r.headers['strict-transport-security']).toBeUndefined()
    }
  })

  it('sends the opener policy to every navigation another page may have started, and not to one the browser started itself', async () => {
    const { app } = await makeApp()
    for (const url of ['/login', '/home', '/download', '/share/opus?id=demo-opus']) {
      const coop = async (site: string) =>
        (await app.inject({ url, headers: { accept: 'text/html', 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } })).headers['cross-origin-opener-policy']
      for (const site of ['cross-site', 'same-site', 'same-origin', 'something-else']) expect(await coop(site), `${url} ${site}`).toBe('same-origin')
      expect(await coop('none'), url).toBeUndefined()
    }
    // The service worker's precache fetches the pages same-origin, so the frames it answers with carry it.
    const precached = await app.inject({ url: '/settings', headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' } })
    expect(precached.headers['cross-origin-opener-policy']).toBe('same-origin')
  })

  it('caches hashed assets for a year and the service worker and manifest not at all; compresses', async () => {
    const { app } = await makeApp()
    const asset = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.headers['content-encoding']).toBe('gzip')
    for (const url of ['/sw.js', '/manifest.webmanifest', '/index.html']) expect((await app.inject({ url })).headers['cache-control']).toBe('no-cache')
  })

  it("sends the build's precompressed copies as they are, by Accept-Encoding, and says it varies", async () => {
    const { app } = await makeApp()
    const dist = app.config.distDir
    const built = spawnSync(process.execPath, ['scripts/precompress.mjs', dist], { encoding: 'utf8' })
    expect(built.status, built.stderr).toBe(0)
    const file = readFileSync(join(dist, 'assets', 'index-abc123.js'))
    expect(existsSync(join(dist, 'sw.js.br'))).toBe(false) // under 1 KB: not worth it
    const get = (encoding?: string) => app.inject({ url: '/assets/index-abc123.js', headers: encoding ? { 'accept-encoding': encoding } : {} })
    const br = await get('gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).equals(file)).toBe(true)
    expect(br.rawPayload).toEqual(readFileSync(join(dist, 'assets', 'index-abc123.js.br')))
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers['content-type']).toContain('javascript')
    const gz = await get('gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).equals(file)).toBe(true)
    const plain = await get()
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.equals(file)).toBe(true)
    for (const r of [br, gz, plain]) expect(String(r.headers.vary).toLowerCase()).toContain('accept-encoding')
  })

  it('never falls back for /api, /mqtt, /oidc or missing files', async () => {
    const { app } = await makeApp()
    for (const url of ['/api/nope', '/api', '/mqtt', '/oidc/nope', '/assets/missing-123.js']) {
      const r = await app.inject({ url })
      expect(r.statusCode, url).toBe(404)
      if (!url.startsWith('/oidc')) expect(r.json()).toEqual({ code: 100404, msg: 'not found', data: null })
    }
    const post = await app.inject({ method: 'POST', url: '/api/unknown', payload: {} })
    expect([post.statusCode, post.json().code]).toEqual([404, 100404])
  })

  it('adds HSTS only on https (trusted proxy)', async () => {
    const { app } = await makeApp({ trustProxy: 1 })
    const r = await app.inject({ url: '/home', headers: { 'x-forwarded-proto': 'https' } })
    expect(r.headers['strict-transport-security']).toContain('max-age=')
  })
})

describe('rate limits', () => {
  it('per IP on auth routes: 429, code 100003 and retryAfter', async () => {
    const { app } = await makeApp({ limits: { authPerMinute: 3 } })
    const body = { username: '13700137000', password: PASSWORD, ...DEVICE }
    for (let i = 0; i < 3; i++) expect((await call(app, 'POST', '/login', { body, ip: '10.1.1.1' })).status).toBe(200)
    const r = await call<{ retryAfter: number }>(app, 'POST', '/login', { body, ip: '10.1.1.1' })
    expect(r.status).toBe(429)
    expect(r.body.code).toBe(100003)
    expect(r.body.data.retryAfter).toBeGreaterThan(0)
    expect((await call(app, 'POST', '/login', { body, ip: '10.1.1.2' })).status).toBe(200)
  })

  it('defaults let a classroom behind one NAT sign in (≥ 300 auth requests a minute per IP)', async () => {
    const { app } = await makeApp()
    expect(app.config.limits.authPerMinute).toBeGreaterThanOrEqual(300)
    const body = { username: STUDENT_PHONE, scene: 'nope' }
    for (let i = 0; i < 300; i++) {
      const r = await call(app, 'POST', '/sms/code', { body, ip: '10.2.2.2' })
      expect(r.status).toBe(200)
    }
  })
})

describe('TLS', () => {
  it('speaks https itself with a certificate and key, and sends HSTS', async () => {
    const { execFileSync } = await import('node:child_process')
    const { readFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { request } = await import('node:https')
    const probe = await makeApp()
    const key = join(probe.dir, 'key.pem')
    const cert = join(probe.dir, 'cert.pem')
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' })
    } catch {
      return // no openssl on this machine: nothing to test with
    }
    const { app } = await makeApp({ https: { key: readFileSync(key), cert: readFileSync(cert) } })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as import('node:net').AddressInfo).port
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/home', rejectUnauthorized: false }, (res) => {
        res.resume()
        resolve(res.headers)
      })
        .on('error', reject)
        .end()
    })
    expect(String(headers['strict-transport-security'])).toContain('max-age=')
  })
})
