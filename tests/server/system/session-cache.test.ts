/**
 * The per-node copy of the sign-in check (server/services/sessionCache.ts, docs/cluster.md "The sign-in
 * check's cache"): two server instances on one database and one Redis, as two nodes, in one process. A
 * hit costs no query; a change made through one node clears the other's copy; the TTL is the backstop
 * (on the injected clock); while the subscriber is not connected nothing is served from the copy. Runs
 * on SQLite and PostgreSQL, on Redis database TEST_REDIS_URL_SERVER (flushed around each test).
 */
import { describe, expect, it } from 'vitest'
import { SessionCache } from '../../../server/services/sessionCache'
import { call, FakeClock, makeApp, passwordLogin, type TestApp } from '../support/helpers'
import { queryCounter } from '../support/queries'
import { flushedTestRedis, TEST_REDIS } from '../support/redis'

const REDIS = TEST_REDIS
const admin = await flushedTestRedis()
const reachable = admin !== null

async function twoNodes(over: Parameters<typeof makeApp>[0] = {}): Promise<[TestApp, TestApp]> {
  const clock = new FakeClock()
  const a = await makeApp({ redisUrl: REDIS, ...over }, clock)
  const b = await makeApp({ redisUrl: REDIS, dataDir: a.dir, databaseUrl: a.app.config.databaseUrl, ...over }, clock)
  return [a, b]
}

/** Waits for `check` without a fixed sleep: each try after the event loop has turned. */
async function until<T>(what: () => Promise<T> | T, ok: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await what()
    if (ok(v)) return v
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

const nameOn = async (t: TestApp, token: string) => (await call<{ name: string }>(t.app, 'GET', '/auth/student', { token })).body.data.name

describe('SessionCache on its own', () => {
  const owner = (v: string) => ({ user: `u-${v}`, student: `s-${v}` })
  it('serves a kept row until the TTL, not at it; a drop by user or student forgets it; nothing is kept while not connected', async () => {
    const clock = new FakeClock()
    const cache = new SessionCache({ max: 2, ttlMs: 1000, clock: clock.now })
    let loads = 0
    const load = async () => `row${++loads}`
    // Not connected: every read loads, nothing is kept.
    expect(await cache.read('a', 's1', load, () => owner('1'))).toBe('row1')
    expect(await cache.read('a', 's1', load, () => owner('1'))).toBe('row2')
    expect(cache.size).toBe(0)
    cache.setConnected(true)
    expect(await cache.read('a', 's1', load, () => owner('1'))).toBe('row3')
    clock.advance(999)
    expect(await cache.read('a', 's1', load, () => owner('1'))).toBe('row3')
    clock.advance(1)
    expect(await cache.read('a', 's1', load, () => owner('1'))).toBe('row4')
    cache.drop({ students: ['s-1'] })
    expect(await cache.read('a', 's1', load, () => owner('1'))).toBe('row5')
    cache.drop({ users: ['u-1'] })
    expect(await cache.read('a', 's1', load, () => owner('1'))).toBe('row6')
    cache.drop({ sessions: ['s1'] })
    expect(await cache.read('a', 's1', load, () => owner('1'))).toBe('row7')
    // Bounded: the least recently used goes.
    await cache.read('a', 's2', load, () => owner('2'))
    await cache.read('a', 's1', load, () => owner('1'))
    await cache.read('a', 's3', load, () => owner('3'))
    expect(cache.size).toBe(2)
    expect(await cache.read('a', 's1', load, () => owner('1'))).toBe('row7')
    // A read that began before a drop is not kept: it may carry the row from before the change.
    let release!: () => void
    const slow = cache.read('a', 's9', () => new Promise<string>((r) => (release = () => r('old'))), () => owner('9'))
    cache.drop({ users: ['u-9'] })
    release()
    expect(await slow).toBe('old')
    expect(await cache.read('a', 's9', load, () => owner('9'))).not.toBe('old')
    // Losing the connection forgets everything.
    cache.setConnected(false)
    expect(cache.size).toBe(0)
  })
})

describe.skipIf(!reachable)('the sign-in check’s copy on two nodes', () => {
  it('a repeated signed-in read runs no query; a write reads afresh', async () => {
    const q = queryCounter()
    const [a] = await twoNodes({ wrapDialect: q.wrapDialect })
    const { token } = await passwordLogin(a.app)
    await until(() => a.app.sessionCache!.serving, Boolean)
    const first = await q.measure(() => call(a.app, 'GET', '/auth/student', { token }))
    expect([first.result.body.code, first.queries]).toEqual([0, 1])
    const hit = await q.measure(() => call(a.app, 'GET', '/auth/student', { token }))
    expect([hit.result.body.code, hit.queries]).toEqual([0, 0])
    expect(a.app.sessionCache!.hits).toBe(1)
    // A write reads the session afresh (a kicked session's write is refused at once).
    const write = await q.measure(() => call(a.app, 'PUT', '/auth/student/profile', { token, body: { name: 'Written', grade: '八年级', className: '3班' } }))
    expect(write.result.body.code).toBe(0)
    expect(write.sql[0]).toMatch(/from "sessions"/)
  })

  it('a profile edit through node A is seen at once on A and on B after the change arrives; a logout is refused on B', async () => {
    const [a, b] = await twoNodes()
    const { token } = await passwordLogin(a.app)
    await until(() => a.app.sessionCache!.serving && b.app.sessionCache!.serving, Boolean)
    const before = await nameOn(b, token)
    expect(await nameOn(a, token)).toBe(before)
    expect(await nameOn(b, token)).toBe(before)
    const edit = await call(a.app, 'PUT', '/auth/student/profile', { token, body: { name: 'Renamed Once', grade: '八年级', className: '3班' } })
    expect(edit.body.code).toBe(0)
    // The writer reads its own write without waiting.
    expect(await nameOn(a, token)).toBe('Renamed Once')
    expect(await until(() => nameOn(b, token), (n) => n === 'Renamed Once')).toBe('Renamed Once')
    expect((await call(a.app, 'POST', '/logout', { token })).body.code).toBe(0)
    const refused = await until(() => call(b.app, 'GET', '/auth/student', { token }), (r) => r.status === 401)
    expect(refused.body.code).toBe(300002)
  })

  it('a change made behind the nodes’ backs (no announcement) is served stale only until the TTL', async () => {
    const [a] = await twoNodes({ sessionCacheMs: 2000 })
    const { token } = await passwordLogin(a.app)
    await until(() => a.app.sessionCache!.serving, Boolean)
    const before = await nameOn(a, token)
    await a.app.db.updateTable('students').set({ name: 'Quietly Renamed' }).execute()
    a.clock.advance(1999)
    expect(await nameOn(a, token)).toBe(before)
    a.clock.advance(1)
    expect(await nameOn(a, token)).toBe('Quietly Renamed')
  })

  it('a subscriber cut off from Redis forgets the copy and serves from it only once subscribed again', async () => {
    const q = queryCounter()
    const [a] = await twoNodes({ wrapDialect: q.wrapDialect })
    const cache = a.app.sessionCache!
    const { token } = await passwordLogin(a.app)
    await until(() => cache.serving, Boolean)
    await nameOn(a, token)
    expect(cache.size).toBeGreaterThan(0)
    const list = String(await admin!.client('LIST'))
    const id = new RegExp(`id=(\\d+) [^\\n]*name=${cache.subscriberName}`).exec(list)?.[1]
    expect(id).toBeDefined()
    await admin!.client('KILL', 'ID', id!)
    // Emptied at the cut, and serving again only after it subscribed anew.
    await until(() => cache.size === 0 && cache.serving, Boolean)
    const queried = await q.measure(() => call(a.app, 'GET', '/auth/student', { token }))
    expect(queried.queries).toBe(1)
    const hit = await q.measure(() => call(a.app, 'GET', '/auth/student', { token }))
    expect(hit.queries).toBe(0)
  })
})
