// `npm start`: build the app when dist/ is missing or older than the sources, then run the server.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const stamp = join(root, 'dist', 'index.html')

function newest(dir) {
  let t = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

const sources = ['src', 'sw', 'public', 'manifest', 'index.html', 'vite.config.ts'].map((p) => join(root, p)).filter(existsSync)
const srcTime = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)))
if (!existsSync(stamp) || statSync(stamp).mtimeMs < srcTime) {
  console.log('Building the app (dist/ is missing or stale)…')
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
// One process: the server's own SIGTERM/SIGINT handling closes it gracefully.
const { register } = await import('tsx/esm/api')
register()
await import('../server/main.ts')
