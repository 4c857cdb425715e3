// What the live channel's flood costs everyone else (npm run bench:flood; docs/security.md "The live
// channel's cost per connection"). Starts server/main.ts as a child process on a fresh data directory and
// measures another client's GET /api/health latency, one request after another, in alternating rounds:
// idle, then while one account's ten sockets flood PINGREQ without reading (scripts/live-flood.mjs, in a
// process of its own so that it does not share the measuring client's event loop).
// Each round's ratio is its flood p50 over its idle p50; the run prints every round and the median and
// range of the ratios, and fails when the median is over 3.
// Usage: node scripts/bench-flood.mjs [--rounds N] [--seconds S]   (default 5 rounds of 2 × 5 s)
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { api, median, percentile as pct, startLocalServer } from './local-server.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? Math.max(1, Number(process.argv[i + 1]) || fallback) : fallback
}
const ROUNDS = arg('--rounds', 5)
const SECONDS = arg('--seconds', 5)
const SOCKETS = 10
const TARGET_RATIO = 3

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

const startServer = () => startLocalServer({ prefix: 'habor-flood', logLevel: 'error' })

/** GET /api/health one after another for `seconds`: each answer's milliseconds. */
async function healthLatencies(base, seconds) {
  const out = []
  const end = Date.now() + seconds * 1000
  while (Date.now() < end) {
    const start = performance.now()
    const res = await fetch(`${base}/api/health`)
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`health answered ${res.status}`)
    out.push(performance.now() - start)
  }
  return out
}

/** Runs `measure` while a flood runs in a process of its own; the measure's result and the messages the flood sent. */
async function floodWhile(s, token, measure) {
  const flood = spawn(process.execPath, [join(ROOT, 'scripts', 'live-flood.mjs'), s.ws, token, String(SOCKETS), String((SECONDS + 1) * 1000)], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  flood.stdout.on('data', (d) => (out += d))
  const exited = new Promise((resolve) => flood.once('exit', resolve))
  // The flood is under way before the first measured request.
  await sleep(500)
  const latencies = await measure()
  await exited
  return { latencies, frames: Number(out.trim()) }
}

const s = await startServer()
try {
  const { token } = await api(s.base, 'POST', '/login', { username: '13800138000', password: 'Passw0rd!', deviceType: 'browser', appId: 'jsj-habor', deviceCode: 'bench-flood' })
  await healthLatencies(s.base, 1) // warm-up
  const rows = []
  for (let round = 1; round <= ROUNDS; round++) {
    const idle = await healthLatencies(s.base, SECONDS)
    const flood = await floodWhile(s, token, () => healthLatencies(s.base, SECONDS))
    const row = { round, idleP50: median(idle), idleP99: pct(idle, 99), floodP50: median(flood.latencies), floodP99: pct(flood.latencies, 99), floodFrames: flood.frames }
    row.ratio = row.floodP50 / row.idleP50
    rows.push(row)
    process.stderr.write(`  … round ${round}: idle p50 ${row.idleP50.toFixed(2)} ms, flood p50 ${row.floodP50.toFixed(2)} ms (${row.ratio.toFixed(2)}×), ${row.floodFrames} flood messages sent\n`)
  }
  const ratios = rows.map((r) => r.ratio)
  console.log(`\nGET /api/health from another client, idle and during ${SOCKETS} non-reading sockets flooding PINGREQ (${ROUNDS} rounds of ${SECONDS} s each; load average ${loadavg()[0].toFixed(1)})`)
  console.log('| round | idle p50 | idle p99 | flood p50 | flood p99 | ratio (p50) | flood messages sent |')
  console.log('|---|---|---|---|---|---|---|')
  for (const r of rows) console.log(`| ${r.round} | ${r.idleP50.toFixed(2)} ms | ${r.idleP99.toFixed(2)} ms | ${r.floodP50.toFixed(2)} ms | ${r.floodP99.toFixed(2)} ms | ${r.ratio.toFixed(2)}× | ${r.floodFrames} |`)
  const mid = median(ratios)
  console.log(`\nratio: median ${mid.toFixed(2)}×, range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}× (target ≤ ${TARGET_RATIO}×)`)
  if (mid > TARGET_RATIO) process.exitCode = 1
} finally {
  await s.stop()
}
