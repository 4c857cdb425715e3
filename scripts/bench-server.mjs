// Bounded load run of the server on loopback (npm run bench:server). Each run starts server/main.ts as a
// child process on a fresh data directory, with rate limits raised through the environment, and measures:
//   1. autocannon, a few seconds each: GET /api/health (the bare denominator) and GET
//      /api/auth/student in three alternating rounds, GET /api/refresh, POST /api/login → requests/s,
//      p50, p99;
//   2. the kick: 200 times, a terminal's MQTT client on /mqtt, a second login from another device, and the
//      time from that login's response to the terminal receiving 'logout';
//   3. the server process's resident memory with 2,000 idle live-channel connections (measured first).
// Refresh rotates its token: the run keeps a pool of one session per autocannon connection; a request
// takes an idle session and sends its newest refresh token, and the answer's new token goes back to the
// pool, so every request presents a valid, unspent token.
// Usage: node scripts/bench-server.mjs [--runs N]   (default 3 runs of under a minute each; the medians come last)
import autocannon from 'autocannon'
import mqtt from 'mqtt'
import { cpus, loadavg } from 'node:os'
import { api, startLocalServer } from './local-server.mjs'

const argRuns = process.argv.indexOf('--runs')
const RUNS = argRuns > 0 ? Math.max(1, Number(process.argv[argRuns + 1]) || 1) : 3
const CONNECTIONS = 10
/** Seconds per autocannon run (bounded by time: autocannon ends a counted run only on its 1 s tick,
 * which makes requests/s of a short counted run coarse). */
const SECONDS = { health: 3, student: 3, refresh: 4, login: 4 }
/** Bare and auth/student alternate this many times; the ratio is the median of the rounds' ratios. */
const ROUNDS = 3
const KICKS = 200
const IDLE = 2_000
const TARGETS = { studentRatio: 0.4, kickP99Ms: 50, idleRssMb: 300 }
const DEVICE = { deviceType: 'browser', appId: 'jsj-habor' }
const STUDENT = { username: '13800138000', password: 'Passw0rd!' }

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]
}

const startServer = () => startLocalServer({ prefix: 'habor-bench', logLevel: 'warn' })

const login = (base, deviceCode) => api(base, 'POST', '/login', { ...STUDENT, ...DEVICE, deviceCode })

/** A new account by SMS (no password hashing): one refresh family per autocannon connection. */
async function smsSession(base, i) {
  const phone = `136${String(20_000_000 + i).slice(-8)}`
  await api(base, 'POST', '/sms/code', { username: `+86${phone}`, scene: 'login' })
  const { code } = await api(base, 'GET', `/dev/sms/outbox?phone=${phone}`)
  return api(base, 'POST', '/login/sms', { username: `+86${phone}`, code, isAdmin: false, ...DEVICE, deviceCode: `bench-${i}` })
}

const phase = (what) => process.stderr.write(`  … ${what}\n`)

function cannon(opts) {
  phase(`${opts.title}: ${opts.duration} s`)
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, pipelining: 1, timeout: 30, ...opts }, (err, r) => (err ? reject(err) : resolve({ ...r, seconds: opts.duration })))
  })
}

const figures = (r) => {
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${r.title}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`)
  return { rps: r.requests.total / r.seconds, p50: r.latency.p50, p99: r.latency.p99 }
}

async function httpPhase(s) {
  const { token } = await login(s.base, 'bench-http')
  const out = {}
  // Alternating rounds, so that a change in the machine's load during the run hits both routes alike.
  const health = []
  const student = []
  for (let i = 0; i < ROUNDS; i++) {
    health.push(figures(await cannon({ title: 'health', url: `${s.base}/api/health`, duration: SECONDS.health })))
    student.push(figures(await cannon({ title: 'auth/student', url: `${s.base}/api/auth/student?appId=jsj-habor`, headers: { authorization: `Bearer ${token}` }, duration: SECONDS.student })))
  }
  const mid = (rows) => ({ rps: median(rows.map((r) => r.rps)), p50: median(rows.map((r) => r.p50)), p99: median(rows.map((r) => r.p99)) })
  out.health = mid(health)
  out.student = mid(student)
  out.ratio = median(student.map((r, i) => r.rps / health[i].rps))
  // Idle sessions, each with its newest refresh token; a request takes one and its answer puts it back.
  // (autocannon's per-request context is reset between requests, so the session travels through it only
  // from setupRequest to onResponse.)
  const idle = await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => smsSession(s.base, i)))
  out.refresh = figures(
    await cannon({
      title: 'refresh',
      url: `${s.base}/api/refresh`,
      duration: SECONDS.refresh,
      requests: [
        {
          setupRequest(req, context) {
            context.session = idle.shift()
            return { ...req, headers: { ...req.headers, authorization: `Bearer ${context.session.refreshToken}` } }
          },
          onResponse(status, body, context) {
            if (status === 200) context.session.refreshToken = JSON.parse(body).data.refreshToken
            idle.push(context.session)
          },
        },
      ],
    }),
  )
  out.login = figures(
    await cannon({
      title: 'login',
      url: `${s.base}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The same device each time: the slot's session is replaced without a kick.
      body: JSON.stringify({ ...STUDENT, ...DEVICE, deviceCode: 'bench-login' }),
      duration: SECONDS.login,
    }),
  )
  return out
}

async function terminal(ws, token, clientId) {
  const client = mqtt.connect(ws, { username: 'token', password: token, clientId, reconnectPeriod: 0, connectTimeout: 10_000, keepalive: 60 })
  await new Promise((resolve, reject) => {
    client.once('connect', resolve)
    client.once('error', reject)
  })
  return client
}

async function kickPhase(s) {
  let session = await login(s.base, 'kick-0')
  const { id: userId } = await api(s.base, 'GET', '/auth/student', undefined, session.token)
  const topic = `session/jsj-habor/browser/${userId}`
  const latencies = []
  let early = 0
  phase(`${KICKS} kicks`)
  for (let i = 1; i <= KICKS; i++) {
    const t = await terminal(s.ws, session.token, `bench-kick-${i}`)
    await t.subscribeAsync(topic, { qos: 1 })
    let receivedAt = 0
    const received = new Promise((resolve) => t.once('message', () => resolve((receivedAt = performance.now()))))
    session = await login(s.base, `kick-${i}`)
    const answeredAt = performance.now()
    await Promise.race([received, sleep(5000).then(() => Promise.reject(new Error(`kick ${i} not received within 5 s`)))])
    if (receivedAt < answeredAt) early++
    latencies.push(Math.max(0, receivedAt - answeredAt))
    await t.endAsync()
  }
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), early }
}

async function idlePhase(s) {
  const session = await login(s.base, 'idle')
  const { id: userId } = await api(s.base, 'GET', '/auth/student', undefined, session.token)
  const topic = `session/jsj-habor/browser/${userId}`
  await sleep(500)
  const baseline = s.rssMb()
  phase(`${IDLE} idle connections`)
  const clients = []
  for (let i = 0; i < IDLE; i += 100) {
    const batch = await Promise.all(Array.from({ length: Math.min(100, IDLE - i) }, (_, j) => terminal(s.ws, session.token, `bench-idle-${i + j}`)))
    await Promise.all(batch.map((c) => c.subscribeAsync(topic, { qos: 1 })))
    clients.push(...batch)
  }
  const { connections } = await api(s.base, 'GET', '/health')
  if (connections < IDLE) throw new Error(`only ${connections} of ${IDLE} connections are open`)
  await sleep(2000)
  const rss = s.rssMb()
  await Promise.all(clients.map((c) => c.endAsync(true)))
  return { baseline, rss, connections }
}

async function oneRun(n) {
  const started = Date.now()
  const s = await startServer()
  try {
    // Memory first, on the fresh process, so the figure is the connections' cost and not the heap the
    // HTTP load leaves behind.
    const idle = await idlePhase(s)
    const kick = await kickPhase(s)
    const http = await httpPhase(s)
    const r = { http, kick, idle, ratio: http.ratio, seconds: (Date.now() - started) / 1000 }
    print(`run ${n}`, r)
    return r
  } finally {
    await s.stop()
  }
}

const fmt = (x, d = 1) => x.toFixed(d)
function print(title, r) {
  const row = (name, f) => `  ${name.padEnd(22)} ${fmt(f.rps, 0).padStart(7)} req/s   p50 ${fmt(f.p50, 0).padStart(3)} ms   p99 ${fmt(f.p99, 0).padStart(4)} ms`
  console.log(`\n${title}${r.seconds ? ` (${fmt(r.seconds, 0)} s)` : ''}`)
  console.log(row('GET /api/health (bare)', r.http.health))
  console.log(row('GET /api/auth/student', r.http.student))
  console.log(row('GET /api/refresh', r.http.refresh))
  console.log(row('POST /api/login', r.http.login))
  const ok = (b) => (b ? 'ok' : 'MISSED')
  console.log(`  auth/student ÷ bare      ${fmt(r.ratio * 100, 0)} %   (target ≥ ${TARGETS.studentRatio * 100} %: ${ok(r.ratio >= TARGETS.studentRatio)})`)
  console.log(`  kick latency (${KICKS})      p50 ${fmt(r.kick.p50)} ms   p99 ${fmt(r.kick.p99)} ms   (target p99 ≤ ${TARGETS.kickP99Ms} ms: ${ok(r.kick.p99 <= TARGETS.kickP99Ms)})${r.kick.early ? `   ${r.kick.early} arrived before the login's response (counted as 0)` : ''}`)
  console.log(`  RSS idle server          ${fmt(r.idle.baseline, 0)} MB; with ${IDLE} live-channel connections ${fmt(r.idle.rss, 0)} MB   (target ≤ ${TARGETS.idleRssMb} MB: ${ok(r.idle.rss <= TARGETS.idleRssMb)})`)
}

// The client shares the machine with the server: other load skews the figures, so it is printed.
console.log(`Habor server bench: ${RUNS} run(s), ${CONNECTIONS} connections, loopback only; ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)} at start`)
const runs = []
for (let i = 1; i <= RUNS; i++) runs.push(await oneRun(i))
if (RUNS > 1) {
  const m = (get) => median(runs.map(get))
  const f = (k) => ({ rps: m((r) => r.http[k].rps), p50: m((r) => r.http[k].p50), p99: m((r) => r.http[k].p99) })
  print(`median of ${RUNS} runs`, {
    http: { health: f('health'), student: f('student'), refresh: f('refresh'), login: f('login') },
    ratio: m((r) => r.ratio),
    kick: { p50: m((r) => r.kick.p50), p99: m((r) => r.kick.p99), early: 0 },
    idle: { baseline: m((r) => r.idle.baseline), rss: m((r) => r.idle.rss) },
  })
}
