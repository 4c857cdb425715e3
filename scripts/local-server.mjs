// What the bench scripts and the server's crash tests (tests/server/support/process.ts) share about a local
// server process: its environment, starting one from the TypeScript sources, and a call of its /api.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sparePort } from './cluster-lib.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The environment of server/main.ts on its own: SQLite in `dataDir`, its own broker, loopback on `port`
 * (0: the system picks), and the rate and SMS limits raised to `limit` through the same variables an
 * operator would set, so that a run of many sign-ins is not refused.
 */
export function localServerEnv({ dataDir, port, logLevel, limit }) {
  return {
    ...process.env,
    NODE_ENV: '',
    DATABASE_URL: '',
    MQTT_URL: '',
    DATA_DIR: dataDir,
    DIST_DIR: join(dataDir, 'no-dist'),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: logLevel,
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

/**
 * server/main.ts on a fresh data folder (named after `prefix`) and a spare port, with the limits raised for a
 * bench; resolves once it answers /api/health (60 s at most). `stop()` ends it and removes its data.
 */
export async function startLocalServer({ prefix, logLevel }) {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`))
  const port = await sparePort()
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: localServerEnv({ dataDir, port, logLevel, limit: 10_000_000 }),
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
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))[1]) / 1024,
    async stop() {
      proc.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
