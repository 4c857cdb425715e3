/** The real server process (server/main.ts) for the crash tests: start on a data directory, clean-up after each test. */
import { fork, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterThisTest } from './cleanup'
import { localServerEnv } from '../../../scripts/local-server.mjs'

const ROOT = join(import.meta.dirname, '..', '..', '..')

/** Stops `proc` after the test, if it is still running, and waits for it to be gone. */
function stopAfterTest(proc: ChildProcess): void {
  afterThisTest(async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return
    const gone = new Promise((resolve) => proc.once('exit', resolve))
    proc.kill('SIGKILL')
    await gone
  })
}

/** Removes the data directory `dir` after the test. */
export function removeAfterTest(dir: string): void {
  afterThisTest(() => rmSync(dir, { recursive: true, force: true }))
}

/**
 * Starts server/main.ts on `dataDir`, listening on a port the system picks (PORT=0); resolves with its base
 * URL, read from the start-up banner, once /api/health answers. A port picked here and handed to the
 * process would be free only until something else (another test file, any outgoing connection) took it.
 */
/** How long a child server may take to answer /api/health; the test files' timeouts allow for it. */
export const START_WITHIN_MS = 180_000

export async function startServer(dataDir: string): Promise<{ proc: ChildProcess; base: string; exited: Promise<void> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: localServerEnv({ dataDir, port: 0, logLevel: 'error', limit: 100_000 }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  stopAfterTest(proc)
  let stderr = ''
  let stdout = ''
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()))
  proc.stdout?.on('data', (d: Buffer) => (stdout += d.toString()))
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  // Generous: the process compiles the server's sources as it starts, which a busy machine can stretch far
  // past the usual few seconds; what is waited for is the banner and the health answer, not a time.
  const deadline = Date.now() + START_WITHIN_MS
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`server exited at start: ${stderr}`)
    const base = /Habor is running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout)?.[1]
    if (base && (await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) return { proc, base, exited }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

export interface HeapServer {
  base: string
  /** The child's heap in use after a full GC, in MiB. */
  heapMiB: () => Promise<number>
}

/** tests/server/support/heap-server.ts in a child process with `--expose-gc`; stopped after the test. */
export async function startHeapServer(): Promise<HeapServer> {
  // Made and removed here: the child is killed after the test, so it cannot remove it itself. The clean-ups
  // run last first, so the child is gone before its directory is.
  const dataDir = mkdtempSync(join(tmpdir(), 'habor-heap-'))
  removeAfterTest(dataDir)
  const proc = fork(join(ROOT, 'tests', 'server', 'support', 'heap-server.ts'), [dataDir], { cwd: ROOT, execArgv: ['--expose-gc', '--import', 'tsx'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] })
  stopAfterTest(proc)
  let stderr = ''
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()))
  const port = await new Promise<number>((resolve, reject) => {
    proc.once('message', (m) => resolve((m as { port: number }).port))
    proc.once('exit', () => reject(new Error(`heap server exited at start: ${stderr}`)))
  })
  return {
    base: `http://127.0.0.1:${port}`,
    heapMiB: () =>
      new Promise((resolve) => {
        proc.once('message', (m) => resolve((m as { heapUsed: number }).heapUsed / 1024 / 1024))
        proc.send('heap')
      }),
  }
}
