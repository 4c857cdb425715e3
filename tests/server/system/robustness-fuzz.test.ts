/**
 * Property test over every /api route, taken from the live route table (routes added later are covered
 * without touching this file): random and malformed bodies, headers, query strings and path parameters
 * never produce a 5xx, and leave the stored data as it was, apart from the attempt counters of SMS codes.
 * A route that keeps a counter of its own (views, tries) adds its columns to COUNTERS.
 */
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { SignJWT } from 'jose'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../../server/app'
import type { BuildInput } from '../../../server/config'
import { DEVICE, PASSWORD, STUDENT_PHONE } from '../support/helpers'

/**
 * Requests per route: 200 in CI (each run draws a new seed, so runs add up), more with FUZZ_RUNS. 500 a
 * route took 166 s of a CI run's SQLite suite on an idle machine (docs/running.md "CI").
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200)
const SECRET = 'fuzz-jwt-secret'

/** Columns that count attempts: a wrong code's try is recorded on the code, by design. */
const COUNTERS: Record<string, string[]> = { sms_codes: ['attempts', 'consumed_at'] }
/** Tables that only count tries (a wrong password is a try, whatever else the body holds). */
const TRY_TABLES = new Set(['password_attempts'])

const options = (dir: string): BuildInput => ({
  dataDir: dir,
  distDir: join(dir, 'dist'),
  jwtSecret: SECRET,
  // Raised so that the handlers, not the limiter, answer the fuzz.
  limits: { authPerMinute: 1e9, apiPerMinute: 1e9, sms: { perIpHour: 1e9, intervalSeconds: 0, perHour: 1e9, perDay: 1e9 } },
})

interface Route {
  method: string
  url: string
}

/** Every /api route with its methods, from `printRoutes` (the only public view of the whole table). */
function apiRoutes(app: FastifyInstance): Route[] {
  const stack: string[] = []
  const out: Route[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)(?:├── |└── )(.+?) \(([A-Z, ]+)\)$/.exec(line)
    if (!m) continue
    const depth = m[1]!.length / 4
    const parent = depth === 0 ? '' : stack[depth - 1]!
    const path = depth === 0 ? m[2]! : `${parent === '/' ? '' : parent}${m[2]!.startsWith('/') ? '' : '/'}${m[2]!}`
    stack[depth] = path
    stack.length = depth + 1
    if (!path.startsWith('/api/')) continue
    for (const method of m[3]!.split(', ')) if (method !== 'HEAD') out.push({ method, url: path })
  }
  return out
}

/**
 * Well-formed bodies of the wire contract, each carrying one wrong secret (password, code, org code,
 * scene) so that no corruption of another field can make it succeed; the fuzz corrupts one field to a
 * wrong type. (The schemas coerce numbers to strings, so "wrong type" alone would not be enough.)
 */
const TEMPLATES: Record<string, Record<string, unknown>> = {
  '/api/login': { username: STUDENT_PHONE, password: 'Wr0ngPassword', ...DEVICE },
  '/api/login/sms': { username: `+86${STUDENT_PHONE}`, code: '000000', isAdmin: false, ...DEVICE },
  '/api/login/oauth': { payload: { code: 'c', state: 'no-such-state', redirectUri: 'http://127.0.0.1/login' }, isAdmin: false, ...DEVICE },
  '/api/login/wx/mp': { payload: 'js_code', sort: 1, ...DEVICE, timestamp: Date.now(), nonce: '0'.repeat(32) },
  '/api/login/oauth/binding': { username: `+86${STUDENT_PHONE}`, payload: '000000', isAdmin: false, ...DEVICE },
  '/api/auth/user/forget': { username: `+86${STUDENT_PHONE}`, payload: { code: '000000', password: 'N3wPassw0rd' }, ...DEVICE },
  '/api/auth/user/password/reset': { password: 'N3wPassw0rd' },
  '/api/auth/user/password': { oldPassword: 'Wr0ngPassword', password: 'N3wPassw0rd' },
  '/api/auth/student/improve': { name: 'A', grade: '1', className: '1', orgCode: 'NO-SUCH-ORG' },
  '/api/sms/code': { username: `+86${STUDENT_PHONE}`, scene: 'no-such-scene' },
  '/api/broker/auth': { username: 'token', password: 'not-a-token', clientid: 'c' },
  '/api/broker/acl': { username: 'token', clientid: 'c', topic: 'session/#', acc: 4 },
}

/** Routes that end the caller's own session or account when called well: never given the live token. */
const ENDS_SESSION = new Set(['/api/logout', '/api/logout/cancel'])

/**
 * The live token goes to GET routes (which must not change data) and to the contract's calls above,
 * whose bodies can never be right; not to other writes, where a body the schema allows (or none) with a
 * valid token is a legitimate change. Their schemas still meet every malformed body: Fastify validates
 * before the auth preHandler runs.
 */
const mayUseLiveToken = (r: Route): boolean => !ENDS_SESSION.has(r.url) && (r.method === 'GET' || r.url in TEMPLATES)

const printable = fc.string({ maxLength: 40 })
const wrongType = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.jsonValue(), { maxLength: 3 }), fc.dictionary(printable, fc.jsonValue(), { maxKeys: 3 }), fc.string({ minLength: 5000, maxLength: 6000 }))

function bodyArb(url: string): fc.Arbitrary<string | undefined> {
  const template = TEMPLATES[url]
  const corrupted = template
    ? fc.tuple(fc.constantFrom(...Object.keys(template)), wrongType).map(([k, v]) => JSON.stringify({ ...template, [k]: v }))
    : fc.constant(undefined)
  return fc.oneof(
    fc.constant(undefined),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.dictionary(printable, fc.jsonValue(), { maxKeys: 6 }).map((v) => JSON.stringify(v)),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.constantFrom('{', '{"a":', '[]', 'null', '""', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'),
    corrupted,
  )
}

interface Tokens {
  valid: string
  expired: string
  forged: string
}

function headersArb(tokens: Tokens, mayUseLive: boolean): fc.Arbitrary<Record<string, string>> {
  const auth = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(`Bearer ${tokens.expired}`, `Bearer ${tokens.forged}`, 'Bearer', 'Basic dXNlcjpwYXNz', `Bearer ${tokens.valid}x`, ...(mayUseLive ? [`Bearer ${tokens.valid}`] : [])),
    printable.map((s) => `Bearer ${s}`),
  )
  const id = fc.oneof(fc.constant(undefined), printable, fc.uuid())
  return fc
    .record({
      authorization: auth,
      'content-type': fc.oneof(fc.constant(undefined), fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1'), printable),
      'app-id': id,
      'org-id': id,
      'student-id': id,
      sign: fc.oneof(fc.constant(undefined), fc.stringMatching(/^[0-9a-f]{0,64}$/), printable),
      extra: fc.tuple(fc.stringMatching(/^x-[a-z]{1,10}$/), printable),
    })
    .map(({ extra, ...h }) => {
      const out: Record<string, string> = { [extra[0]]: extra[1] }
      for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = v
      return out
    })
}

const queryArb = fc.oneof(
  fc.constant(''),
  fc.dictionary(fc.constantFrom('appId', 'phone', 'redirectUri', 'id', 'a', '__proto__'), printable, { maxKeys: 3 }).map((q) => new URLSearchParams(q).toString()),
  fc.string({ maxLength: 60 }).map(encodeURI),
  fc.constantFrom('appId=jsj-habor&appId=x', 'phone=13800138000', 'a[b]=1', '%', '=&=&'),
)

/** All rows of all tables, counters cut, in a stable order. */
async function snapshot(app: FastifyInstance): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const t of await app.db.introspection.getTables()) {
    if (TRY_TABLES.has(t.name)) continue
    const rows = (await app.db.selectFrom(t.name as never).selectAll().execute()) as Record<string, unknown>[]
    out[t.name] = rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => !COUNTERS[t.name]?.includes(k))))).sort()
  }
  return out
}

let app: FastifyInstance
let dir: string
let tokens: Tokens
let routes: Route[]

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'habor-fuzz-'))
  mkdirSync(join(dir, 'dist'))
  app = await build(options(dir))
  await app.ready()
  routes = apiRoutes(app)
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: STUDENT_PHONE, password: PASSWORD, ...DEVICE } })
  const valid = (login.json() as { data: { token: string } }).data.token
  // A pending code for the demo phone, so wrong codes meet a real one.
  await app.inject({ method: 'POST', url: '/api/sms/code', payload: { username: `+86${STUDENT_PHONE}`, scene: 'forget' } })
  const claims = JSON.parse(Buffer.from(valid.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>
  const now = Math.floor(Date.now() / 1000)
  const jwt = (secret: string, exp: number) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setIssuedAt(exp - 900).setExpirationTime(exp).sign(new TextEncoder().encode(secret))
  tokens = { valid, expired: await jwt(SECRET, now - 60), forged: await jwt('another-secret', now + 600) }
})

afterAll(async () => {
  await app?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('every /api route under random input', () => {
  it('the route table is read (the enumeration itself can fail)', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`)
    expect(names).toEqual(expect.arrayContaining(['POST /api/login', 'GET /api/auth/student', 'GET /api/refresh', 'PUT /api/auth/student/improve', 'POST /api/broker/auth']))
    expect(names.every((n) => / \/api\//.test(n))).toBe(true)
  })

  // The timeout is a safety net: on a machine loaded twenty times over (load average 40) this took more than 180 s.
  it(`answers ${RUNS} requests per route without a 5xx and without changing stored data`, { timeout: 1_200_000 }, async () => {
    const before = await snapshot(app)
    let sent = 0
    for (const route of routes) {
      const params = route.url.includes(':') ? fc.array(fc.oneof(printable, fc.constantFrom('..', '%2e%2e', 'demo-opus')), { minLength: 4, maxLength: 4 }) : fc.constant([] as string[])
      await fc.assert(
        fc.asyncProperty(bodyArb(route.url), headersArb(tokens, mayUseLiveToken(route)), queryArb, params, async (body, headers, query, values) => {
          let i = 0
          const path = route.url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[i++] ?? 'x'))
          sent++
          const res = await app.inject({ method: route.method as InjectOptions['method'], url: `${path}${query ? `?${query}` : ''}`, headers, payload: body })
          if (res.statusCode >= 500) throw new Error(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`)
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
      )
      expect(await snapshot(app), `${route.method} ${route.url} changed stored data`).toEqual(before)
    }
    expect(sent).toBeGreaterThanOrEqual(RUNS * routes.length)
  })
})
