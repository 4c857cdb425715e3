/**
 * `TRUST_PROXY` on a listener other machines reach: the real server process prints a warning that names
 * the risk (forged X-Forwarded-For past every per-address limit) and says to firewall the port
 * (docs/security.md "TRUST_PROXY"). On loopback it prints none.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { localServerEnv } from '../../../scripts/local-server.mjs'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

/** Starts server/main.ts with `env` on top of a local setup; its output up to the start-up banner, then stops it. */
async function startOutput(env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'habor-warning-'))
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: { ...localServerEnv({ dataDir, port: 0, logLevel: 'error', limit: 1000 }), ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  cleanups.push(() => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })
  let out = ''
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()))
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()))
  // The warning follows the banner's demo accounts on the other stream, in the same task: the process
  // handles SIGTERM from before the banner (so the signal waits for the warning), stops cleanly, and
  // 'close' (not 'exit', which can come before the pipes are drained) means all is read.
  await new Promise<void>((resolve, reject) => {
    proc.once('close', () => reject(new Error(`server exited at start: ${out}`)))
    const poll = setInterval(() => {
      if (/Habor is running at/.test(out)) {
        clearInterval(poll)
        proc.removeAllListeners('close')
        proc.once('close', () => resolve())
        proc.kill('SIGTERM')
      }
    }, 20)
  })
  return out
}

it('TRUST_PROXY=1 with HOST=0.0.0.0 prints a warning naming the risk and the firewall', async () => {
  const out = await startOutput({ TRUST_PROXY: '1', HOST: '0.0.0.0' })
  expect(out).toContain('Warning: TRUST_PROXY is set and HOST=0.0.0.0 lets other machines reach this port directly.')
  expect(out).toContain('X-Forwarded-For is believed from whichever client connects')
  expect(out).toContain('passes every per-address limit')
  expect(out).toContain('Firewall the port so that only the proxy can connect')
})

it('TRUST_PROXY on loopback prints no warning', async () => {
  const out = await startOutput({ TRUST_PROXY: '1', HOST: '127.0.0.1' })
  expect(out).toContain('Habor is running at')
  expect(out).not.toContain('TRUST_PROXY')
})
