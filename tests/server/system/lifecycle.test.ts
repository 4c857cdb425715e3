import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { build } from '../../../server/app'
import { call, DEVICE, makeApp, PASSWORD, passwordLogin, smsCode, STUDENT_PHONE } from '../support/helpers'

describe('logs', () => {
  it('carry no password, token or SMS code, except the console provider\'s one line', async () => {
    const lines: string[] = []
    const { app } = await makeApp({ logger: { level: 'info' }, logStream: { write: (l) => void lines.push(l) } })
    const pair = await passwordLogin(app)
    await call(app, 'GET', '/auth/student', { token: pair.token })
    await call(app, 'GET', '/refresh', { token: pair.refreshToken })
    const code = await smsCode(app, STUDENT_PHONE)
    await call(app, 'POST', '/login/sms', { body: { username: STUDENT_PHONE, code, isAdmin: false, ...DEVICE } })
    await app.inject({ url: `/login?code=secret-oauth-code&state=xyz` })
    const all = lines.join('\n')
    expect(lines.length).toBeGreaterThan(5)
    expect(all).not.toContain(PASSWORD)
    expect(all).not.toContain(pair.token)
    expect(all).not.toContain(pair.refreshToken)
    expect(all).not.toContain('secret-oauth-code')
    expect(lines.filter((l) => l.includes(code))).toEqual([expect.stringContaining('[sms:console]')])
  })
})

describe('shutdown', () => {
  it('close() lets an in-flight request finish and refuses new ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'habor-close-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    // SQLite is enough here: this is about the HTTP server, whatever the database.
    const app = await build({ dataDir: dir, jwtSecret: 'x' })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const started = new Promise<void>((r) => app.server.once('request', () => r()))
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const inFlight = fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: STUDENT_PHONE, password: PASSWORD, ...DEVICE }) })
    await started
    const closing = app.close()
    const refused = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', connection: 'close' }, body: '{}', signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 'refused',
    )
    expect([503, 'refused']).toContain(refused)
    const res = await inFlight
    expect(res.status).toBe(200)
    expect(((await res.json()) as { code: number }).code).toBe(0)
    await closing
  })
})
