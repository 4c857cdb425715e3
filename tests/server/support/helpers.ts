/** Test support: a fresh app on a real database per test, a fake clock, and call helpers. */
import type { FastifyInstance } from 'fastify'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import pg from 'pg'
import { expect } from 'vitest'
import { afterThisTest } from './cleanup'
import { build } from '../../../server/app'
import type { BuildInput } from '../../../server/config'
import type { TaskAssigned } from '../../../src/contract/tasks'
import { signRequest, type DeviceInfo, type Envelope } from '../../../src/contract'

export const DEVICE: DeviceInfo = { deviceType: 'browser', deviceCode: 'device-a', appId: 'jsj-habor' }
export const STUDENT_PHONE = '13800138000'
export const SMS_ONLY_PHONE = '13900139000'
export const PASSWORD = 'Passw0rd!'
/** The seeded demo teacher, who may assign tasks to the demo student's class (七年级 2班 of DEMO). */
export const TEACHER_PHONE = '13600136000'

export class FakeClock {
  constructor(public t = Date.now()) {}
  readonly now = (): number => this.t
  advance(ms: number): void {
    this.t += ms
  }
}

/** A small dist/ so static serving and its headers can be checked without a real build. */
function fixtureDist(root: string): string {
  const dist = join(root, 'dist')
  mkdirSync(join(dist, 'assets'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), `<!doctype html><html><head><title>Habor</title></head><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`)
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`)
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install", () => {})')
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Habor"}')
  return dist
}

let workerDatabase: Promise<string> | undefined
/**
 * This worker's own database beside DATABASE_URL's (its name plus `_w` and the vitest pool id), created on
 * first use and dropped by scripts/test-server-pg.mjs. Files run in parallel, one per worker: Kysely's
 * migrator reads the tables of every schema of its database, and fails when another file drops its schema
 * meanwhile, so two files never share one.
 */
function ownDatabase(base: string): Promise<string> {
  workerDatabase ??= (async () => {
    const url = new URL(base)
    const name = `${url.pathname.slice(1)}_w${process.env.VITEST_POOL_ID ?? '0'}`
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    try {
      await admin.query(`create database ${name}`)
    } catch (e) {
      // 42P04: made by an earlier file of this worker.
      if ((e as { code?: string }).code !== '42P04') throw e
    } finally {
      await admin.end()
    }
    url.pathname = `/${name}`
    return url.href
  })()
  return workerDatabase
}

const ROOT = join(import.meta.dirname, '..', '..', '..')
/**
 * The files that never open the test database (they test a parser, a spawned server on its own SQLite file,
 * a broker): scripts/test-server-pg.mjs leaves them out of the PostgreSQL run, which would only repeat them.
 */
const DATABASE_FREE = new Set(JSON.parse(readFileSync(join(ROOT, 'tests', 'server', 'database-free.json'), 'utf8')) as string[])

/**
 * A fresh schema of this worker's PostgreSQL database (DATABASE_URL), dropped with the app, or null on SQLite.
 * makeApp (and listeningApp and adminApp through it) come through here on SQLite too, so a file listed as
 * database-free that asks them for the database fails in the SQLite run instead of going untested on
 * PostgreSQL; tests/server/database-free.test.ts catches a listed file that reads DATABASE_URL itself.
 */
export async function pgSchema(): Promise<{ url: string; schema: string; base: string; drop: () => Promise<void> } | null> {
  const file = relative(ROOT, expect.getState().testPath ?? '')
  if (DATABASE_FREE.has(file)) throw new Error(`${file} opens the test database: take it out of tests/server/database-free.json so that the PostgreSQL run covers it`)
  if (!process.env.DATABASE_URL) return null
  const base = await ownDatabase(process.env.DATABASE_URL)
  const schema = `t_${crypto.randomUUID().replace(/-/g, '')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  return {
    url: schemaUrl(base, schema),
    schema,
    base,
    drop: async () => {
      const c = new pg.Client({ connectionString: base })
      await c.connect()
      await c.query(`drop schema ${schema} cascade`)
      await c.end()
    },
  }
}

/** The worker database's URL with the schema first on the search path. */
function schemaUrl(base: string, schema: string): string {
  const url = new URL(base)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return url.href
}

/** Schemas of this worker that an app has migrated and seeded and a test has emptied since (PostgreSQL only). */
const emptied: string[] = []

/**
 * A schema for makeApp: one an earlier test of this worker left emptied, else a fresh one. Migrating a
 * fresh schema is about 750 statements and 250 ms of PostgreSQL's time; an emptied one is already
 * migrated, so the app only seeds it. After the test its rows go (every table but the migrator's own) and
 * the schema waits for the next app. Tests that need a schema nobody has migrated (the migrations' own
 * tests, the start-up races) call pgSchema.
 */
async function reusedSchema(): Promise<{ url: string; release: () => Promise<void> } | null> {
  const name = emptied.pop()
  if (name === undefined) {
    const fresh = await pgSchema()
    return fresh && { url: fresh.url, release: () => empty(fresh.schema, fresh.base) }
  }
  const base = await ownDatabase(process.env.DATABASE_URL!)
  return { url: schemaUrl(base, name), release: () => empty(name, base) }
}

/** Deletes every row of the schema's tables but the migrator's, and keeps the schema for the next app. */
async function empty(schema: string, base: string): Promise<void> {
  const c = new pg.Client({ connectionString: base })
  await c.connect()
  try {
    // One round trip; the replication role turns the foreign keys' triggers off, so the order is free.
    await c.query(`do $$
      declare t record;
      begin
        set local session_replication_role = replica;
        for t in select tablename from pg_tables where schemaname = '${schema}' and tablename not like 'kysely\\_%' loop
          execute format('delete from %I.%I', '${schema}', t.tablename);
        end loop;
      end $$`)
  } finally {
    await c.end()
  }
  emptied.push(schema)
}

export interface TestApp {
  app: FastifyInstance
  clock: FakeClock
  dir: string
}

/** Builds an app on a fresh database; closed and removed after the test. */
export async function makeApp(over: BuildInput = {}, clock = new FakeClock()): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'habor-test-'))
  // Registered first, so that a build a test expects to refuse (a bad setting) leaves nothing behind either;
  // the clean-ups run last first, so this runs after the app is closed.
  afterThisTest(() => rmSync(dir, { recursive: true, force: true }))
  const schema = await reusedSchema()
  if (schema) afterThisTest(() => schema.release())
  const app = await build({ dataDir: dir, distDir: fixtureDist(dir), clock: clock.now, jwtSecret: 'test-jwt-secret', databaseUrl: schema?.url, ...over })
  afterThisTest(async () => {
    // A test that listened may leave a client's keep-alive socket open; close() would wait on it.
    if (app.server.listening) app.server.closeAllConnections()
    await app.close()
  })
  await app.ready()
  return { app, clock, dir }
}

export interface CallResult<T = unknown> {
  status: number
  body: Envelope<T>
  headers: Record<string, string | string[] | number | undefined>
}

export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<CallResult<T>> {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    payload: opts.body as Record<string, unknown> | undefined,
    remoteAddress: opts.ip,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
  })
  return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers }
}

export interface Pair {
  token: string
  refreshToken: string
}

export async function passwordLogin(app: FastifyInstance, device: Partial<DeviceInfo> = {}, username = STUDENT_PHONE, password = PASSWORD): Promise<Pair> {
  const r = await call<Pair>(app, 'POST', '/login', { body: { username, password, ...DEVICE, ...device } })
  if (r.body.code !== 0) throw new Error(`login failed: ${JSON.stringify(r.body)}`)
  return r.body.data
}

/** Sends a code through the API and reads it back from the dev outbox. */
export async function smsCode(app: FastifyInstance, phone: string, scene: 'login' | 'register' | 'forget' | 'bind' = 'login'): Promise<string> {
  const sent = await call(app, 'POST', '/sms/code', { body: { username: `+86${phone}`, scene } })
  if (sent.body.code !== 0) throw new Error(`sms send failed: ${JSON.stringify(sent.body)}`)
  const box = await call<{ code: string }>(app, 'GET', `/dev/sms/outbox?phone=${phone}`)
  return box.body.data.code
}

/** A signed call's body and Sign header, as the app builds them. */
export function signed(body: Record<string, unknown>, now: number, secret?: string): { body: Record<string, unknown>; headers: Record<string, string> } {
  const s = signRequest(undefined, body, { now, secret })
  return { body: { ...body, timestamp: s.timestamp, nonce: s.nonce }, headers: { sign: s.sign } }
}

/**
 * Deletes the account behind `token` as the app does: confirmed with the password, or with a new SMS code
 * sent to `phone` (after the wait between two codes has passed on `clock`).
 */
export async function deleteAccount(app: FastifyInstance, token: string, confirm: { password: string } | { phone: string; clock: FakeClock }): Promise<CallResult> {
  if ('password' in confirm) return call(app, 'POST', '/logout/cancel', { token, body: { password: confirm.password } })
  confirm.clock.advance(61_000)
  const code = await smsCode(app, confirm.phone, 'login')
  return call(app, 'POST', '/logout/cancel', { token, body: { code } })
}

/** The demo teacher assigns a task to the demo student's class; its id. */
export async function assignDemoTask(app: FastifyInstance, title = '读《草房子》第一章'): Promise<string> {
  const teacher = await passwordLogin(app, { deviceCode: 'teacher' }, TEACHER_PHONE)
  const r = await call<TaskAssigned>(app, 'POST', '/tasks', {
    token: teacher.token,
    body: { orgCode: 'DEMO', grade: '七年级', className: '2班', title, brief: '读完第一章，写下桑桑做的一件事。', publisherName: '李老师' },
  })
  expect(r.body.code).toBe(0)
  return r.body.data.id
}
