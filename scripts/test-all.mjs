// `npm test`: every suite, stopping at the first that fails, with the time each step took printed at the end
// and written to test-results/steps.json for the CI summary.
//
// The steps run in two lanes at the same time (docs/running.md): the checks and the server suites in one,
// the build and the browser suite in the other; the cluster suite then goes to whichever lane is free first.
// Lighthouse runs last, alone: its simulated timings are the main thread's tasks as timed in the run, so
// a suite beside it would be in its figures. A step that runs the build's output waits for the build. They share nothing: the server
// suites use their own PostgreSQL databases and TEST_REDIS_URL_SERVER, the cluster suite its own database
// and TEST_REDIS_URL, the browser tests and Lighthouse their own ports. Within a lane the order is kept
// (the browser tests need the build). A step that fails stops the other lane's running step and starts no
// other. With two lanes each step's output is kept in test-results/logs/<step>.log and printed whole when
// the step ends, so two suites' lines never interleave; TEST_LANES=1 runs everything in one lane, in order,
// printing as it goes.
import { spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { reap, stopTree } from './process-tree.mjs'

const LANES = [
  ['typecheck', 'lint', 'test:unit', 'test:server', 'test:server:pg'],
  ['build', 'test:budget', 'test:e2e'],
]
// The last steps go to whichever lane is free first, the longest first, so the two lanes end about
// together however the machine's load shifts the suites before them (docs/running.md).
const TAIL = ['test:cluster']
// Steps that run once both lanes have ended, with nothing else of the run beside them.
const ALONE = ['test:lighthouse']
// Steps that run the build's output: in either lane, each waits for `build` when it is part of the run.
const NEEDS_BUILD = new Set(['test:budget', 'test:cluster', 'test:e2e', 'test:lighthouse'])
// One lane (TEST_LANES=1): the build before every step that needs it.
const ALL = [...LANES[0], ...LANES[1], ...TAIL, ...ALONE]
// `node scripts/test-all.mjs lint test:unit` runs just those steps, in their lanes' order.
const asked = process.argv.slice(2)
const unknown = asked.filter((s) => !ALL.includes(s))
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(', ')}; the steps are ${ALL.join(', ')}`)
  process.exit(2)
}
const wanted = (s) => !asked.length || asked.includes(s)
const laneCount = process.env.TEST_LANES === undefined ? 2 : Number(process.env.TEST_LANES)
if (laneCount !== 1 && laneCount !== 2) {
  console.error(`TEST_LANES=${process.env.TEST_LANES}: 1 (one step at a time) or 2 (two lanes at once)`)
  process.exit(2)
}
// Each lane keeps its number in the summary even when none of its own steps was asked for: it may take tail steps.
const lanes = (laneCount === 1 ? [ALL] : LANES).map((l) => l.filter(wanted))
/** The tail steps not yet taken by a lane (with one lane they are already at its end). */
const tail = laneCount === 1 ? [] : TAIL.filter(wanted)
/** The steps left for the end, alone (with one lane they are already at its end). */
const alone = laneCount === 1 ? [] : ALONE.filter(wanted)
const together = lanes.filter((l) => l.length).length + tail.length + alone.length > 1
/** Which lane (0 or 1, or 'alone') ran each step, for the summary. */
const laneOf = new Map()

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
mkdirSync('test-results/logs', { recursive: true })
const started = Date.now()
const seconds = (since) => Math.round((Date.now() - since) / 100) / 10
/** step → { seconds, ok, stopped } in the order the steps ended. */
const timings = new Map()
let failed = null
const running = new Set()

function runStep(step) {
  return new Promise((resolve) => {
    const t0 = Date.now()
    const log = `test-results/logs/${step.replaceAll(':', '-')}.log`
    if (together) console.log(`▶ ${step} started (${seconds(started)} s into the run)`)
    // Its own process group, so a stop reaches the suite's own children (servers, workers); a browser that
    // leaves the group is found by scripts/process-tree.mjs.
    const child = spawn(npm, ['run', step], { stdio: together ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: process.platform !== 'win32' })
    const entry = { child, stopped: false, strays: [] }
    running.add(entry)
    let out
    if (together) {
      out = createWriteStream(log)
      child.stdout.pipe(out, { end: false })
      child.stderr.pipe(out, { end: false })
    }
    child.on('close', async (status, signal) => {
      running.delete(entry)
      // What a stopped step launched outside its group (a browser) gets a moment to close, then is killed.
      if (entry.stopped) await reap(entry.strays)
      if (out) await new Promise((r) => out.end(r))
      const t = { seconds: seconds(t0), ok: status === 0, stopped: entry.stopped }
      timings.set(step, t)
      if (together && !entry.stopped) {
        console.log(`\n──── ${step}: ${t.ok ? 'passed' : 'FAILED'} in ${t.seconds} s ────`)
        process.stdout.write(readFileSync(log, 'utf8'))
      }
      if (status !== 0 && !entry.stopped && !failed) {
        failed = `${step} ${signal ? `ended by ${signal}` : `exited ${status}`}`
        for (const other of running) stop(other)
      }
      resolve()
    })
  })
}

function stop(entry) {
  entry.stopped = true
  if (process.platform !== 'win32') {
    entry.strays = stopTree(entry.child.pid)
    return
  }
  try {
    process.kill(entry.child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

// Ctrl-C or CI's own stop: take the running suites down with us.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const entry of running) stop(entry)
    process.exit(130)
  })
}

// The steps that need the build wait for it; a run that stops before the build releases them, and they
// then start nothing either.
let markBuilt = () => {}
const built = lanes.some((lane) => lane.includes('build')) ? new Promise((resolve) => (markBuilt = resolve)) : Promise.resolve()
await Promise.all(
  lanes.map(async (lane, i) => {
    try {
      for (const step of lane) {
        if (NEEDS_BUILD.has(step)) await built
        if (failed) return
        laneOf.set(step, i)
        await runStep(step)
        if (step === 'build') markBuilt()
      }
    } finally {
      if (lane.includes('build')) markBuilt()
    }
    for (let step = tail.shift(); step; step = tail.shift()) {
      if (NEEDS_BUILD.has(step)) await built
      if (failed) return
      laneOf.set(step, i)
      await runStep(step)
    }
  }),
)
for (const step of alone) {
  if (NEEDS_BUILD.has(step)) await built
  if (failed) break
  laneOf.set(step, 'alone')
  await runStep(step)
}

const done = ALL.filter((s) => timings.has(s))
const width = Math.max(5, ...done.map((s) => s.length))
console.log(`\nStep times${together ? ' (two lanes at once: the checks and the server suites | the build and the browser suite; the cluster suite in whichever was free first; Lighthouse alone at the end)' : ''}:`)
for (const step of done) {
  const t = timings.get(step)
  const lane = together ? `  ${laneOf.get(step) === 'alone' ? 'alone' : laneOf.get(step) + 1}` : ''
  console.log(`  ${step.padEnd(width)}  ${String(t.seconds).padStart(6)} s${lane}${t.stopped ? '  stopped' : t.ok ? '' : '  FAILED'}`)
}
const sum = done.reduce((s, step) => s + timings.get(step).seconds, 0)
console.log(`  ${'total'.padEnd(width)}  ${String(Math.round(seconds(started))).padStart(6)} s${together ? `  (the steps' own times add up to ${Math.round(sum)} s)` : ''}`)
writeFileSync('test-results/steps.json', JSON.stringify(done.map((step) => ({ step, ...timings.get(step) })), null, 2))
if (failed) {
  console.error(`\nnpm test stopped: ${failed}`)
  process.exit(1)
}
