// A school's morning (npm run bench:morning; docs/cluster.md "Sizing for a million students"): 2,000
// students arrive over 60 s, at random moments (a Poisson process), and each does what the app does at
// launch: signs in with an SMS code, fetches the profile, then opens Home (desk and unread count) and the
// live channel together, and stays connected. Measured first on 3 nodes behind nginx on PostgreSQL and
// Redis (a fresh database, dropped afterwards, and a flushed Redis database number), then on one SQLite
// process (server/dist/main.mjs, as `npm start` runs it) under the same morning.
//
// Every student has a source address of 127.0.0.0/8 shared with a few others (`--per-address`, a family or
// a classroom's Wi-Fi), so the shipped per-address limits count as in a district, not as one school
// behind one NAT; no limit is raised. Why SMS: the accounts need no password hash (seeding pays argon2id
// not even once), a phone number and a code is how these students sign in first, and a password sign-in
// would add argon2id's CPU (its cost on this machine is printed too). The code is read from the dev
// outbox, a call no phone makes: it is timed apart and left out of the calls counted (a launch's time,
// from its first call to the live channel, includes it).
//
// Prints, per target: throughput, p50/p95/p99 of each call, errors, each node's memory with every student
// connected; for the cluster also PostgreSQL's connections and transactions and Redis's commands (counted
// with MONITOR on the bench's database number only). Exits non-zero on any error.
// Usage: node scripts/bench-morning.mjs [--students N] [--seconds S] [--nodes N] [--per-address N]
// Environment: BENCH_REDIS_URL (default redis://127.0.0.1:6379/12), TEST_PG_URL (scripts/pg-admin.mjs).
import { hash, verify } from '@node-rs/argon2'
import { Redis } from 'ioredis'
import mqtt from 'mqtt'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import pg from 'pg'
import { tsImport } from 'tsx/esm/api'
import { Agent, request } from 'undici'
import { buildIfStale } from './build-if-stale.mjs'
import { startCluster } from './cluster-lib.mjs'
import { cpuMs, memoryMb, percentile, startLocalServer } from './local-server.mjs'
import { ADMIN_URL, adminQuery as admin, databaseUrl } from './pg-admin.mjs'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? Math.max(1, Number(process.argv[i + 1]) || fallback) : fallback
}
const STUDENTS = arg('--students', 2000)
const SECONDS = arg('--seconds', 60)
const NODES = arg('--nodes', 3)
const PER_ADDRESS = arg('--per-address', 10)
const REDIS = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/12'
const REDIS_DB = new URL(REDIS).pathname.slice(1) || '0'
const FIRST_PHONE = 15_800_000_000
/** Students before the morning, not counted: the nodes have served before 8:00 (their code is compiled, their pools are open). */
const WARM_UP = 30
const ORG = { code: 'MORNING', name: 'Morning School' }
const DEVICE = { appId: 'jsj-habor', deviceType: 'browser' }
/** What a phone gives a call, its connection included, before it counts as failed: the app's (DEFAULT_TIMEOUT_MS, src/lib/http/client.ts). */
const CALL_TIMEOUT_MS = 60_000

const CALLS = ['POST /api/sms/code', 'POST /api/login/sms', 'GET /api/auth/student', 'GET /api/home/desk', 'GET /api/inbox/unread', 'live: connect + subscribe']
const OUTBOX = 'GET /api/dev/sms/outbox'
const DROPPED = 'live: dropped before the end'

const phase = (what) => process.stderr.write(`  … ${what}\n`)

/** What an interrupted run still has to stop and drop, newest last (Ctrl-C must not leave nodes or a database behind). */
const pending = new Set()
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    process.stderr.write(`\n${signal}: stopping what the bench started\n`)
    for (const undo of [...pending].reverse()) await undo().catch(() => undefined)
    process.exit(130)
  })
}
/** Runs `work` with `undo` registered for an interruption, and `undo` at its end in any case. */
async function holding(undo, work) {
  pending.add(undo)
  try {
    return await work()
  } finally {
    pending.delete(undo)
    await undo()
  }
}
const seed = await tsImport('../server/db/seed.ts', import.meta.url)
const { openDb } = await tsImport('../server/db/connect.ts', import.meta.url)

/** Arrival moments (ms from the start) of `n` students over `seconds`: a Poisson process given its count, from a fixed seed. */
function arrivals(n, seconds) {
  let s = 0x5eed
  const random = () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31)
  return Array.from({ length: n }, () => random() * seconds * 1000).sort((a, b) => a - b)
}

/** Student i's source address: 127.10.x.y, shared by PER_ADDRESS students. */
function addressOf(i) {
  const a = Math.floor(i / PER_ADDRESS)
  return `127.10.${Math.floor(a / 250)}.${(a % 250) + 1}`
}

async function seedStudents(handle) {
  try {
    await seed.seedStudents(handle.db, Date.now(), { count: STUDENTS + WARM_UP, firstPhone: FIRST_PHONE, org: ORG })
  } finally {
    await handle.db.destroy()
  }
}

/**
 * Students `first` … `first + count - 1` arriving over `seconds` at `target` ({ base, ws, outbox(i) }): the
 * calls' timings and errors; `hangUp()` closes their live connections.
 */
async function morning(target, { first = 0, count = STUDENTS, seconds = SECONDS } = {}) {
  const times = Object.fromEntries([...CALLS, OUTBOX].map((c) => [c, []]))
  const errors = Object.fromEntries([...CALLS, OUTBOX, DROPPED].map((c) => [c, 0]))
  const messages = new Map()
  const whole = []
  const live = []
  let finished = 0
  let hungUp = false

  const timed = async (name, work) => {
    const start = performance.now()
    try {
      const r = await work()
      times[name].push(performance.now() - start)
      return r
    } catch (e) {
      errors[name]++
      const m = `${name}: ${e.message}`
      messages.set(m, (messages.get(m) ?? 0) + 1)
      throw e
    }
  }

  async function student(i) {
    const username = String(FIRST_PHONE + i)
    const localAddress = addressOf(i)
    // One phone: its own connection, kept alive across its calls.
    const agent = new Agent({ localAddress, connectTimeout: CALL_TIMEOUT_MS, headersTimeout: CALL_TIMEOUT_MS, bodyTimeout: CALL_TIMEOUT_MS })
    const call = async (name, method, path, { body, token, orgId, base = target.base } = {}) =>
      timed(name, async () => {
        const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...(orgId ? { 'org-id': orgId } : {}) }
        const res = await request(`${base}/api${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined, dispatcher: agent })
        const json = await res.body.json()
        if (res.statusCode !== 200 || json.code !== 0) throw new Error(`HTTP ${res.statusCode}, code ${json.code} ${json.msg ?? ''}`)
        return json.data
      })
    const start = performance.now()
    try {
      await call(CALLS[0], 'POST', '/sms/code', { body: { username, scene: 'login' } })
      const { code } = await call(OUTBOX, 'GET', `/dev/sms/outbox?phone=${username}`, { base: target.outbox(i) })
      const { token } = await call(CALLS[1], 'POST', '/login/sms', { body: { username, code, ...DEVICE, deviceCode: `morning-${i}` } })
      const profile = await call(CALLS[2], 'GET', `/auth/student?appId=${DEVICE.appId}`, { token })
      const orgId = profile.orgList[0]?.id
      const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub
      // Home's desk and the badge, and the live channel, as the app starts them once the profile is in.
      await Promise.all([
        call(CALLS[3], 'GET', '/home/desk', { token, orgId }),
        call(CALLS[4], 'GET', '/inbox/unread', { token }),
        timed(CALLS[5], async () => {
          const client = mqtt.connect(target.ws, {
            clientId: `habor_${randomBytes(8).toString('hex')}`,
            keepalive: 60,
            reconnectPeriod: 0,
            connectTimeout: CALL_TIMEOUT_MS,
            clean: true,
            username: 'token',
            password: token,
            wsOptions: { localAddress },
          })
          live.push(client)
          await new Promise((resolve, reject) => {
            client.once('connect', resolve)
            client.once('error', reject)
            client.once('close', () => reject(new Error('closed before CONNACK')))
          })
          await client.subscribeAsync(`session/${DEVICE.appId}/${DEVICE.deviceType}/${sub}`, { qos: 1 })
          // Connected, it stays so until the bench hangs up: a drop before is an error.
          client.on('error', () => undefined)
          client.once('close', () => {
            if (hungUp) return
            errors[DROPPED]++
            messages.set(`${DROPPED}`, (messages.get(DROPPED) ?? 0) + 1)
          })
        }),
      ])
      whole.push(performance.now() - start)
      finished++
    } catch {
      // Counted by `timed`.
    } finally {
      await agent.close()
    }
  }

  const at = arrivals(count, seconds)
  const t0 = performance.now()
  const progress = setInterval(() => phase(`${((performance.now() - t0) / 1000).toFixed(0)} s: ${finished} of ${count} students in, ${Object.values(errors).reduce((a, b) => a + b, 0)} errors`), 10_000)
  await Promise.all(at.map((ms, i) => new Promise((resolve) => setTimeout(() => student(first + i).then(resolve), ms))))
  clearInterval(progress)
  const elapsed = (performance.now() - t0) / 1000
  return {
    times,
    errors,
    messages,
    whole,
    finished,
    elapsed,
    /** Closes the students' live clients, at once. */
    async hangUp() {
      hungUp = true
      await Promise.all(live.map((c) => c.endAsync(true).catch(() => undefined)))
    },
  }
}

/** Peak connections to database `name`, sampled every 250 ms while `work` runs. */
async function peakConnections(name, work) {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  let peak = 0
  let sampling = true
  const loop = (async () => {
    while (sampling) {
      const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name])
      peak = Math.max(peak, rows[0].n)
      await new Promise((r) => setTimeout(r, 250))
    }
  })()
  try {
    return { result: await work(), peak }
  } finally {
    sampling = false
    await loop
    await client.end()
  }
}

/** CPU ms of each process in `pids` (a Map pid → ms, to subtract one reading from a later one). */
const cpuOf = (pids) => new Map(pids.map((pid) => [pid, cpuMs(pid)]))
/** CPU ms the processes of `after` used since `before` (a process started in between counts whole). */
const cpuSince = (before, after) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0)
/** PostgreSQL's server processes for database `name`: the nodes' pooled connections. */
const backends = async (name) => (await admin(`select pid from pg_stat_activity where datname = '${name}'`)).rows.map((r) => r.pid)
/** nginx's workers, the children of its master process. */
const workers = (master) => readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)

/** `work`'s result and the CPU ms that the processes `pids()` names used meanwhile, with this process's own. */
async function cpuDuring(pids, work) {
  const before = await pids()
  const self = process.cpuUsage()
  const result = await work()
  const used = process.cpuUsage(self)
  const after = await pids()
  const ms = Object.fromEntries(Object.entries(after).map(([k, m]) => [k, cpuSince(before[k], m)]))
  return { result, cpu: { ...ms, bench: (used.user + used.system) / 1000 } }
}

const transactions = async (name) => {
  const { rows } = await admin(`select xact_commit + xact_rollback as n from pg_stat_database where datname = '${name}'`)
  return Number(rows[0]?.n ?? 0)
}

/**
 * Redis commands on our database number while `work` runs, per second of the run (MONITOR sees every
 * client); the commands a script runs inside Redis are counted apart.
 */
async function redisCommands(redis, work) {
  const monitor = await redis.monitor()
  const perSecond = new Map()
  let total = 0
  let inScripts = 0
  monitor.on('monitor', (time, _args, source, database) => {
    if (database !== REDIS_DB) return
    if (source === 'lua') return void inScripts++
    total++
    const s = Math.floor(Number(time))
    perSecond.set(s, (perSecond.get(s) ?? 0) + 1)
  })
  try {
    const result = await work()
    return { result, total, inScripts, peakPerSecond: Math.max(0, ...perSecond.values()) }
  } finally {
    monitor.disconnect()
  }
}

/** The warm-up's students, over 3 s; an error there stops the bench before it measures. */
async function warmUp(target) {
  phase(`warm-up: ${WARM_UP} students, not counted`)
  const r = await morning(target, { first: STUDENTS, count: WARM_UP, seconds: 3 })
  await r.hangUp()
  const failed = Object.values(r.errors).reduce((a, b) => a + b, 0)
  if (failed) throw new Error(`the warm-up failed ${failed} times: ${[...r.messages.keys()].join('; ')}`)
}

/** How many client addresses the server recorded for the SMS codes: the district as the server saw it. */
async function addressesSeen(handle) {
  try {
    const row = await handle.db.selectFrom('sms_codes').select((eb) => eb.fn.count('ip').distinct().as('n')).executeTakeFirstOrThrow()
    return Number(row.n)
  } finally {
    await handle.db.destroy()
  }
}

async function onCluster() {
  const name = `habor_morning_${randomBytes(5).toString('hex')}`
  await admin(`create database ${name}`)
  const redis = new Redis(REDIS)
  const dropped = async () => {
    redis.disconnect()
    await admin(`drop database if exists ${name} with (force)`)
  }
  return holding(dropped, async () => {
    await redis.flushdb()
    phase(`${NODES} nodes behind nginx on PostgreSQL (${name}) and Redis (database ${REDIS_DB})`)
    const cluster = await startCluster({ nodes: NODES, databaseUrl: databaseUrl(name), redisUrl: REDIS })
    let stopped
    const stop = () => (stopped ??= cluster.stop())
    return holding(stop, async () => {
      const nodes = cluster.nodes
      phase(`seeding ${STUDENTS} students`)
      await seedStudents(openDb({ dataDir: '', databaseUrl: databaseUrl(name) }))
      const target = {
        base: cluster.base,
        ws: cluster.base.replace(/^http/, 'ws') + '/mqtt',
        // Any node reads the shared outbox; through nginx it would refuse (the address is forwarded).
        outbox: (i) => nodes[i % nodes.length].base,
      }
      await warmUp(target)
      const before = await transactions(name)
      const idle = nodes.map((n) => memoryMb(n.proc.pid).rss)
      phase(`the morning: ${STUDENTS} students over ${SECONDS} s`)
      const pids = async () => ({ nodes: cpuOf(nodes.map((n) => n.proc.pid)), nginx: cpuOf(workers(cluster.nginx.proc.pid)), postgres: cpuOf(await backends(name)) })
      const measured = await cpuDuring(pids, () => redisCommands(redis, () => peakConnections(name, () => morning(target))))
      const run = measured.result
      const r = run.result.result
      const liveByNode = await Promise.all(nodes.map((n) => liveConnections(n.base)))
      const memory = nodes.map((n) => memoryMb(n.proc.pid))
      await r.hangUp()
      await stop()
      // A closed connection has reported its statistics.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      const pgTransactions = (await transactions(name)) - before
      const addresses = await addressesSeen(openDb({ dataDir: '', databaseUrl: databaseUrl(name) }))
      return { ...r, memory, idle, liveByNode, addresses, cpu: measured.cpu, pg: { peak: run.result.peak, transactions: pgTransactions }, redis: { total: run.total, inScripts: run.inScripts, peakPerSecond: run.peakPerSecond } }
    })
  })
}

/** The node's open live-channel connections (its /metrics, which answers the machine itself). */
async function liveConnections(base) {
  const text = await fetch(`${base}/metrics`).then((r) => (r.ok ? r.text() : ''), () => '')
  const m = /^habor_live_connections(?:\{[^}]*\})? (\d+)/m.exec(text)
  return m ? Number(m[1]) : NaN
}

async function onSqlite() {
  phase('one SQLite process (server/dist/main.mjs)')
  const s = await startLocalServer({ prefix: 'habor-morning', logLevel: 'warn', limit: null, compiled: true })
  let stopped
  return holding(() => (stopped ??= s.stop()), async () => {
    phase(`seeding ${STUDENTS} students`)
    await seedStudents(openDb({ dataDir: s.dataDir }))
    const target = { base: s.base, ws: s.ws, outbox: () => s.base }
    await warmUp(target)
    const idle = [memoryMb(s.pid).rss]
    phase(`the morning: ${STUDENTS} students over ${SECONDS} s`)
    const measured = await cpuDuring(async () => ({ nodes: cpuOf([s.pid]) }), () => morning(target))
    const r = measured.result
    const liveByNode = [await liveConnections(s.base)]
    const memory = [memoryMb(s.pid)]
    await r.hangUp()
    return { ...r, memory, idle, liveByNode, cpu: measured.cpu, addresses: await addressesSeen(openDb({ dataDir: s.dataDir })) }
  })
}

/** CPU milliseconds of one argon2id check at the server's cost (server/services/crypto.ts), the median of 5. */
async function argon2Ms() {
  const { ARGON2 } = await tsImport('../server/services/crypto.ts', import.meta.url)
  const stored = await hash('a-password', ARGON2)
  const each = []
  for (let i = 0; i < 5; i++) {
    const before = process.cpuUsage()
    await verify(stored, 'a-password')
    const used = process.cpuUsage(before)
    each.push((used.user + used.system) / 1000)
  }
  return percentile(each, 50)
}

const f = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–')
function report(title, r) {
  const calls = CALLS.reduce((n, c) => n + r.times[c].length, 0)
  const errorCount = Object.values(r.errors).reduce((a, b) => a + b, 0)
  console.log(`\n${title}`)
  console.log(`  ${r.finished} of ${STUDENTS} students through in ${f(r.elapsed, 1)} s; ${calls} student calls, ${f(calls / r.elapsed)} calls/s on average; ${errorCount} errors; the server saw ${r.addresses} client addresses (the warm-up's included)`)
  console.log('  | call | count | errors | p50 ms | p95 ms | p99 ms | max ms |')
  console.log('  |---|---|---|---|---|---|---|')
  for (const c of [...CALLS, OUTBOX]) {
    const xs = r.times[c]
    const row = [c === OUTBOX ? `${c} (the bench's, not timed for students)` : c, xs.length, r.errors[c], f(percentile(xs, 50), 1), f(percentile(xs, 95), 1), f(percentile(xs, 99), 1), f(Math.max(...xs), 1)]
    console.log(`  | ${row.join(' | ')} |`)
  }
  console.log(`  | a student's launch, sign-in to live | ${r.whole.length} | | ${f(percentile(r.whole, 50), 1)} | ${f(percentile(r.whole, 95), 1)} | ${f(percentile(r.whole, 99), 1)} | ${f(Math.max(...r.whole), 1)} |`)
  r.memory.forEach((m, i) =>
    console.log(`  ${r.memory.length > 1 ? `node ${i}` : 'process'}: RSS ${f(r.idle[i])} MB before the morning, ${f(m.rss)} MB with ${f(r.liveByNode[i])} live connections open (peak ${f(m.peak)} MB)`),
  )
  const live = r.liveByNode.reduce((a, b) => a + b, 0)
  const grown = r.memory.reduce((sum, m, i) => sum + m.rss - r.idle[i], 0)
  console.log(`  memory: ${f((grown * 1024) / live)} KB more per live connection (the growth over the morning, all of it charged to the connections)`)
  const cpu = (what, ms) => `${what} ${f(ms / 1000, 1)} s (${f(ms / r.finished, 1)} ms a student)`
  const parts = [cpu(r.memory.length > 1 ? 'the nodes' : 'the process', r.cpu.nodes), r.cpu.nginx !== undefined && cpu('nginx', r.cpu.nginx), r.cpu.postgres !== undefined && cpu('PostgreSQL', r.cpu.postgres), cpu('the load generator (this process)', r.cpu.bench)]
  console.log(`  CPU during the morning: ${parts.filter(Boolean).join('; ')}`)
  if (r.pg) console.log(`  PostgreSQL: at most ${r.pg.peak} connections to the database; ${r.pg.transactions} transactions (${f(r.pg.transactions / r.finished, 1)} per student)`)
  if (r.redis) console.log(`  Redis: ${r.redis.total} commands (${f(r.redis.total / r.finished, 1)} per student), at most ${r.redis.peakPerSecond} in one second; ${r.redis.inScripts} more run inside scripts`)
  if (r.errors[DROPPED]) console.log(`  ${r.errors[DROPPED]} live connections dropped before the end`)
  for (const [m, n] of [...r.messages].slice(0, 8)) console.log(`  error ×${n}: ${m}`)
  return errorCount
}

buildIfStale()
console.log(
  `Habor school morning: ${STUDENTS} students over ${SECONDS} s (Poisson arrivals), ${PER_ADDRESS} per source address of 127.10.0.0/16; ` +
    `the shipped limits (none raised); ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)} at start`,
)
const cluster = await onCluster()
const sqlite = await onSqlite()
const errors = report(`${NODES} nodes behind nginx, PostgreSQL + Redis`, cluster) + report('one SQLite process', sqlite)
console.log(`\nA password sign-in would add one argon2id check: ${f(await argon2Ms(), 1)} ms of CPU here (the SMS sign-in above has none).`)
console.log(`Load average ${loadavg()[0].toFixed(1)} at the end.`)
if (errors > 0) {
  console.log(`\nFAILED: ${errors} errors (the pass mark is 0)`)
  process.exitCode = 1
}
