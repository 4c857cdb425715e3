// Lighthouse on the production build: starts the server as `npm start` does (compiled, plain node) on a spare port with a fresh data
// directory, runs Lighthouse CI (lighthouserc.cjs: mobile preset, simulated throttling), prints the median
// figures per page with the spread of the timings, and with --assert fails when a budget of
// docs/performance.md is broken. The report alone runs each page 5 times, for the spread of the timings;
// the assertion 3 times (LHCI's default): every asserted figure is either exact (the scores, CLS) or
// computed by the simulation from the page's requests (LCP), so two more runs only cost CI time.
//   node scripts/lighthouse.mjs            → report only (npm run bench:web builds first)
//   node scripts/lighthouse.mjs --assert   → report, then assert (npm test)
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const port = Number(process.env.LHCI_PORT ?? 18090)
const base = `http://127.0.0.1:${port}`
const assert = process.argv.includes('--assert')
const outDir = join(root, '.lighthouseci')
const runsPerPage = assert ? 3 : 5
const dataDir = mkdtempSync(join(tmpdir(), 'habor-lhci-'))

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const stop = () => {
  server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/download`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`the server did not answer on ${base}`)
}

const lhci = (...args) =>
  spawnSync('npx', ['lhci', ...args, '--config=lighthouserc.cjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, LHCI_BASE_URL: base } })

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

function report() {
  const runs = readdirSync(outDir)
    .filter((f) => /^lhr-.*\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(join(outDir, f), 'utf8')))
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
      `runs: perf ${range((r) => r.categories.performance.score * 100)}, LCP ${range((r) => r.audits['largest-contentful-paint'].numericValue)} ms, TBT ${range((r) => r.audits['total-blocking-time'].numericValue)} ms`,
    )
  }
}

let code = 0
try {
  await waitForServer()
  rmSync(outDir, { recursive: true, force: true })
  const collected = lhci('collect', `--outputDir=${outDir}`, `--numberOfRuns=${runsPerPage}`)
  if (collected.status !== 0) throw new Error('lhci collect failed')
  report()
  if (assert) code = lhci('assert').status ?? 1
} catch (e) {
  console.error(e instanceof Error ? e.message : e)
  code = 1
} finally {
  stop()
}
process.exit(code)
