/** The real server process (server/main.ts) for the crash tests: a spare port, start on a data directory, clean-up after each test. */
import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterEach } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')

const spawned: ChildProcess[] = []
/** Data directories to remove after the test. */
export const dirs: string[] = []
afterEach(() => {
  for (const p of spawned.splice(0)) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL')
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

export async function sparePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const port = (s.address() as { port: number }).port
  await new Promise((resolve) => s.close(resolve))
  return port
}

/** Starts server/main.ts on `dataDir`; resolves once /api/health answers. */
export async function startServer(dataDir: string, port: number): Promise<{ proc: ChildProcess; base: string; exited: Promise<void> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: '',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'no-dist'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      RATE_LIMIT_AUTH_PER_MIN: '100000',
      RATE_LIMIT_API_PER_MIN: '100000',
      RATE_LIMIT_ACCOUNT_PER_MIN: '100000',
      SMS_INTERVAL_SECONDS: '0',
      SMS_PER_HOUR: '1000',
      SMS_PER_DAY: '1000',
      SMS_PER_IP_HOUR: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  spawned.push(proc)
  let stderr = ''
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited at start: ${stderr}`)
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { proc, base, exited }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

