/**
 * Two server instances on one database and one Redis (REDIS_URL), as two nodes of a cluster, in one
 * process: what one node keeps, the other reads (docs/cluster.md). Runs on SQLite and on PostgreSQL; the
 * nginx-fronted three-process version is tests/cluster. Uses Redis database 13, flushed around each test.
 */
import { describe, expect, it } from 'vitest'
import { NODE_LEASE_MS } from '../../../server/plugins/redis'
import { call, FakeClock, makeApp, passwordLogin, type TestApp } from '../support/helpers'
import { flushedTestRedis, TEST_REDIS } from '../support/redis'

const REDIS = TEST_REDIS
const admin = await flushedTestRedis()
const reachable = admin !== null
if (!reachable) console.warn(`redis-shared: no Redis at ${REDIS}; skipped`)

/** Two nodes: the second on the first's database (its SQLite file, or its PostgreSQL schema). */
async function twoNodes(over: Parameters<typeof makeApp>[0] = {}): Promise<[TestApp, TestApp]> {
  const clock = new FakeClock()
  const a = await makeApp({ redisUrl: REDIS, jwtSecret: undefined, ...over }, clock)
  const b = await makeApp({ redisUrl: REDIS, jwtSecret: undefined, dataDir: a.dir, databaseUrl: a.app.config.databaseUrl, ...over }, clock)
  return [a, b]
}

describe.skipIf(!reachable)('two nodes sharing Redis', () => {
  it('a generated token secret is stored once: a token from one node is good on the other', async () => {
    const [a, b] = await twoNodes()
    const { token } = await passwordLogin(a.app)
    expect((await call(b.app, 'GET', '/auth/student', { token })).body.code).toBe(0)
  })

  it("a code sent through one node is in the other's dev outbox", async () => {
    const [a, b] = await twoNodes()
    expect((await call(a.app, 'POST', '/sms/code', { body: { username: '+8613700137000', scene: 'login' } })).body.code).toBe(0)
    const box = await call<{ code: string }>(b.app, 'GET', '/dev/sms/outbox?phone=13700137000')
    expect(box.body.code).toBe(0)
    expect(box.body.data.code).toMatch(/^\d{6}$/)
  })

  it('a rate limit spread over the nodes, sent in parallel, counts as one', async () => {
    const [a, b] = await twoNodes({ limits: { apiPerMinute: 20 } })
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => call(i % 2 ? b.app : a.app, 'GET', '/health', { ip: '10.1.1.1' })))
    // The store counts every request; a parallel burst past the limit may be refused a little early
    // (the library hands concurrent requests one counter), never late.
    expect(answers.filter((r) => r.status === 200).length).toBeLessThanOrEqual(20)
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(10)
  })

  it('addresses of one IPv6 /64, and an IPv4 address in both forms, are one count over the nodes', async () => {
    const [a, b] = await twoNodes({ limits: { apiPerMinute: 6 } })
    const v6 = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 ? b.app : a.app, 'GET', '/health', { ip: `2001:db8:3:3:${(i + 1).toString(16)}::1` })))
    expect(v6.filter((r) => r.status === 200).length).toBeLessThanOrEqual(6)
    expect(v6.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(4)
    const v4 = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 ? b.app : a.app, 'GET', '/health', { ip: i % 3 ? '192.0.2.77' : '::ffff:192.0.2.77' })))
    expect(v4.filter((r) => r.status === 200).length).toBeLessThanOrEqual(6)
    expect(v4.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(4)
    // Another /64 has its own count.
    expect((await call(a.app, 'GET', '/health', { ip: '2001:db8:3:4::1' })).status).toBe(200)
  })

  it("a signed-in account's reads are counted by each node against its share of the account's limit; the school address stays free", async () => {
    const [a, b] = await twoNodes({ limits: { apiPerMinute: 5, accountPerMinute: 12 } })
    // Node a joined the roll before b: it learns of b at its next renewal (every NODE_RENEW_MS).
    expect(await a.app.nodes!.renew()).toBe(2)
    expect(b.app.nodes!.count()).toBe(2)
    const { token } = await passwordLogin(a.app)
    const reads = async (node: TestApp, n: number) => {
      const answers: number[] = []
      for (let i = 0; i < n; i++) answers.push((await call(node.app, 'GET', '/auth/student', { token, ip: i % 3 ? '10.1.1.2' : '10.1.1.3' })).status)
      return answers
    }
    // Each node serves its share (12 / 2), however the calls are spread: 12 over the two, as one count did.
    expect(await reads(a, 8)).toEqual([...Array(6).fill(200), 429, 429])
    expect(await reads(b, 8)).toEqual([...Array(6).fill(200), 429, 429])
    expect((await call(b.app, 'GET', '/health', { ip: '10.1.1.2' })).status).toBe(200)
  })

  it('a node that stops leaves the roll at once, and a node that vanished when its lease lapses', async () => {
    const [a, b] = await twoNodes()
    const c = await makeApp({ redisUrl: REDIS, jwtSecret: undefined, dataDir: a.dir, databaseUrl: a.app.config.databaseUrl }, a.clock)
    expect(await a.app.nodes!.renew()).toBe(3)
    await c.app.close()
    expect(await a.app.nodes!.renew()).toBe(2)
    // b stops renewing (as a killed process would): its lease lapses NODE_LEASE_MS after its last renewal.
    a.clock.advance(NODE_LEASE_MS - 1)
    expect(await a.app.nodes!.renew()).toBe(2)
    a.clock.advance(1)
    expect(await a.app.nodes!.renew()).toBe(1)
    expect(b.app.nodes!.count()).toBe(2)
  })

  it('50 parallel SMS sends for one number spread over the nodes send one code', async () => {
    const [a, b] = await twoNodes()
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call(i % 2 ? b.app : a.app, 'POST', '/sms/code', { body: { username: '+8613700137002', scene: 'login' } })))
    expect(answers.filter((r) => r.body.code === 0)).toHaveLength(1)
    expect(await a.app.db.selectFrom('sms_codes').select('id').where('phone', '=', '+8613700137002').execute()).toHaveLength(1)
  })

  it("the external broker's auth call on one node and its ACL call on the other agree (MQTT_URL mode)", async () => {
    const [a, b] = await twoNodes({ mqtt: { url: 'mqtt://127.0.0.1:9' } })
    const { token } = await passwordLogin(a.app)
    const me = ((await call<{ id: string }>(a.app, 'GET', '/auth/student', { token })).body.data).id
    const own = `session/jsj-habor/browser/${me}`
    const auth = await a.app.inject({ method: 'POST', url: '/api/broker/auth', payload: { username: 'token', password: token, clientid: 'shared-c1' } })
    expect(auth.json()).toMatchObject({ result: 'allow' })
    const acl = await b.app.inject({ method: 'POST', url: '/api/broker/acl', payload: { username: 'token', clientid: 'shared-c1', topic: own, acc: 4 } })
    expect(acl.json()).toMatchObject({ result: 'allow', ok: true })
    const other = await b.app.inject({ method: 'POST', url: '/api/broker/acl', payload: { clientid: 'shared-c1', topic: 'session/#', acc: 4 } })
    expect(other.json()).toMatchObject({ result: 'deny' })
  })
})
