// What the bench scripts and the server's crash tests (tests/server/support/process.ts) share about a local
// server process: its environment, starting one from the TypeScript sources, and a call of its /api.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER, sparePort } from './cluster-lib.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The environment of server/main.ts on its own: SQLite in `dataDir`, its own broker, loopback on `port`
 * (0: the system picks), and the rate and SMS limits raised to `limit` through the same variables an
 * operator would set, so that a run of many sign-ins is not refused (null: the shipped limits).
 */
export function localServerEnv({ dataDir, port, logLevel, limit }) {
  const env = {
    ...process.env,
    NODE_ENV: '',
    DATABASE_URL: '',
    REDIS_URL: '',
    MQTT_URL: '',
    DATA_DIR: dataDir,
    DIST_DIR: join(dataDir, 'no-dist'),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: logLevel,
  }
  if (limit === null) return env
  return {
    ...env,
    RATE_LIMIT_AUTH_PER_MIN: String(limit),
    RATE_LIMIT_API_PER_MIN: String(limit),
    RATE_LIMIT_ACCOUNT_PER_MIN: String(limit),
    SMS_INTERVAL_SECONDS: '0',
    SMS_PER_HOUR: '1000',
    SMS_PER_DAY: '1000',
    SMS_PER_IP_HOUR: String(limit),
  }
}

/** `method` `path` of the server at `base`, JSON in and out; the answer's data, or a throw for a refusal. */
export async function api(base, method, path, body, token) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const json = await res.json()
  if (json.code !== 0) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`)
  return json.data
}

/** A process's resident memory now and at its highest, in MB (Linux's /proc). */
export function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/** A process's CPU time so far, user and system, in ms (Linux's /proc; 0 once it has gone). */
export function cpuMs(pid) {
  let stat
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return 0
  }
  // The fields after the command name, which is in parentheses and may hold spaces; utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
}
/** Linux's USER_HZ, the unit of /proc's CPU times: 100 on every architecture Node runs on. */
const CLOCK_TICKS = 100

const sorted = (xs) => [...xs].sort((a, b) => a - b)
export const median = (xs) => sorted(xs)[Math.floor((xs.length - 1) / 2)]
/** The nearest-rank percentile `p` (0–100) of `xs`. */
export const percentile = (xs, p) => sorted(xs)[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))]

/**
 * server/main.ts on a fresh data folder (named after `prefix`) and a spare port, with the limits raised to
 * `limit` for a bench (null: the shipped limits); `compiled` runs server/dist/main.mjs, as `npm start` does,
 * instead of the sources. Resolves once it answers /api/health (60 s at most). `stop()` ends it and removes
 * its data.
 */
export async function startLocalServer({ prefix, logLevel, limit = 10_000_000, compiled = false }) {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`))
  const port = await sparePort()
  const proc = spawn(process.execPath, compiled ? [SERVER] : ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: localServerEnv({ dataDir, port, logLevel, limit }),
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => proc.once('exit', resolve))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (proc.exitCode !== null) throw new Error('server exited during start-up')
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break
    if (Date.now() > deadline) throw new Error('server did not start within 60 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    base,
    ws: `ws://127.0.0.1:${port}/mqtt`,
    dataDir,
    pid: proc.pid,
    rssMb: () => memoryMb(proc.pid).rss,
    async stop() {
      proc.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
