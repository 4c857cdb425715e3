/** Test support for the cluster suite: calls through a chosen node or nginx, students, live terminals. */
import { connect, type MqttClient } from 'mqtt'
import { randomBytes, randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { afterAll } from 'vitest'

export const DEVICE = { appId: 'jsj-habor', deviceType: 'browser' } as const

export interface Answer<T = unknown> {
  status: number
  code: number
  data: T
  msg?: string
}

/** A client address of its own per call unless given: limits count students, as behind a real balancer. */
export const someIp = (): string => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`

export async function api<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  { body, token, ip = someIp(), key, headers = {} }: { body?: unknown; token?: string; ip?: string | null; key?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      `${base}/api${path}`,
      {
        method,
        // nginx sets X-Forwarded-For to the address it saw (deploy/habor.nginx.conf): each client address is a
        // loopback address of its own (127.a.b.c for 10.a.b.c); a node reached directly reads the header.
        ...(ip ? { localAddress: ip.replace(/^10\./, '127.') } : {}),
        headers: {
          ...(ip ? { 'x-forwarded-for': ip } : {}),
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
          ...headers,
        },
      },
      (r) => {
        let text = ''
        r.setEncoding('utf8')
        r.on('data', (d: string) => (text += d))
        r.on('end', () => resolve({ status: r.statusCode ?? 0, text }))
        r.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
  const text = res.text
  let json: { code?: number; data?: T; msg?: string } = {}
  try {
    json = JSON.parse(text) as typeof json
  } catch {
    // nginx's own error pages are HTML: the status says enough
  }
  return { status: res.status, code: json.code ?? -1, data: json.data as T, msg: json.msg }
}

export async function ok<T = Record<string, unknown>>(p: Promise<Answer<T>>): Promise<T> {
  const a = await p
  if (a.status !== 200 || a.code !== 0) throw new Error(`answer ${a.status} code ${a.code}: ${a.msg ?? ''}`)
  return a.data
}

export const newPhone = (): string => `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`

export const subOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub

export interface Student {
  phone: string
  userId: string
  token: string
}

/**
 * The nodes' own addresses. The dev outbox answers only a loopback call that no proxy forwarded
 * (docs/security.md), so a code asked for through nginx is read from a node directly: the first of these
 * that answers (the outbox is shared through Redis; a node may be restarting).
 */
export const outboxNodes: string[] = []

/**
 * An SMS code sent through `via` and read from the dev outbox through `read`, as this machine (the read
 * carries no forwarded address); when `read` is the proxy, from one of `outboxNodes`.
 */
export async function smsCode(via: string, read: string, phone: string): Promise<string> {
  await ok(api(via, 'POST', '/sms/code', { body: { username: `+86${phone}`, scene: 'login' } }))
  return outboxCode(read, phone)
}

/** The newest code the dev outbox holds for `phone`, read through `read` as in smsCode. */
export async function outboxCode(read: string, phone: string): Promise<string> {
  const readers = outboxNodes.length && !outboxNodes.includes(read) ? outboxNodes : [read]
  let last: unknown
  for (const r of readers) {
    try {
      return (await ok(api<{ code: string }>(r, 'GET', `/dev/sms/outbox?phone=${phone}`, { ip: null }))).code
    } catch (e) {
      last = e
    }
  }
  throw last
}

/** A new student: an SMS sign-in (which creates the account) and the profile, on `base`; 18 unless `birth` says otherwise. */
export async function newStudent(base: string, deviceCode = randomUUID(), birth = { year: 2008, month: 6 }): Promise<Student> {
  const phone = newPhone()
  const code = await smsCode(base, base, phone)
  const first = await ok(api<{ token: string }>(base, 'POST', '/login/sms', { body: { username: `+86${phone}`, code, ...DEVICE, deviceCode } }))
  const done = await ok(api<{ token: string }>(base, 'PUT', '/auth/student/improve', { token: first.token, body: { name: '林小雨', grade: '五年级', className: '2班', orgCode: 'DEMO', birth } }))
  const token = done.token ?? first.token
  return { phone, userId: subOf(token), token }
}

/**
 * The demo teacher confirms every student waiting to join `grade` `className` of DEMO, so that the class's
 * tasks reach them (a declared class alone decides nothing: docs/security.md, "Class membership").
 */
export async function confirmClass(base: string, teacherToken: string, grade = '五年级', className = '2班'): Promise<void> {
  const waiting = await ok(api<{ studentId: string; grade: string; className: string }[]>(base, 'GET', '/classes/requests?orgCode=DEMO', { token: teacherToken }))
  for (const r of waiting.filter((w) => w.grade === grade && w.className === className)) {
    await ok(api(base, 'POST', '/classes/confirm', { token: teacherToken, body: { orgCode: 'DEMO', studentId: r.studentId, grade, className } }))
  }
}

/** Signs the student in from another device through `base`: the earlier session is kicked. */
export async function signInElsewhere(base: string, s: Student): Promise<string> {
  const code = await smsCode(base, base, s.phone)
  const r = await ok(api<{ token: string }>(base, 'POST', '/login/sms', { body: { username: `+86${s.phone}`, code, ...DEVICE, deviceCode: randomUUID() } }))
  return r.token
}

export const topicOf = (s: Student): string => `session/${DEVICE.appId}/${DEVICE.deviceType}/${s.userId}`

export interface Terminal {
  client: MqttClient
  messages: string[]
  /** CONNACKs received (the first connect and every reconnect). */
  connects: number
}

const terminals: MqttClient[] = []
afterAll(async () => {
  await Promise.all(terminals.splice(0).map((c) => c.endAsync(true)))
})

/**
 * A student's live terminal as the app opens it (clean session, subscribed to its topic, reconnecting
 * like the app), on `ws` (a node's /mqtt or nginx's). Resolves once subscribed.
 */
export async function terminal(ws: string, s: Student, reconnectPeriod = 300, clientId = `habor_${randomBytes(8).toString('hex')}`): Promise<Terminal> {
  const client = connect(ws, { username: 'token', password: s.token, clientId, clean: true, reconnectPeriod, connectTimeout: 5000, keepalive: 30 })
  terminals.push(client)
  const t: Terminal = { client, messages: [], connects: 0 }
  client.on('connect', () => t.connects++)
  client.on('message', (_topic, payload) => t.messages.push(payload.toString()))
  client.on('error', () => undefined)
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve())
    client.once('error', (e) => reject(e))
    client.once('close', () => reject(new Error('closed before CONNACK')))
    setTimeout(() => reject(new Error('terminal did not connect')), 10_000).unref()
  })
  await client.subscribeAsync(topicOf(s), { qos: 1 })
  return t
}

/** Resolves when `predicate` holds, checking every 10 ms; rejects after `timeoutMs`. */
export async function until(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const start = Date.now()
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 10))
  }
}
