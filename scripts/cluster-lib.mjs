// Several server nodes behind nginx on loopback, against one PostgreSQL database and one Redis: the
// engine of `npm run cluster` and of the cluster tests (tests/cluster). Nodes run the compiled server
// (server/dist/main.mjs, built by `npm run build`); nginx uses deploy/habor.nginx.conf. docs/cluster.md.
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
export const SERVER = join(ROOT, 'server', 'dist', 'main.mjs')
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p))

export async function sparePort() {
  const s = createServer()
  await new Promise((resolve) => s.listen(0, '127.0.0.1', resolve))
  const { port } = s.address()
  await new Promise((resolve) => s.close(resolve))
  return port
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

async function healthy(base, proc, stderr, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`exited at start: ${stderr()}`)
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return
    if (Date.now() > deadline) throw new Error(`not healthy after ${timeoutMs} ms: ${stderr()}`)
    await sleep(100)
  }
}

/**
 * One node: `start()` spawns it and resolves once its health check answers; `stop(signal)` resolves when
 * the process has exited (SIGTERM: the graceful path; SIGKILL: a crash). It can be started again.
 */
function node(index, port, env, log) {
  const base = `http://127.0.0.1:${port}`
  const handle = {
    index,
    port,
    base,
    proc: null,
    exited: null,
    /** The last 4000 characters the process wrote to stderr (for a failing test's message). */
    stderr: () => '',
    async start() {
      let err = ''
      const proc = spawn(process.execPath, [SERVER], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', log ? 'inherit' : 'ignore', 'pipe'] })
      proc.stderr.on('data', (d) => {
        err = (err + d.toString()).slice(-4000)
        if (log) process.stderr.write(`[node ${index}] ${d}`)
      })
      handle.proc = proc
      handle.stderr = () => err
      handle.exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })))
      await healthy(base, proc, () => err)
      return handle
    },
    async stop(signal = 'SIGTERM') {
      const { proc, exited } = handle
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return exited
      proc.kill(signal)
      return exited
    },
  }
  return handle
}

/**
 * How long nginx leaves a node out after a failed try (`fail_timeout`, docs/cluster.md). A restarted node
 * is tried again only once this has passed since its last refused connection.
 */
export const FAIL_TIMEOUT_MS = 2000

/**
 * nginx.conf for a private prefix directory; the http part is deploy/habor.nginx.conf, or with `keepAlive`
 * that file with upstream keep-alive turned on (for the bench's comparison: docs/cluster.md "nginx").
 */
function nginxConf(dir, listen, ports, keepAlive = false) {
  let site = readFileSync(join(ROOT, 'deploy', 'habor.nginx.conf'), 'utf8')
    .replace('__UPSTREAM_SERVERS__', ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=${FAIL_TIMEOUT_MS / 1000}s;`).join('\n    '))
    .replace('__LISTEN__', `127.0.0.1:${listen}`)
  if (keepAlive) {
    const plain = /(map \$http_upgrade \$habor_connection \{[^}]*'')\s+close;/
    if (!plain.test(site)) throw new Error('deploy/habor.nginx.conf: no plain Connection header to keep alive')
    site = site.replace(plain, "$1 '';").replace(/(upstream habor \{)/, '$1\n    keepalive 32;\n    keepalive_timeout 50s;')
  }
  writeFileSync(join(dir, 'habor.conf'), site)
  for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, 'tmp', t), { recursive: true, mode: 0o777 })
  const root = process.getuid?.() === 0
  return [
    // Started as root (CI containers), the workers would switch to an account that cannot read this directory.
    root ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    // Two a live connection (the client's and the upstream's), plus requests in flight: a morning of 2,000 students.
    'events { worker_connections 8192; }',
    'http {',
    '  access_log off;',
    ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t === 'body' ? 'client_body' : t}_temp_path ${join(dir, 'tmp', t)};`),
    `  include ${join(dir, 'habor.conf')};`,
    '}',
    '',
  ].join('\n')
}

export async function startNginx(dir, listen, ports, keepAlive = false) {
  if (!NGINX) throw new Error('nginx is not installed (Debian: apt-get install nginx)')
  writeFileSync(join(dir, 'nginx.conf'), nginxConf(dir, listen, ports, keepAlive))
  const proc = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] })
  let err = ''
  proc.stderr.on('data', (d) => (err += d.toString()))
  const exited = new Promise((resolve) => proc.once('exit', resolve))
  const base = `http://127.0.0.1:${listen}`
  await healthy(base, proc, () => err + readLog(dir), 20_000)
  return {
    base,
    proc,
    errors: () => readLog(dir),
    async stop() {
      // A fast stop: a graceful one (SIGQUIT) would wait for every open live-channel connection.
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM')
      await exited
    },
  }
}

const readLog = (dir) => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '')

/**
 * Starts `nodes` nodes (together, as a deployment does) and nginx in front.
 * options: databaseUrl, redisUrl (required), listen (nginx port; spare when 0), env (more variables for
 * every node), log (node output on this terminal).
 */
export async function startCluster({ nodes = 3, databaseUrl, redisUrl, listen = 0, env = {}, log = false }) {
  if (!existsSync(SERVER)) throw new Error('server/dist/main.mjs is missing: run npm run build first')
  const dir = mkdtempSync(join(tmpdir(), 'habor-cluster-'))
  chmodSync(dir, 0o755)
  const ports = await Promise.all(Array.from({ length: nodes }, () => sparePort()))
  const nodeEnv = {
    ...process.env,
    NODE_ENV: '',
    MQTT_URL: '',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // nginx on this machine is the only proxy: its X-Forwarded-For names the student.
    TRUST_PROXY: 'loopback',
    DATA_DIR: join(dir, 'data'),
    DIST_DIR: existsSync(join(ROOT, 'dist', 'index.html')) ? join(ROOT, 'dist') : join(dir, 'no-dist'),
    LOG_LEVEL: log ? 'info' : 'warn',
    ...env,
  }
  const handles = ports.map((p, i) => node(i, p, nodeEnv, log))
  const started = []
  try {
    await Promise.all(handles.map((h) => h.start().then(() => started.push(h))))
    const proxy = await startNginx(dir, listen || (await sparePort()), ports)
    return {
      base: proxy.base,
      nodes: handles,
      nginx: proxy,
      dir,
      async stop() {
        await proxy.stop()
        await Promise.all(handles.map((h) => h.stop('SIGTERM')))
        rmSync(dir, { recursive: true, force: true })
      },
    }
  } catch (e) {
    await Promise.all(started.map((h) => h.stop('SIGKILL')))
    rmSync(dir, { recursive: true, force: true })
    throw e
  }
}
