// Lighthouse on the production build: starts the server as `npm start` does (compiled, plain node) on a spare port with a fresh data
// directory, runs Lighthouse CI (lighthouserc.cjs: mobile preset, simulated throttling), prints the median
// figures per page with the spread of the timings, and with --assert fails when a budget of
// docs/performance.md is broken. The report alone runs each page 5 times, for the spread of the timings;
// the assertion runs /login and /download 3 times (LHCI's default; their LCP is asserted on the median)
// and /share/opus once: what it is held to is exact (the scores, CLS), so more runs would only cost CI time.
// The share page runs first, at Lighthouse's default CPU slowdown, and the machine speed its run measured
// (benchmarkIndex) sets the slowdown of the entry pages' runs (scripts/lighthouse-cpu.mjs).
//   node scripts/lighthouse.mjs            → report only (npm run bench:web builds first)
//   node scripts/lighthouse.mjs --assert   → report, then assert (npm test)
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cpuMultiplier, DEFAULT_MULTIPLIER, FULL_SPEED_INDEX, SLOWEST_INDEX } from './lighthouse-cpu.mjs'

const root = new URL('..', import.meta.url).pathname
// LHCI_PORT fixes the port; by default the system picks a free one and the server's banner names it, so a
// run never meets another's server (or one a stopped run left behind).
const port = Number(process.env.LHCI_PORT ?? 0)
const assert = process.argv.includes('--assert')
const outDir = join(root, '.lighthouseci')
const runsPerPage = assert ? 3 : 5
/** Asserted on the median of their runs (LCP): they run once the share page's run has measured the machine's speed. */
const ENTRY_PAGES = ['/login', '/download']
/** Held to exact figures only (the scores, CLS): one run suffices for the assertion. */
const SHARE_PAGE = '/share/opus?id=demo-opus'
const dataDir = mkdtempSync(join(tmpdir(), 'habor-lhci-'))

// In a session of its own, which Linux schedules as one group (an autogroup), raised like Chrome's
// (scripts/lighthouse-chrome.sh): the server's response time is part of every simulated timing, and beside
// other load it grew from about 10 ms to 200 ms (docs/performance.md "Lighthouse on a busy machine").
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
})
try {
  writeFileSync(`/proc/${server.pid}/autogroup`, '-10')
} catch {
  // Not allowed to raise it (not root) or no autogroups: the server runs as it is.
}
let stopped = false
const stop = () => {
  if (stopped) return
  stopped = true
  server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
// A stop of `npm test` (SIGTERM) or Ctrl-C: the server and its data go too.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stop()
    process.exit(1)
  })
}

/** The server's address, from the banner it prints once it listens (server/main.ts). */
const listening = new Promise((resolve, reject) => {
  let out = ''
  server.stdout.setEncoding('utf8')
  server.stdout.on('data', (chunk) => {
    if (out === null) return
    out += chunk
    const url = /Habor is running at (http:\/\/[^/\s]+)\//.exec(out)?.[1]
    if (url) {
      out = null
      resolve(url)
    }
  })
  server.on('exit', (code, sig) => reject(new Error(`the server exited before it listened (${sig ?? `exit ${code}`})`)))
})

async function waitForServer() {
  let timer
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('the server printed no address in 120 s')), 120_000)
  })
  try {
    return await Promise.race([listening, late])
  } finally {
    clearTimeout(timer)
  }
}

const lhci = (base, ...args) =>
  spawnSync('npx', ['lhci', ...args, '--config=lighthouserc.cjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, LHCI_BASE_URL: base } })

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

const savedRuns = () =>
  readdirSync(outDir)
    .filter((f) => /^lhr-.*\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(join(outDir, f), 'utf8')))

function report(base) {
  const runs = savedRuns()
  const byUrl = new Map()
  for (const r of runs) byUrl.set(r.requestedUrl, [...(byUrl.get(r.requestedUrl) ?? []), r])
  console.log('\nLighthouse medians (mobile, simulated throttling):')
  console.log('page'.padEnd(34), 'perf', 'a11y', 'bp ', '  FCP ms', ' LCP ms', 'TBT ms', '  CLS ', 'JS+CSS KB', 'runs')
  for (const [url, rs] of byUrl) {
    const a = (id) => median(rs.map((r) => r.audits[id].numericValue))
    const c = (id) => median(rs.map((r) => r.categories[id].score * 100))
    const bytes = median(
      rs.map((r) =>
        (r.audits['network-requests'].details?.items ?? [])
          .filter((i) => i.resourceType === 'Script' || i.resourceType === 'Stylesheet')
          .reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
      ),
    )
    console.log(
      url.replace(base, '').padEnd(34),
      String(c('performance')).padStart(4),
      String(c('accessibility')).padStart(4),
      String(c('best-practices')).padStart(3),
      String(Math.round(a('first-contentful-paint'))).padStart(8),
      String(Math.round(a('largest-contentful-paint'))).padStart(7),
      String(Math.round(a('total-blocking-time'))).padStart(6),
      a('cumulative-layout-shift').toFixed(3).padStart(7),
      (bytes / 1024).toFixed(1).padStart(9),
      String(rs.length).padStart(4),
    )
    const range = (f) => {
      const xs = rs.map(f)
      return `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`
    }
    console.log(
      ''.padEnd(34),
      `runs: perf ${range((r) => r.categories.performance.score * 100)}, LCP ${range((r) => r.audits['largest-contentful-paint'].numericValue)} ms, TBT ${range((r) => r.audits['total-blocking-time'].numericValue)} ms; CPU ×${median(rs.map((r) => r.configSettings.throttling.cpuSlowdownMultiplier))}, benchmarkIndex ${range((r) => r.environment.benchmarkIndex)}`,
    )
  }
}

let code = 0
try {
  const base = await waitForServer()
  rmSync(outDir, { recursive: true, force: true })
  const collect = (paths, runs, ...more) => {
    const urls = paths.map((p) => `--url=${base}${p}`)
    if (lhci(base, 'collect', `--outputDir=${outDir}`, `--numberOfRuns=${runs}`, ...urls, ...more).status !== 0) throw new Error('lhci collect failed')
  }
  collect([SHARE_PAGE], assert ? 1 : runsPerPage)
  // The machine's speed as the share page's runs measured it, and the slowdown that keeps the simulated phone the same.
  const index = median(savedRuns().map((r) => r.environment.benchmarkIndex))
  const multiplier = cpuMultiplier(index)
  console.log(`\nbenchmarkIndex ${Math.round(index)}: the entry pages run at a CPU slowdown of ×${multiplier} (×${DEFAULT_MULTIPLIER} from an index of ${FULL_SPEED_INDEX} up)`)
  if (index < SLOWEST_INDEX) console.log(`This machine is slower than the phone Lighthouse simulates (an index under ${SLOWEST_INDEX}): LCP is overstated.`)
  collect(ENTRY_PAGES, runsPerPage, '--additive', `--settings.throttling.cpuSlowdownMultiplier=${multiplier}`)
  report(base)
  if (assert) code = lhci(base, 'assert').status ?? 1
} catch (e) {
  console.error(e instanceof Error ? e.message : e)
  code = 1
} finally {
  stop()
}
process.exit(code)
