// Bounded cluster bench on loopback (npm run bench:cluster), in two parts.
// Per node, side by side in one run: one SQLite process, one node on PostgreSQL + Redis reached directly,
// the same node through nginx with the shipped deploy/habor.nginx.conf, and through a second nginx with
// upstream keep-alive turned on (what the shipped file leaves off: docs/cluster.md), each serving signed-in
// GET /api/auth/student and GET /api/home/desk (autocannon, 10 connections, 5 s), in interleaved rounds
// (each round visits the subjects in a rotated order) → requests/s median and range, and the ratios to
// SQLite (the median of each round's ratio: rounds side by side are what a noisy machine lets compare).
// Then nodes behind nginx on PostgreSQL and Redis, with 1 node and then 2, each on a fresh database and a
// flushed Redis database number (15, or BENCH_REDIS_URL):
//   1. a password-login storm and GET /api/auth/student load through nginx (autocannon, 10 connections,
//      a few seconds each) → requests/s, p50, p99, and Redis commands per request (Redis's own counter);
//   2. 200 cross-node kicks: a terminal on node 0's /mqtt, a password login through the last node, and the
//      time from that login's answer to the terminal receiving 'logout'.
// On 2 cores a second node shows the cost of sharing, not more capacity (docs/cluster.md explains the
// sizing these figures lead to). Usage: node scripts/bench-cluster.mjs [--runs N] [--rounds N] [--per-node]
// (runs of the cluster part, default 3; rounds of the per-node part, default 3; --per-node: that part only)
import autocannon from 'autocannon'
import { Redis } from 'ioredis'
import mqtt from 'mqtt'
import { randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildIfStale } from './build-if-stale.mjs'
import { ROOT, SERVER, sparePort, startCluster, startNginx } from './cluster-lib.mjs'
import { api, localServerEnv } from './local-server.mjs'
import { adminQuery as admin, databaseUrl } from './pg-admin.mjs'

const argRuns = process.argv.indexOf('--runs')
const RUNS = argRuns > 0 ? Math.max(1, Number(process.argv[argRuns + 1]) || 1) : 3
const argRounds = process.argv.indexOf('--rounds')
const ROUNDS = argRounds > 0 ? Math.max(1, Number(process.argv[argRounds + 1]) || 1) : 3
const PER_NODE_ONLY = process.argv.includes('--per-node')
const SECONDS = 5
const CONNECTIONS = 10
const KICKS = 200
const REDIS = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/15'
const DEVICE = { appId: 'jsj-habor', deviceType: 'browser' }
const STUDENT = { username: '13800138000', password: 'Passw0rd!' }

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]
const phase = (what) => process.stderr.write(`  … ${what}\n`)

/** Redis commands processed while `work` runs (the whole server, so nothing else should use it). */
async function commandsDuring(redis, work) {
  const count = async () => Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))[1])
  const before = await count()
  const result = await work()
  return { result, commands: (await count()) - before - 1 }
}

/**
 * A run with any non-2xx or timeout ends the bench. Connection errors are counted and printed with
 * `countErrors` (at most one in a thousand calls): nginx closes a client's connection after
 * keepalive_requests (1,000) calls, and autocannon counts the call it had sent on it as an error.
 */
function cannon({ countErrors = false, ...opts }) {
  phase(`${opts.title}: ${SECONDS} s`)
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, pipelining: 1, timeout: 30, duration: SECONDS, ...opts }, (err, r) => {
      if (err) return reject(err)
      if (r.non2xx || (r.errors && !(countErrors && r.errors * 1000 <= r.requests.total)) || r.timeouts) return reject(new Error(`${opts.title}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`))
      resolve({ rps: r.requests.total / SECONDS, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, errors: r.errors })
    }),
  )
}

async function kicks(cluster) {
  const near = cluster.nodes[0]
  const far = cluster.nodes[cluster.nodes.length - 1]
  const ws = `ws://127.0.0.1:${near.port}/mqtt`
  let session = await api(far.base, 'POST', '/login', { ...STUDENT, ...DEVICE, deviceCode: 'kick-0' })
  const sub = JSON.parse(Buffer.from(session.token.split('.')[1], 'base64url').toString()).sub
  const topic = `session/${DEVICE.appId}/${DEVICE.deviceType}/${sub}`
  const latencies = []
  phase(`${KICKS} kicks, terminal on node 0, login through node ${far.index}`)
  for (let i = 1; i <= KICKS; i++) {
    const t = mqtt.connect(ws, { username: 'token', password: session.token, clientId: `bench_${randomBytes(6).toString('hex')}`, reconnectPeriod: 0 })
    await new Promise((resolve, reject) => (t.once('connect', resolve), t.once('error', reject)))
    await t.subscribeAsync(topic, { qos: 1 })
    let at = 0
    const got = new Promise((resolve) => t.once('message', () => resolve((at = performance.now()))))
    session = await api(far.base, 'POST', '/login', { ...STUDENT, ...DEVICE, deviceCode: `kick-${i}` })
    const answered = performance.now()
    await Promise.race([got, new Promise((_, reject) => setTimeout(() => reject(new Error(`kick ${i} not received within 5 s`)), 5000))])
    latencies.push(Math.max(0, at - answered))
    await t.endAsync(true)
  }
  return { p50: pct(latencies, 50), p99: pct(latencies, 99) }
}

async function oneRun(nodes) {
  const name = `habor_bench_${randomBytes(5).toString('hex')}`
  await admin(`create database ${name}`)
  const redis = new Redis(REDIS)
  await redis.flushdb()
  const cluster = await startCluster({
    nodes,
    databaseUrl: databaseUrl(name),
    redisUrl: REDIS,
    env: { RATE_LIMIT_AUTH_PER_MIN: '10000000', RATE_LIMIT_API_PER_MIN: '10000000', RATE_LIMIT_ACCOUNT_PER_MIN: '10000000' },
  })
  try {
    const login = await commandsDuring(redis, () =>
      cannon({ title: `${nodes} node(s): login storm`, url: `${cluster.base}/api/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...STUDENT, ...DEVICE, deviceCode: 'bench-login' }) }),
    )
    // After the storm: each of its logins replaced the account's one browser session.
    const { token } = await api(cluster.base, 'POST', '/login', { ...STUDENT, ...DEVICE, deviceCode: 'bench-http' })
    const student = await commandsDuring(redis, () => cannon({ title: `${nodes} node(s): auth/student`, url: `${cluster.base}/api/auth/student?appId=jsj-habor`, headers: { authorization: `Bearer ${token}` } }))
    const kick = await kicks(cluster)
    return {
      login: { ...login.result, redisPerRequest: login.commands / login.result.total },
      student: { ...student.result, redisPerRequest: student.commands / student.result.total },
      kick,
    }
  } finally {
    await cluster.stop()
    redis.disconnect()
    await admin(`drop database if exists ${name} with (force)`)
  }
}

const f0 = (x) => x.toFixed(0)
function print(title, r) {
  const row = (what, x) => `  ${what.padEnd(20)} ${f0(x.rps).padStart(6)} req/s   p50 ${f0(x.p50).padStart(3)} ms   p99 ${f0(x.p99).padStart(4)} ms   redis ${x.redisPerRequest.toFixed(2)} commands/request`
  console.log(`\n${title}`)
  console.log(row('POST /api/login', r.login))
  console.log(row('GET /api/auth/student', r.student))
  console.log(`  cross-node kick      p50 ${r.kick.p50.toFixed(1)} ms   p99 ${r.kick.p99.toFixed(1)} ms   (${KICKS} kicks)`)
}

/** The compiled server alone on SQLite (as `npm start` runs it), limits raised; resolves once healthy. */
async function startSqlite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'habor-bench-sqlite-'))
  const port = await sparePort()
  const proc = spawn(process.execPath, [SERVER], { cwd: ROOT, env: localServerEnv({ dataDir, port, logLevel: 'warn', limit: 10_000_000 }), stdio: ['ignore', 'ignore', 'inherit'] })
  const exited = new Promise((resolve) => proc.once('exit', resolve))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error('the SQLite server did not start')
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    base,
    pid: proc.pid,
    async stop() {
      proc.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

const PER_NODE_PATHS = ['/api/auth/student', '/api/home/desk']
const TARGET = { pg_redis: 0.6, via_nginx: 0.5 }

/**
 * CPU time (user + system, ms) a process has used: on a machine shared with other work, a server's CPU per
 * call moves far less than its requests a second (PostgreSQL's, Redis's and nginx's own time is not in it).
 */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/** One SQLite process, one PostgreSQL + Redis node directly, that node through nginx; rounds interleaved. */
async function perNode() {
  const name = `habor_bench_${randomBytes(5).toString('hex')}`
  await admin(`create database ${name}`)
  const redis = new Redis(REDIS)
  await redis.flushdb()
  const sqlite = await startSqlite()
  const keptDir = mkdtempSync(join(tmpdir(), 'habor-bench-nginx-'))
  chmodSync(keptDir, 0o755)
  let cluster = null
  let kept = null
  try {
    cluster = await startCluster({
      nodes: 1,
      databaseUrl: databaseUrl(name),
      redisUrl: REDIS,
      env: { RATE_LIMIT_AUTH_PER_MIN: '10000000', RATE_LIMIT_API_PER_MIN: '10000000', RATE_LIMIT_ACCOUNT_PER_MIN: '10000000' },
    })
    const node = cluster.nodes[0].base
    kept = await startNginx(keptDir, await sparePort(), [cluster.nodes[0].port], true)
    const signIn = async (base) => (await api(base, 'POST', '/login', { ...STUDENT, ...DEVICE, deviceCode: 'bench-per-node' })).token
    const tokens = { sqlite: await signIn(sqlite.base), pg_redis: await signIn(node) }
    const subjects = [
      { key: 'sqlite', title: 'one SQLite process', base: sqlite.base, token: tokens.sqlite, pid: sqlite.pid },
      { key: 'pg_redis', title: 'one node, PostgreSQL + Redis', base: node, token: tokens.pg_redis, pid: cluster.nodes[0].proc.pid },
      { key: 'via_nginx', title: 'that node through nginx', base: cluster.base, token: tokens.pg_redis, pid: cluster.nodes[0].proc.pid, countErrors: true },
      { key: 'kept_alive', title: '…with upstream keep-alive', base: kept.base, token: tokens.pg_redis, pid: cluster.nodes[0].proc.pid, countErrors: true },
    ]
    const results = Object.fromEntries(PER_NODE_PATHS.map((p) => [p, Object.fromEntries(subjects.map((s) => [s.key, []]))]))
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of PER_NODE_PATHS) {
        for (let i = 0; i < subjects.length; i++) {
          const s = subjects[(i + round) % subjects.length]
          const before = cpuMs(s.pid)
          const r = await cannon({ title: `round ${round + 1}, ${path}, ${s.title}`, url: `${s.base}${path}`, headers: { authorization: `Bearer ${s.token}` }, countErrors: s.countErrors })
          results[path][s.key].push({ ...r, cpuUs: ((cpuMs(s.pid) - before) * 1000) / r.total })
        }
      }
    }
    // The node's own copy of the sign-in check (server/services/sessionCache.ts): one account, ten
    // connections, so nearly every call after the first finds it; say how often it did.
    const metrics = await fetch(`${node}/metrics`).then((r) => r.text())
    const count = (result) => Number(new RegExp(`habor_session_cache_reads_total\\{result="${result}"\\} (\\d+)`).exec(metrics)?.[1] ?? NaN)
    return { subjects, results, cache: { hits: count('hit'), misses: count('miss') } }
  } finally {
    await kept?.stop()
    rmSync(keptDir, { recursive: true, force: true })
    await cluster?.stop()
    await sqlite.stop()
    redis.disconnect()
    await admin(`drop database if exists ${name} with (force)`)
  }
}

function printPerNode({ subjects, results, cache }) {
  const range = (xs) => `${f0(Math.min(...xs))}–${f0(Math.max(...xs))}`
  console.log(`\nPer node, ${ROUNDS} interleaved round(s) of ${SECONDS} s, ${CONNECTIONS} connections (requests/s: median, range; the server process's CPU per call; ratio to SQLite: median of the rounds' ratios of requests/s, range)`)
  for (const path of PER_NODE_PATHS) {
    console.log(`  GET ${path}`)
    const lite = results[path].sqlite.map((r) => r.rps)
    for (const s of subjects) {
      const rps = results[path][s.key].map((r) => r.rps)
      const p99 = median(results[path][s.key].map((r) => r.p99))
      let ratio = ''
      if (s.key !== 'sqlite') {
        const ratios = rps.map((x, i) => x / lite[i])
        const m = median(ratios)
        ratio = `   ${m.toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`
        if (TARGET[s.key]) ratio += `, target ≥ ${TARGET[s.key]}× ${m >= TARGET[s.key] ? 'met' : 'NOT met'}`
      }
      const cpu = results[path][s.key].map((r) => r.cpuUs)
      const errors = results[path][s.key].reduce((n, r) => n + r.errors, 0)
      console.log(`    ${s.title.padEnd(30)} ${f0(median(rps)).padStart(6)} req/s (${range(rps)})   p99 ${f0(p99).padStart(3)} ms   node CPU ${f0(median(cpu))} µs/call (${range(cpu)})${ratio}${errors ? `   ${errors} connection error(s)` : ''}`)
    }
  }
  const reads = cache.hits + cache.misses
  if (Number.isFinite(reads)) console.log(`  The PostgreSQL + Redis node's sign-in check copy: ${cache.hits} hits, ${cache.misses} misses (${reads ? ((100 * cache.hits) / reads).toFixed(2) : '–'} % hits; one account on 10 connections, so a school's spread of accounts hits less)`)
  else console.log('  The PostgreSQL + Redis node keeps no copy of the sign-in check (SESSION_CACHE_MS=0, or a server without it)')
}

buildIfStale()
console.log(`Habor cluster bench: ${ROUNDS} per-node round(s)${PER_NODE_ONLY ? '' : `, then ${RUNS} run(s) per cluster size`}, ${CONNECTIONS} connections; ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)} at start`)
printPerNode(await perNode())
for (const nodes of PER_NODE_ONLY ? [] : [1, 2]) {
  const runs = []
  for (let i = 1; i <= RUNS; i++) {
    const r = await oneRun(nodes)
    print(`${nodes} node(s), run ${i}`, r)
    runs.push(r)
  }
  if (RUNS > 1) {
    const m = (get) => median(runs.map(get))
    const range = (get) => `${f0(Math.min(...runs.map(get)))}–${f0(Math.max(...runs.map(get)))}`
    const part = (k) => ({ rps: m((r) => r[k].rps), p50: m((r) => r[k].p50), p99: m((r) => r[k].p99), redisPerRequest: m((r) => r[k].redisPerRequest) })
    print(`${nodes} node(s), median of ${RUNS} runs (login req/s range ${range((r) => r.login.rps)}, auth/student ${range((r) => r.student.rps)})`, {
      login: part('login'),
      student: part('student'),
      kick: { p50: m((r) => r.kick.p50), p99: m((r) => r.kick.p99) },
    })
  }
}
