// `npm run test:budget`: the gzip size of what each budgeted route requests before its load event, from
// the build manifest (vite build.manifest), against budgets.json; and packages that must stay out of it.
// Usage: node scripts/size-check.mjs [distDir]   (default dist/)
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const root = resolve(new URL('..', import.meta.url).pathname)
const dist = resolve(process.argv[2] ?? join(root, 'dist'))
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`size-check: ${manifestPath} is missing; run \`npm run build\` first`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const { routes } = JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8'))

/** Text that only a package's own code carries, to find it even when it is bundled into a shared chunk. */
const MARKERS = { mqtt: ['mqttjs', 'MqttClient'] }

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('.html'))
if (!entryKey) {
  console.error('size-check: no HTML entry in the build manifest')
  process.exit(1)
}

/** Manifest keys reachable through static imports from `keys`. */
function staticGraph(keys) {
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const dep of manifest[key].imports ?? []) visit(dep)
  }
  keys.forEach(visit)
  return [...seen]
}

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const kb = (bytes) => (bytes / 1024).toFixed(1)

let failed = false
for (const route of routes) {
  if (!manifest[route.page]) {
    console.error(`size-check: ${route.page} is not in the build manifest`)
    failed = true
    continue
  }
  const chunks = staticGraph([entryKey, route.page])
  const files = new Set()
  for (const key of chunks) {
    files.add(manifest[key].file)
    for (const css of manifest[key].css ?? []) files.add(css)
  }
  const rows = [...files].map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip)
  const total = rows.reduce((sum, r) => sum + r.gzip, 0)
  const limit = route.maxGzipKB * 1024
  console.log(`\n${route.name}: ${rows.length} files before load`)
  for (const r of rows) console.log(`  ${kb(r.gzip).padStart(7)} KB  ${r.file}`)
  console.log(`  ${kb(total).padStart(7)} KB  total (budget ${route.maxGzipKB} KB gzip)`)
  if (total > limit) {
    console.error(`  FAIL: ${route.name} ships ${kb(total)} KB gzip, over its ${route.maxGzipKB} KB budget`)
    failed = true
  }
  for (const pkg of route.forbid ?? []) {
    const byName = chunks.filter((k) => k.includes(`node_modules/${pkg}/`) || manifest[k].name === pkg)
    const byText = rows.filter((r) => r.file.endsWith('.js') && (MARKERS[pkg] ?? []).some((m) => readFileSync(join(dist, r.file), 'utf8').includes(m)))
    if (byName.length || byText.length) {
      console.error(`  FAIL: ${pkg} is in the ${route.name} graph: ${[...byName, ...byText.map((r) => r.file)].join(', ')}`)
      failed = true
    } else {
      const lazy = Object.values(manifest).filter((c) => c.src?.includes(`node_modules/${pkg}/`) || c.name === pkg || c.name?.startsWith(`${pkg}.`))
      console.log(`  ok: ${pkg} not in the graph${lazy.length ? ` (loads lazily: ${lazy.map((c) => c.file).join(', ')})` : ''}`)
    }
  }
}
process.exit(failed ? 1 : 0)
