// Bounded cluster bench on loopback (npm run bench:cluster): nodes behind nginx on PostgreSQL and Redis,
// with 1 node and then 2, each on a fresh database and a flushed Redis database number (15):
//   1. a password-login storm and GET /api/auth/student load through nginx (autocannon, 10 connections,
//      a few seconds each) → requests/s, p50, p99, and Redis commands per request (Redis's own counter);
//   2. 200 cross-node kicks: a terminal on node 0's /mqtt, a password login through the last node, and the
//      time from that login's answer to the terminal receiving 'logout'.
// On 2 cores a second node shows the cost of sharing, not more capacity (docs/cluster.md explains the
// sizing these figures lead to). Usage: node scripts/bench-cluster.mjs [--runs N] (default 3; medians last)
import autocannon from 'autocannon'
import { Redis } from 'ioredis'
import mqtt from 'mqtt'
import { randomBytes } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { buildIfStale } from './build-if-stale.mjs'
import { startCluster } from './cluster-lib.mjs'
import { api } from './local-server.mjs'
import { adminQuery as admin, databaseUrl } from './pg-admin.mjs'

const argRuns = process.argv.indexOf('--runs')
const RUNS = argRuns > 0 ? Math.max(1, Number(process.argv[argRuns + 1]) || 1) : 3
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

function cannon(opts) {
  phase(`${opts.title}: ${SECONDS} s`)
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, pipelining: 1, timeout: 30, duration: SECONDS, ...opts }, (err, r) => {
      if (err) return reject(err)
      if (r.non2xx || r.errors || r.timeouts) return reject(new Error(`${opts.title}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`))
      resolve({ rps: r.requests.total / SECONDS, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total })
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

buildIfStale()
console.log(`Habor cluster bench: ${RUNS} run(s) per size, ${CONNECTIONS} connections through nginx; ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)} at start`)
for (const nodes of [1, 2]) {
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
