// `npm run test:budget`: for each route of budgets.json, gzip figures from the build (vite manifest):
//  - before load: what the page requests before its load event (docs/performance.md). For a prerendered page
//    that is its HTML (with the inlined critical CSS) and the scripts and styles the HTML references, with
//    their static imports; otherwise the app entry and the page chunk with their static imports and CSS.
//  - interactive: what the page needs before a tap is carried out. For a route with early taps (its
//    `early` modules, carried out by the app's logic before its view: pages/Login/early.ts) that is the
//    logic — the entry with its static imports, what it imports as it starts (scripts/start-imports.mjs) —
//    and the early modules; otherwise it is the whole start below. `maxInteractiveFiles` bounds how many
//    files that is.
//  - started: everything the page needs to run with its view (logic, React DOM, the view, the page chunk,
//    their static imports and CSS), which a prerendered page loads after its load event. The early modules
//    are not part of it: without an early tap they load at the first tap, as on any page.
// Packages named in `forbid` must stay out of all of them.
// Usage: node scripts/size-check.mjs [distDir]   (default dist/)
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { LOGIC_IMPORTS, VIEW_IMPORTS } from './start-imports.mjs'

const root = resolve(new URL('..', import.meta.url).pathname)
const dist = resolve(process.argv[2] ?? join(root, 'dist'))
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`size-check: ${manifestPath} is missing; run \`npm run build\` first`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const { routes, frames = [] } = JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8'))

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
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))

/** The assets a prerendered HTML file references, and the manifest keys behind its scripts. */
function prerenderedRefs(html) {
  // Disabled stylesheet links only mark CSS inlined into the page (scripts/prerender.mjs): never fetched.
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/(assets\/[^"]+)"[^>]*>/g)]
    .filter((m) => !/\sdisabled\b/.test(m[0]))
    .map((m) => m[1])
  return { files: refs, keys: refs.map((f) => byFile.get(f)).filter(Boolean) }
}

function filesOf(chunks) {
  const files = new Set()
  for (const key of chunks) {
    files.add(manifest[key].file)
    for (const css of manifest[key].css ?? []) files.add(css)
  }
  return files
}

function printRows(title, rows, total, budgetKB) {
  console.log(`\n${title}: ${rows.length} files`)
  for (const r of rows) console.log(`  ${kb(r.gzip).padStart(7)} KB  ${r.file}`)
  console.log(`  ${kb(total).padStart(7)} KB  total (budget ${budgetKB} KB gzip)`)
}
const kb = (bytes) => (bytes / 1024).toFixed(1)

let failed = false

/**
 * The starter runs before anything of the page is drawn, so that no tap reaches a control it does not hold
 * yet (a form submitted natively, a reload): it is a classic script, the last thing in the body, and the
 * element right after it is the one the head's render-blocking `expect` link waits for (scripts/prerender.mjs).
 */
function startsBeforeDrawn(html) {
  const head = html.slice(0, html.indexOf('</head>'))
  const anchor = head.match(/<link rel="expect" href="#([\w-]+)" blocking="render">/)?.[1]
  const last = html.lastIndexOf('<script')
  if (!anchor || last < head.length || !html.startsWith('<script>', last)) return false
  return html.slice(html.indexOf('</script>', last)).startsWith(`</script><template id="${anchor}"></template></body>`)
}

/**
 * The daily open and the entry pages paint from HTML alone: no script file is fetched and evaluated before
 * the first paint (their one inline script, the starter, asks for the app only after it: start/startAfterPaint.ts).
 */
function checkScriptsBeforePaint(page, file) {
  if (!existsSync(join(dist, file))) {
    console.error(`  FAIL: ${page.name} has a scripts-before-paint budget but no prerendered HTML (${file})`)
    failed = true
    return
  }
  const html = readFileSync(join(dist, file), 'utf8')
  const scripts = prerenderedRefs(html).files.filter((f) => f.endsWith('.js')).length
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].length
  const held = startsBeforeDrawn(html)
  const line = `${scripts} script files before the first paint (budget ${page.maxScriptsBeforePaint}); ${inline} inline starter${held ? ', run before the page is drawn' : ', NOT held to run before the page is drawn'}`
  if (scripts <= page.maxScriptsBeforePaint && inline <= 1 && held) console.log(`  ok: ${line}`)
  else {
    console.error(`  FAIL: ${line}`)
    failed = true
  }
}
for (const route of routes) {
  if (!manifest[route.page]) {
    console.error(`size-check: ${route.page} is not in the build manifest`)
    failed = true
    continue
  }
  const logic = [entryKey, ...LOGIC_IMPORTS]
  const chunks = staticGraph([...logic, ...VIEW_IMPORTS, route.page])
  const rowsOf = (files) => [...files].map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip)
  const sum = (rows) => rows.reduce((total, r) => total + r.gzip, 0)
  const started = rowsOf(filesOf(chunks))
  const interactive = route.early ? rowsOf(filesOf(staticGraph([...logic, ...route.early]))) : started

  const prerendered = join('_prerender', `${route.name.replace(/^\//, '')}.html`)
  let beforeLoad = started
  if (existsSync(join(dist, prerendered))) {
    const refs = prerenderedRefs(readFileSync(join(dist, prerendered), 'utf8'))
    beforeLoad = rowsOf(new Set([prerendered, ...refs.files, ...filesOf(staticGraph(refs.keys))]))
  }
  const checks = [
    { title: `${route.name} before its load event`, rows: beforeLoad, budget: route.maxGzipKB },
    {
      title: route.early ? `${route.name} interactive (its logic and early taps, before the view)` : `${route.name} interactive (loaded after the load event when prerendered)`,
      rows: interactive,
      budget: route.maxInteractiveGzipKB ?? route.maxGzipKB,
    },
  ]
  if (route.early) checks.push({ title: `${route.name} started (with its view)`, rows: started, budget: route.maxStartedGzipKB ?? route.maxGzipKB })
  for (const { title, rows, budget } of checks) {
    printRows(title, rows, sum(rows), budget)
    if (sum(rows) > budget * 1024) {
      console.error(`  FAIL: ${title}: ${kb(sum(rows))} KB gzip (${sum(rows)} bytes), over its ${budget} KB budget (${budget * 1024} bytes)`)
      failed = true
    }
  }
  if (route.maxScriptsBeforePaint !== undefined) checkScriptsBeforePaint(route, prerendered)
  // Each file is a request and a module to link before the page can start (vite.config.ts: startChunk).
  if (route.maxInteractiveFiles !== undefined) {
    const line = `${interactive.length} files to start (budget ${route.maxInteractiveFiles})`
    if (interactive.length <= route.maxInteractiveFiles) console.log(`  ok: ${line}`)
    else {
      console.error(`  FAIL: ${line}`)
      failed = true
    }
  }
  const rows = started
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
// The frames the service worker paints on a signed-in open (src/start/prerender.tsx FRAME_PAGES): HTML alone.
for (const frame of frames) {
  const file = join('_prerender', `${frame.name.replace(/^\//, '')}.html`)
  const rows = existsSync(join(dist, file)) ? [{ file, gzip: gzipSize(file) }] : []
  if (!rows.length) {
    console.error(`  FAIL: the ${frame.name} frame is not in the build (dist/${file})`)
    failed = true
  }
  printRows(`${frame.name} frame (the daily open's first paint)`, rows, rows.reduce((t, r) => t + r.gzip, 0), frame.maxGzipKB)
  if (rows.length && rows[0].gzip > frame.maxGzipKB * 1024) {
    console.error(`  FAIL: the ${frame.name} frame is ${kb(rows[0].gzip)} KB gzip, over its ${frame.maxGzipKB} KB budget`)
    failed = true
  }
  checkScriptsBeforePaint(frame, file)
}
process.exit(failed ? 1 : 0)
