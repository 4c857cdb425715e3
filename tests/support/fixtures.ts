/**
 * The browser tests' `test`: every Playwright worker starts its own compiled server (as `npm start` runs it)
 * with a fresh data directory, its own WeChat and Web Push stand-ins, and its own ports, so the server's
 * shared limits (SMS intervals, rate limits, one session per device) never reach from one worker's tests to
 * another's. Ports are derived from E2E_PORT (docs/running.md): worker n uses E2E_PORT + 10 + 10·n … + 3.
 */
import { test as base } from '@playwright/test'
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { workerPorts } from './ports'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** One worker's server and stand-ins. */
export interface Habor {
  /** The app server, e.g. http://127.0.0.1:21090. */
  baseURL: string
  /** Its DATA_DIR (habor.db, downloads/). */
  dataDir: string
  /** The Web Push stand-in's control port (tests/support/push-stand-in.mjs). */
  pushControlURL: string
}

async function answers(url: string, within: number, child: ChildProcess, what: string): Promise<void> {
  const until = Date.now() + within
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before answering ${url}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${what} did not answer ${url} within ${within} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  const killed = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(killed)
}

export const test = base.extend<object, { habor: Habor }>({
  habor: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const ports = workerPorts(workerInfo.parallelIndex)
      const dataDir = mkdtempSync(join(tmpdir(), `habor-e2e-${workerInfo.parallelIndex}-`))
      // The push stand-in's self-signed certificate; the app server trusts it (NODE_EXTRA_CA_CERTS).
      const cert = join(dataDir, 'push-cert.pem')
      const key = join(dataDir, 'push-key.pem')
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
      const started: ChildProcess[] = []
      const run = (script: string, env: Record<string, string>) => {
        const child = spawn(process.execPath, [script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
        started.push(child)
        return child
      }
      const baseURL = `http://127.0.0.1:${ports.app}`
      const pushControlURL = `http://127.0.0.1:${ports.pushControl}`
      try {
        const push = run('tests/support/push-stand-in.mjs', { PUSH_PORT: String(ports.push), CONTROL_PORT: String(ports.pushControl), CERT_FILE: cert, KEY_FILE: key })
        const wechat = run('tests/support/wechat-stand-in.mjs', { PORT: String(ports.wechat) })
        // The compiled server, built by the config's first web server (scripts/start.mjs builds what is stale).
        const server = run('server/dist/main.mjs', {
          PORT: String(ports.app),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          WECHAT_API_BASE: `http://127.0.0.1:${ports.wechat}`,
          WECHAT_APPID: 'wx-e2e-stand-in',
          WECHAT_SECRET: 'e2e-stand-in-secret',
          PUSH_SERVICES: `127.0.0.1:${ports.push}`,
          NODE_EXTRA_CA_CERTS: cert,
        })
        await Promise.all([
          answers(`${pushControlURL}/health`, 30_000, push, 'the push stand-in'),
          answers(`http://127.0.0.1:${ports.wechat}/health`, 30_000, wechat, 'the WeChat stand-in'),
          answers(`${baseURL}/download`, 60_000, server, 'the app server'),
        ])
        await use({ baseURL, dataDir, pushControlURL })
      } finally {
        await Promise.all(started.map(stop))
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
    // The server's start, and its stop at the end, on a slow machine beside the rest of CI.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ habor }, use) => use(habor.baseURL),
})
