// Builds what is missing or older than its sources: the app into dist/, the server into
// server/dist/main.mjs. Used by `npm start` and `npm run cluster`; on a built tree it does nothing, so a
// production install (npm ci --omit=dev) needs no development package.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
export const server = join(root, 'server', 'dist', 'main.mjs')
export const admin = join(root, 'server', 'dist', 'admin.mjs')

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let t = 0
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue
    t = Math.max(t, newest(join(path, entry.name)))
  }
  return t
}
const stale = (output, sources) => !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources.map((p) => newest(join(root, p))))

function run(what, command, args) {
  console.log(`${what}…`)
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (r.status === 0) return
  console.error(`${what} failed. Building needs the development packages (npm ci); a production install (npm ci --omit=dev) runs a tree built beforehand with npm run build.`)
  process.exit(r.status ?? 1)
}

export function buildIfStale() {
  if (stale(join(root, 'dist', 'index.html'), ['src', 'sw', 'public', 'manifest', 'index.html', 'vite.config.ts'])) {
    run('Building the app and the server (dist/ is missing or older than the sources)', 'npm', ['run', 'build', '--silent'])
  } else buildServerIfStale()
}

/** The server and the operator's command line alone (`npm run admin` needs no app). */
export function buildServerIfStale() {
  if (stale(server, ['server', 'src/contract', 'manifest']) || !existsSync(admin)) {
    run('Compiling the server (server/dist/ is missing or older than the sources)', process.execPath, ['scripts/build-server.mjs'])
  }
}
