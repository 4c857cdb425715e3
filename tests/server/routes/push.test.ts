/**
 * Web Push, end to end on the server: subscriptions stored per session, notifications queued by real
 * events and sent through `web-push` to a local HTTPS push service stand-in that checks the VAPID token
 * and decrypts each payload with the subscription's keys (RFC 8291); gone subscriptions deleted; failures
 * retried after 1, 5 and 30 minutes on a fake clock, then dropped.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, type AgentOptions } from 'node:https'
import type { Duplex } from 'node:stream'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushKey, PushMessage, PushSettings, PushSubscribed } from '../../../src/contract/push'
import { build } from '../../../server/app'
import { PUSH_RETRY_MS, PushSender } from '../../../server/services/push'
import { startPushStandIn, type PushStandIn, type StandInSubscription } from '../../support/push-stand-in.mjs'
import { assignDemoTask, call, DEVICE, FakeClock, TEACHER_PHONE, makeApp, passwordLogin, smsCode, deleteAccount, PASSWORD, type Pair, type TestApp } from '../support/helpers'

let standIn: PushStandIn
let agent: CountingAgent
/** The stand-in's host:port, the PUSH_SERVICES entry that names its port. */
let service: string

/** The sender's agent, counting every connection it opens (and to where). */
class CountingAgent extends Agent {
  readonly opened: string[] = []
  override createConnection(options: AgentOptions & { host?: string; port?: number }, cb?: (err: Error | null, socket: Duplex) => void): Duplex | null | undefined {
    this.opened.push(`${options.host}:${options.port}`)
    return super.createConnection(options, cb)
  }
}
const certDir = mkdtempSync(join(tmpdir(), 'habor-push-cert-'))

beforeAll(async () => {
  const key = join(certDir, 'key.pem')
  const cert = join(certDir, 'cert.pem')
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
  standIn = await startPushStandIn({ cert: readFileSync(cert), key: readFileSync(key) })
  // The test's agent trusts the stand-in's certificate, and only it.
  agent = new CountingAgent({ ca: readFileSync(cert) })
  service = new URL(standIn.origin).host
})
afterAll(async () => {
  await standIn.close()
  agent.destroy()
  rmSync(certDir, { recursive: true, force: true })
})

const pushApp = (clock?: FakeClock) => makeApp({ push: { services: [service], agent, pollMs: 0 } }, clock)

const subscribe = (app: TestApp['app'], token: string, sub: StandInSubscription, lang: 'zh-Hans' | 'en' = 'zh-Hans') =>
  call<PushSubscribed>(app, 'PUT', '/push/subscription', { token, body: { endpoint: sub.endpoint, keys: sub.keys, lang } })

const rows = async (app: TestApp['app']) => app.db.selectFrom('push_subscriptions').select(['session_id', 'endpoint']).execute()
const queued = async (app: TestApp['app']) => app.db.selectFrom('push_queue').select(['attempts', 'next_at']).execute()
const sidOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid
const receivedBy = (sub: StandInSubscription) => standIn.received.filter((r) => r.id === sub.id).map((r) => JSON.parse(r.payload) as PushMessage)

const assignTask = (t: TestApp, title?: string) => assignDemoTask(t.app, title)

describe('the VAPID key', () => {
  it('is public, a P-256 point, made once and read back by the next start from the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'habor-vapid-'))
    try {
      const first = await build({ dataDir: dir, distDir: join(dir, 'none'), jwtSecret: 'x'.repeat(32) })
      const key = (await first.inject({ method: 'GET', url: '/api/push/key' })).json<{ code: number; data: PushKey }>()
      await first.close()
      expect(key.code).toBe(0)
      const point = Buffer.from(key.data.publicKey, 'base64url')
      expect(point.length).toBe(65)
      expect(point[0]).toBe(4)
      const second = await build({ dataDir: dir, distDir: join(dir, 'none'), jwtSecret: 'x'.repeat(32) })
      expect((await second.inject({ method: 'GET', url: '/api/push/key' })).json<{ data: PushKey }>().data.publicKey).toBe(key.data.publicKey)
      await second.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('subscriptions', () => {
  it('refuse what is not a push service subscription with a coded error, and store nothing', async () => {
    const t = await pushApp()
    const { token } = await passwordLogin(t.app)
    const good = standIn.subscribe()
    const cases: Record<string, unknown>[] = [
      { endpoint: 'https://evil.example.com/push/x', keys: good.keys, lang: 'zh-Hans' },
      { endpoint: good.endpoint.replace('https:', 'http:'), keys: good.keys, lang: 'zh-Hans' },
      { endpoint: good.endpoint.replace('https://', 'https://user:pw@'), keys: good.keys, lang: 'zh-Hans' },
      { endpoint: 'not a url at all', keys: good.keys, lang: 'zh-Hans' },
      { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh.replace(/^B/, 'A'), auth: good.keys.auth }, lang: 'zh-Hans' },
      { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh, auth: 'AAAA' }, lang: 'zh-Hans' },
      { endpoint: good.endpoint, keys: good.keys, lang: 'fr' },
      { endpoint: good.endpoint, keys: good.keys },
      { endpoint: good.endpoint.padEnd(3000, 'x'), keys: good.keys, lang: 'en' },
    ]
    for (const body of cases) {
      const r = await call(t.app, 'PUT', '/push/subscription', { token, body })
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([200, 100002])
    }
    expect((await call(t.app, 'PUT', '/push/subscription', { body: cases[0] })).status).toBe(401)
    expect(await rows(t.app)).toEqual([])
  })

  it('refuse an endpoint another URL parser reads differently, another port, or an odd host; nothing is stored and nothing contacted', async () => {
    const t = await makeApp({ push: { services: [service, 'fcm.googleapis.com', 'notify.windows.com'], agent, pollMs: 0 } })
    const { token } = await passwordLogin(t.app)
    const good = standIn.subscribe()
    const port = new URL(standIn.origin).port
    const opened = agent.opened.length
    const endpoints = [
      // A legacy parser ends the host at these; WHATWG sees a subdomain of a push service.
      'https://127.0.0.7;.fcm.googleapis.com/x',
      "https://127.0.0.7'.fcm.googleapis.com/x",
      'https://127.0.0.7`.fcm.googleapis.com/x',
      'https://127.0.0.7{.fcm.googleapis.com/x',
      'https://127.0.0.7}.fcm.googleapis.com/x',
      'https://localhost{.notify.windows.com/x',
      'https://127.0.0.7%3B.fcm.googleapis.com/x',
      'https://127.0.0.7\\.fcm.googleapis.com/x',
      // A port the service's entry does not name; the stand-in's entry names its own.
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com:443@127.0.0.7/x',
      `https://127.0.0.1/push/${good.id}`,
      `https://127.0.0.1:1/push/${good.id}`,
      // Hosts that are not written as [a-z0-9.-] or that WHATWG rewrites.
      `https://2130706433:${port}/push/${good.id}`,
      `https://0x7f.1:${port}/push/${good.id}`,
      `https://[::1]:${port}/push/${good.id}`,
      'https://fcm.googleapis.com./x'.replace('./', '\u3002/'),
    ]
    for (const endpoint of endpoints) {
      const r = await call(t.app, 'PUT', '/push/subscription', { token, body: { endpoint, keys: good.keys, lang: 'zh-Hans' } })
      expect([r.status, r.body.code, r.body.msg], endpoint).toEqual([200, 100002, expect.stringMatching(/^endpoint: /)])
    }
    expect(await rows(t.app)).toEqual([])
    // The entries themselves: the default port, and the one the stand-in's entry names.
    expect((await call(t.app, 'PUT', '/push/subscription', { token, body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: good.keys, lang: 'zh-Hans' } })).body.code).toBe(0)
    expect((await call(t.app, 'PUT', '/push/subscription', { token, body: { endpoint: 'https://fcm.googleapis.com:443/fcm/send/abc', keys: good.keys, lang: 'zh-Hans' } })).body.code).toBe(0)
    expect((await subscribe(t.app, token, good)).body.code).toBe(0)
    expect(agent.opened.length).toBe(opened)
  })

  it('stored before the rule, an endpoint the rule refuses is never contacted: its subscription goes at the next send', async () => {
    const t = await makeApp({ push: { services: [service, 'fcm.googleapis.com'], agent, pollMs: 0 } })
    const bad = ['https://127.0.0.1;.fcm.googleapis.com/x', `https://127.0.0.1/push/x`, 'https://fcm.googleapis.com:8443/x']
    for (const endpoint of bad) {
      const { token } = await passwordLogin(t.app)
      const sub = standIn.subscribe()
      const stored = await subscribe(t.app, token, sub)
      expect(stored.body.code).toBe(0)
      await t.app.db.updateTable('push_subscriptions').set({ endpoint }).where('id', '=', stored.body.data.id).execute()
      const now = t.clock.now()
      await t.app.db.insertInto('push_queue').values({ id: crypto.randomUUID(), subscription_id: stored.body.data.id, payload: JSON.stringify({ kind: 'task', title: 't', body: 'b', url: '/' }), attempts: 0, next_at: now, claimed_until: 0, created_at: now }).execute()
      const opened = agent.opened.length
      expect(await t.app.push.drain()).toEqual({ sent: 0, retried: 0, dropped: 0, gone: 1 })
      expect(agent.opened.length, endpoint).toBe(opened)
      expect(await rows(t.app)).toEqual([])
      expect(standIn.received.filter((r) => r.id === sub.id)).toEqual([])
    }
    // The stand-in itself, on the port its entry names, is contacted through the same agent.
    const { token } = await passwordLogin(t.app)
    const sub = standIn.subscribe()
    expect((await subscribe(t.app, token, sub)).body.code).toBe(0)
    await assignTask(t)
    const opened = agent.opened.length
    expect((await t.app.push.drain()).sent).toBe(1)
    expect(agent.opened.slice(opened)).toEqual([service])
  })

  it('are one per session: parallel stores of one session leave one row; an endpoint moves to the session that stored it last', async () => {
    const t = await pushApp()
    const a = await passwordLogin(t.app, { deviceCode: 'phone-a', deviceType: 'mobile' })
    const subs = Array.from({ length: 8 }, () => standIn.subscribe())
    const answers = await Promise.all(subs.map((s) => subscribe(t.app, a.token, s)))
    expect(answers.map((r) => [r.status, r.body.code])).toEqual(subs.map(() => [200, 0]))
    expect((await rows(t.app)).length).toBe(1)
    // The same browser signs in as another account: its endpoint now belongs to that session alone.
    const b = await passwordLogin(t.app, { deviceCode: 'tablet', deviceType: 'pad' }, TEACHER_PHONE)
    const last = (await rows(t.app))[0]!.endpoint
    const same = subs.find((s) => s.endpoint === last)!
    expect((await subscribe(t.app, b.token, same)).body.code).toBe(0)
    expect((await rows(t.app)).length).toBe(1)
  })

  it('end with their session: logout, a kick by another terminal, and account deletion', async () => {
    const t = await pushApp()
    const first = await passwordLogin(t.app, { deviceCode: 'one', deviceType: 'mobile' })
    await subscribe(t.app, first.token, standIn.subscribe())
    expect((await call(t.app, 'POST', '/logout', { token: first.token, body: {} })).body.code).toBe(0)
    expect(await rows(t.app)).toEqual([])

    const kicked = await passwordLogin(t.app, { deviceCode: 'two', deviceType: 'mobile' })
    await subscribe(t.app, kicked.token, standIn.subscribe())
    const other = await passwordLogin(t.app, { deviceCode: 'three', deviceType: 'mobile' })
    expect(await rows(t.app)).toEqual([])

    await subscribe(t.app, other.token, standIn.subscribe())
    expect((await call(t.app, 'DELETE', '/push/subscription', { token: other.token })).body.code).toBe(0)
    expect(await rows(t.app)).toEqual([])
    await subscribe(t.app, other.token, standIn.subscribe())
    expect((await deleteAccount(t.app, other.token, { password: PASSWORD })).body.code).toBe(0)
    expect(await rows(t.app)).toEqual([])
  })
})

describe('sending', () => {
  it('a task assigned to the class reaches each student subscription as a real, encrypted notification in its language, once', async () => {
    const t = await pushApp()
    const student = await passwordLogin(t.app, { deviceCode: 'student-phone', deviceType: 'mobile' })
    const zh = standIn.subscribe()
    expect((await subscribe(t.app, student.token, zh)).body.code).toBe(0)
    const tablet = await passwordLogin(t.app, { deviceCode: 'student-pad', deviceType: 'pad' })
    const en = standIn.subscribe()
    expect((await subscribe(t.app, tablet.token, en, 'en')).body.code).toBe(0)

    const id = await assignTask(t)
    // Queued with the task, not sent inside its request.
    expect(receivedBy(zh)).toEqual([])
    expect(await t.app.push.drain()).toEqual({ sent: 2, retried: 0, dropped: 0, gone: 0 })
    // Each names the session (sign-in) its subscription belongs to, and carries the inbox's unread count.
    expect(receivedBy(zh)).toEqual([{ kind: 'task', title: '新任务：读《草房子》第一章', body: '李老师：读完第一章，写下桑桑做的一件事。', url: `/task?id=${id}`, tag: `task-${id}`, session: sidOf(student.token), unread: 1 }])
    expect(receivedBy(en)[0]).toMatchObject({ kind: 'task', title: 'New task: 读《草房子》第一章', url: `/task?id=${id}`, session: sidOf(tablet.token), unread: 1 })
    const delivered = standIn.received.find((r) => r.id === zh.id)!
    const key = (await call<PushKey>(t.app, 'GET', '/push/key')).body.data.publicKey
    expect(delivered.vapidKey).toBe(key)
    expect(delivered.ttl).toBeGreaterThan(0)
    expect(await queued(t.app)).toEqual([])
    expect(await t.app.push.drain()).toEqual({ sent: 0, retried: 0, dropped: 0, gone: 0 })
  })

  it('two nodes draining the same queue at once send each notification once', async () => {
    const t = await pushApp()
    const subs = []
    for (const [i, device] of ['mobile', 'pad', 'browser'].entries()) {
      const s = await passwordLogin(t.app, { deviceCode: `node-race-${i}`, deviceType: device as 'mobile' })
      const sub = standIn.subscribe()
      await subscribe(t.app, s.token, sub)
      subs.push(sub)
    }
    await assignTask(t)
    await assignTask(t, '第二个任务')
    // A second node: another sender on the same database with the same keys.
    const key = (await call<PushKey>(t.app, 'GET', '/push/key')).body.data.publicKey
    const secret = await t.app.db.selectFrom('server_secrets').select('value').where('name', '=', 'vapid').executeTakeFirstOrThrow()
    const other = new PushSender({ db: t.app.db, clock: Date.now, vapid: { ...(JSON.parse(secret.value) as { publicKey: string; privateKey: string }), subject: 'mailto:test@example.com' }, agent, services: [{ host: '127.0.0.1', port: Number(new URL(standIn.origin).port) }], log: t.app.log, auto: false })
    expect(other.publicKey).toBe(key)
    const [a, b] = await Promise.all([t.app.push.drain(), other.drain()])
    expect(a.sent + b.sent).toBe(6)
    for (const sub of subs) expect(receivedBy(sub).length).toBe(2)
    expect(await queued(t.app)).toEqual([])
  })

  it('a subscription the push service reports gone (410) is deleted', async () => {
    const t = await pushApp()
    const student = await passwordLogin(t.app)
    const sub = standIn.subscribe()
    await subscribe(t.app, student.token, sub)
    standIn.respond(sub.id, 410)
    await assignTask(t)
    expect(await t.app.push.drain()).toEqual({ sent: 0, retried: 0, dropped: 0, gone: 1 })
    expect(await rows(t.app)).toEqual([])
    expect(await queued(t.app)).toEqual([])
  })

  it('a failing push service is tried again after 1, 5 and 30 minutes, to the millisecond, and then the notification is dropped', async () => {
    const clock = new FakeClock()
    const t = await pushApp(clock)
    const student = await passwordLogin(t.app)
    const sub = standIn.subscribe()
    await subscribe(t.app, student.token, sub)
    standIn.respond(sub.id, 500, 503, 429, 500)
    await assignTask(t)
    expect(PUSH_RETRY_MS).toEqual([60_000, 300_000, 1_800_000])
    expect((await t.app.push.drain()).retried).toBe(1)
    for (const wait of PUSH_RETRY_MS) {
      clock.advance(wait - 1)
      expect(await t.app.push.drain()).toEqual({ sent: 0, retried: 0, dropped: 0, gone: 0 })
      clock.advance(1)
      const r = await t.app.push.drain()
      expect(r.retried + r.dropped).toBe(1)
    }
    expect(await queued(t.app)).toEqual([])
    // The subscription stays: the service was down, not the browser gone.
    expect((await rows(t.app)).length).toBe(1)
    expect(receivedBy(sub)).toEqual([])
  })

  it('a failure followed by success delivers on the retry', async () => {
    const clock = new FakeClock()
    const t = await pushApp(clock)
    const student = await passwordLogin(t.app)
    const sub = standIn.subscribe()
    await subscribe(t.app, student.token, sub)
    standIn.respond(sub.id, 502)
    const id = await assignTask(t)
    expect((await t.app.push.drain()).retried).toBe(1)
    clock.advance(60_000)
    expect((await t.app.push.drain()).sent).toBe(1)
    expect(receivedBy(sub).map((m) => m.url)).toEqual([`/task?id=${id}`])
  })

  it('a student who turned task notifications off gets none; the other kinds stay on', async () => {
    const t = await pushApp()
    const student = await passwordLogin(t.app)
    const sub = standIn.subscribe()
    await subscribe(t.app, student.token, sub)
    expect((await call<PushSettings>(t.app, 'GET', '/push/settings', { token: student.token })).body.data).toEqual({ task: true, friend: true, card: true })
    const off = await call<PushSettings>(t.app, 'PUT', '/push/settings', { token: student.token, body: { task: false } })
    expect(off.body.data).toEqual({ task: false, friend: true, card: true })
    for (const bad of [{}, { task: 'no' }, { sound: false }]) expect((await call(t.app, 'PUT', '/push/settings', { token: student.token, body: bad })).body.code, JSON.stringify(bad)).toBe(100002)
    await assignTask(t)
    expect(await queued(t.app)).toEqual([])
    expect((await call<PushSettings>(t.app, 'PUT', '/push/settings', { token: student.token, body: { task: true } })).body.data.task).toBe(true)
    await assignTask(t, '第二个任务')
    expect((await t.app.push.drain()).sent).toBe(1)
  })

  it('a friend who registers with the invitation code, and the first other reader of a card, reach their student', async () => {
    const t = await pushApp()
    const inviter = await passwordLogin(t.app)
    const sub = standIn.subscribe()
    await subscribe(t.app, inviter.token, sub)

    const phone = '13700137055'
    const sms = await call<Pair>(t.app, 'POST', '/login/sms', { body: { username: `+86${phone}`, code: await smsCode(t.app, phone), isAdmin: false, ...DEVICE } })
    const joined = await call<Pair>(t.app, 'PUT', '/auth/student/improve', { token: sms.body.data.token, body: { name: '韩梅梅', grade: '七年级', className: '2班', orgCode: 'DEMO', inviteCode: 'DEMO2023' } })
    expect(joined.body.code).toBe(0)
    expect((await t.app.push.drain()).sent).toBe(1)
    expect(receivedBy(sub)).toEqual([expect.objectContaining({ kind: 'friend', title: '韩梅梅 接受了你的邀请', url: '/invite' })])

    const card = await call<{ id: string }>(t.app, 'POST', '/cards', { token: inviter.token, body: { design: 'garden', to: '妈妈', message: '妈妈辛苦了' } })
    const cardId = card.body.data.id
    // The author's own look sends nothing; ten friends opening it at once send one.
    await call(t.app, 'GET', `/cards/${cardId}`, { token: inviter.token })
    expect(await queued(t.app)).toEqual([])
    const opens = await Promise.all(Array.from({ length: 10 }, () => call(t.app, 'GET', `/cards/${cardId}`)))
    expect(opens.every((r) => r.body.code === 0)).toBe(true)
    expect((await t.app.push.drain()).sent).toBe(1)
    expect(receivedBy(sub).at(-1)).toEqual({ kind: 'card', title: '你的贺卡被打开了', body: '送给妈妈的母亲节贺卡，有人打开看了。', url: `/motherday?id=${cardId}`, tag: `card-${cardId}`, session: sidOf(inviter.token), unread: 2 })
    await call(t.app, 'GET', `/cards/${cardId}`)
    expect(await queued(t.app)).toEqual([])
  })
})

describe('/metrics', () => {
  it('counts a notification a push service took, with the time from its inbox entry to the send', async () => {
    const t = await pushApp()
    const { token } = await passwordLogin(t.app)
    const sub = standIn.subscribe()
    expect((await subscribe(t.app, token, sub)).body.code).toBe(0)
    await assignTask(t)
    // Sent 90 s after it was written (a node that was busy, or a retry).
    t.clock.advance(90_000)
    expect((await t.app.push.drain()).sent).toBe(1)
    const delivered = (await t.app.metrics.inboxDeliveries.get()).values.find((v) => v.labels.channel === 'push')
    expect(delivered?.value).toBe(1)
    // A bucket's labels carry its bound (`le`) beside the series' own.
    const delay = (await t.app.metrics.inboxDelay.get()).values.map((v) => ({ ...v, labels: v.labels as Record<string, string | number> }))
    expect(delay.find((v) => v.metricName === 'habor_inbox_delivery_delay_seconds_sum' && v.labels.channel === 'push')?.value).toBe(90)
    // In the bucket up to 300 s, not the one up to 60 s.
    expect(delay.find((v) => v.metricName === 'habor_inbox_delivery_delay_seconds_bucket' && v.labels.channel === 'push' && v.labels.le === 60)?.value).toBe(0)
    expect(delay.find((v) => v.metricName === 'habor_inbox_delivery_delay_seconds_bucket' && v.labels.channel === 'push' && v.labels.le === 300)?.value).toBe(1)
  })
})
