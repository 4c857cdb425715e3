/** Test support for the cluster suite: calls through a chosen node or nginx, students, live terminals. */
import { connect, type MqttClient } from 'mqtt'
import { randomBytes, randomUUID } from 'node:crypto'
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
  { body, token, ip = someIp(), key }: { body?: unknown; token?: string; ip?: string | null; key?: string } = {},
): Promise<Answer<T>> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(ip ? { 'x-forwarded-for': ip } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
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
 * An SMS code sent through `via` and read from the dev outbox through `read`, as this machine (the outbox
 * answers loopback only, so this read carries no forwarded address).
 */
export async function smsCode(via: string, read: string, phone: string): Promise<string> {
  await ok(api(via, 'POST', '/sms/code', { body: { username: `+86${phone}`, scene: 'login' } }))
  return (await ok(api<{ code: string }>(read, 'GET', `/dev/sms/outbox?phone=${phone}`, { ip: null }))).code
}

/** A new student: an SMS sign-in (which creates the account) and the profile, on `base`. */
export async function newStudent(base: string, deviceCode = randomUUID()): Promise<Student> {
  const phone = newPhone()
  const code = await smsCode(base, base, phone)
  const first = await ok(api<{ token: string }>(base, 'POST', '/login/sms', { body: { username: `+86${phone}`, code, ...DEVICE, deviceCode } }))
  const done = await ok(api<{ token: string }>(base, 'PUT', '/auth/student/improve', { token: first.token, body: { name: '林小雨', grade: '五年级', className: '2班', orgCode: 'DEMO' } }))
  const token = done.token ?? first.token
  return { phone, userId: subOf(token), token }
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
