import { describe, expect, it } from 'vitest'
import { listeningApp, mqttConnect, SETTLE_MS, subscribe, until, userIdOf, withToken } from '../support/broker'
import { assignDemoTask, call, makeApp, passwordLogin, TEACHER_PHONE } from '../support/helpers'
import { parseMetrics, scrape, valueOf } from '../support/prometheus'

const REQUESTS = 'habor_http_requests_total'
const LATENCY = 'habor_http_request_duration_seconds'

describe('GET /metrics', () => {
  it('is Prometheus text a parser reads, with the process figures and, on PostgreSQL, the pool', async () => {
    const { app } = await makeApp()
    const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const families = parseMetrics(res.body)
    const names = families.map((f) => f.name)
    expect(names).toEqual(expect.arrayContaining(['process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', REQUESTS, 'habor_live_connections', 'habor_rate_limit_refusals_total']))
    expect(families.find((f) => f.name === REQUESTS)?.type).toBe('COUNTER')
    expect(families.find((f) => f.name === LATENCY)?.type).toBe('HISTOGRAM')
    expect(families.find((f) => f.name === 'habor_inbox_delivery_delay_seconds')?.type).toBe('HISTOGRAM')
    if (process.env.DATABASE_URL) expect(valueOf(families, 'habor_db_pool_connections', { state: 'total' })).toBeGreaterThan(0)
    else expect(names).not.toContain('habor_db_pool_connections')
  })

  it('counts a request under its route-table name and status, never its raw URL', async () => {
    const { app } = await makeApp()
    const before = await scrape(app)
    expect((await call(app, 'GET', '/health')).status).toBe(200)
    await call(app, 'GET', '/cards/0b7d5a1e-card-id-not-a-label')
    const after = await scrape(app)
    expect(valueOf(after, REQUESTS, { route: 'health', method: 'GET', status: '200' }) - valueOf(before, REQUESTS, { route: 'health', method: 'GET', status: '200' })).toBe(1)
    expect(valueOf(after, REQUESTS, { route: 'card', method: 'GET' })).toBe(1)
    const labels = after.find((f) => f.name === REQUESTS)!.metrics.map((m) => m.labels?.route ?? '')
    expect(labels.some((l) => l.includes('not-a-label'))).toBe(false)
  })

  it('counts a refused rate limit under the limit that refused it', async () => {
    const { app } = await makeApp({ limits: { apiPerMinute: 2 } })
    expect(valueOf(await scrape(app), 'habor_rate_limit_refusals_total', { limit: 'api' })).toBe(0)
    const answers = [await call(app, 'GET', '/health', { ip: '203.0.113.9' }), await call(app, 'GET', '/health', { ip: '203.0.113.9' }), await call(app, 'GET', '/health', { ip: '203.0.113.9' })]
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429])
    const after = await scrape(app)
    expect(valueOf(after, 'habor_rate_limit_refusals_total', { limit: 'api' })).toBe(1)
    expect(valueOf(after, REQUESTS, { route: 'health', status: '429' })).toBe(1)
  })

  it('counts a live-channel message, the connection, and the inbox delivery it carried', async () => {
    const t = await listeningApp()
    const student = await passwordLogin(t.app)
    const userId = await userIdOf(t.app, student.token)
    const live = await mqttConnect(t.url, withToken(student.token))
    expect(await subscribe(live.client, `session/jsj-habor/browser/${userId}`)).toBe(1)
    const before = await scrape(t.app)
    expect(valueOf(before, 'habor_live_connections')).toBe(1)
    expect(valueOf(before, 'habor_live_connections_total')).toBe(1)
    await assignDemoTask(t.app)
    await until(() => live.messages.length > 0, SETTLE_MS, 'the notice')
    // The delivery is counted once the publish has returned, just after the message left.
    const deadline = Date.now() + SETTLE_MS
    let after = await scrape(t.app)
    while (valueOf(after, 'habor_inbox_deliveries_total', { channel: 'live' }) < 1 && Date.now() < deadline) after = await scrape(t.app)
    expect(valueOf(after, 'habor_live_messages_total') - valueOf(before, 'habor_live_messages_total')).toBe(1)
    expect(valueOf(after, 'habor_inbox_deliveries_total', { channel: 'live' })).toBe(1)
  })

  it('counts a write answered from its Idempotency-Key', async () => {
    const { app } = await makeApp()
    const teacher = await passwordLogin(app, { deviceCode: 'teacher' }, TEACHER_PHONE)
    const body = { orgCode: 'DEMO', grade: '七年级', className: '2班', title: '读第一章', brief: '读完第一章。', publisherName: '李老师' }
    const send = () => call<{ id: string }>(app, 'POST', '/tasks', { token: teacher.token, body, headers: { 'idempotency-key': 'metrics-replay-1' } })
    const first = await send()
    expect(valueOf(await scrape(app), 'habor_idempotent_replays_total', { route: 'assignTask' })).toBe(0)
    const again = await send()
    expect(again.body.data.id).toBe(first.body.data.id)
    expect(valueOf(await scrape(app), 'habor_idempotent_replays_total', { route: 'assignTask' })).toBe(1)
  })
})

describe('who may read /metrics', () => {
  it('another machine without the token gets 401, as does a proxied caller on loopback', async () => {
    const { app } = await makeApp({ trustProxy: 'loopback' })
    const far = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' })
    expect(far.statusCode).toBe(401)
    expect(far.body).not.toMatch(/habor_/)
    const proxied = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } })
    expect(proxied.statusCode).toBe(401)
    // No token is set: a bearer opens nothing.
    expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer anything' } })).statusCode).toBe(401)
  })

  it('METRICS_TOKEN opens it to another machine; a wrong token does not', async () => {
    const { app } = await makeApp({ metricsToken: 'scrape-secret-0123456789' })
    const get = (authorization?: string) => app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: authorization ? { authorization } : {} })
    expect((await get()).statusCode).toBe(401)
    expect((await get('Bearer scrape-secret-012345678X')).statusCode).toBe(401)
    expect((await get('Bearer scrape-secret')).statusCode).toBe(401)
    const ok = await get('Bearer scrape-secret-0123456789')
    expect(ok.statusCode).toBe(200)
    expect(parseMetrics(ok.body).some((f) => f.name === REQUESTS)).toBe(true)
  })
})
