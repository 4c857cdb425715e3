// `npm test`: every suite in order, stopping at the first that fails (as `a && b && …` would), with the time
// each step took printed at the end and written to test-results/steps.json for the CI summary.
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'

const ALL = [
  'typecheck',
  'lint',
  'test:unit',
  'test:server',
  'test:server:pg',
  'build',
  'test:budget',
  'test:cluster',
  'test:e2e',
  'test:lighthouse',
]
// `node scripts/test-all.mjs lint test:unit` runs just those steps, in the order above.
const asked = process.argv.slice(2)
const unknown = asked.filter((s) => !ALL.includes(s))
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(', ')}; the steps are ${ALL.join(', ')}`)
  process.exit(2)
}
const STEPS = asked.length ? ALL.filter((s) => asked.includes(s)) : ALL

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const timings = []
let failed = null
for (const step of STEPS) {
  const started = Date.now()
  const { status, signal } = spawnSync(npm, ['run', step], { stdio: 'inherit' })
  timings.push({ step, seconds: Math.round((Date.now() - started) / 100) / 10, ok: status === 0 })
  if (status !== 0) {
    failed = `${step} ${signal ? `ended by ${signal}` : `exited ${status}`}`
    break
  }
}

const width = Math.max(...timings.map((t) => t.step.length))
console.log('\nStep times:')
for (const t of timings) console.log(`  ${t.step.padEnd(width)}  ${String(t.seconds).padStart(6)} s${t.ok ? '' : '  FAILED'}`)
console.log(`  ${'total'.padEnd(width)}  ${String(Math.round(timings.reduce((s, t) => s + t.seconds, 0))).padStart(6)} s`)
mkdirSync('test-results', { recursive: true })
writeFileSync('test-results/steps.json', JSON.stringify(timings, null, 2))
if (failed) {
  console.error(`\nnpm test stopped: ${failed}`)
  process.exit(1)
}
