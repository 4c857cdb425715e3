// After `vite build`: prerender the public entry pages (Login, Download, the share pages) into
// dist/_prerender/<path>.html with their CSS inlined, so the first paint comes from HTML alone; their only
// script is inline (src/start/startAfterPaint.ts), and it fetches the app only after the page has loaded and
// painted: its logic first, then its view. The server sends these files for those paths; everything else gets dist/index.html.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { EARLY_IMPORTS, FIRST_IMPORTS, LOGIC_IMPORTS, VIEW_IMPORTS } from './start-imports.mjs'

const root = new URL('..', import.meta.url).pathname
const dist = process.env.HABOR_OUT_DIR ?? join(root, 'dist')
const ssrOut = join(root, 'node_modules', '.tmp', 'prerender')

/** The pages prerendered at build time: path → source module of the page. */
export const PRERENDERED = {
  '/login': 'src/pages/Login/Login.tsx',
  '/download': 'src/pages/Download/Download.tsx',
  // The public share pages: their frame and skeleton; the server adds each content's title and meta.
  '/share/opus': 'src/pages/ShareOpus/ShareOpus.tsx',
  '/share/read': 'src/pages/ShareRead/ShareRead.tsx',
  '/share/task': 'src/pages/ShareTask/ShareTask.tsx',
  '/sound': 'src/pages/Sound/Sound.tsx',
}

rmSync(ssrOut, { recursive: true, force: true })
// Minified: the starter's source is copied from this build into every page.
const built = spawnSync('npx', ['vite', 'build', '--ssr', 'src/start/prerender.tsx', '--outDir', ssrOut, '--minify', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, HABOR_PRERENDER: '1' },
})
if (built.status !== 0) process.exit(built.status ?? 1)

/**
 * The frames of login-only pages (docs/performance.md "The daily open"): one per login-only page of the
 * page table and language, each with the URL it is served and precached under and the source module of
 * the page that renders over it (src/start/prerender.tsx FRAME_PAGES). No one is signed in at build time, so
 * each is a generic frame (src/start/prerender.tsx renderFrame), painted by the service worker for a signed-in
 * student, in the student's language, before any script runs.
 */
const { renderPage, renderFrame, startAfterPaint, stuckTexts, FRAME_PAGES: FRAMES, FRAME_HEAD } = await import(pathToFileURL(join(ssrOut, 'prerender.js')).href)
// Written as \u escapes: the page's text (document.body.textContent, what a reader or a test reads) does not
// include the note's words before the note is shown.
const STUCK_TEXTS = JSON.stringify(await stuckTexts()).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
const template = readFileSync(join(dist, 'index.html'), 'utf8')
const entry = manifest['index.html']

/** The chunk's CSS and JS, with those of its static imports, depth first. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return { css: [], js: [] }
  seen.add(key)
  const chunk = manifest[key]
  const out = { css: [...(chunk.css ?? [])], js: [chunk.file] }
  for (const dep of chunk.imports ?? []) {
    const sub = closure(dep, seen)
    out.css.push(...sub.css)
    out.js.push(...sub.js)
  }
  return out
}

const entryKey = 'index.html'
/** The shell's lazily loaded layers (pull-refresh, overlay, …): their CSS must be there before they hydrate. */
const shellLayers = Object.values(manifest)
  .flatMap((c) => c.dynamicImports ?? [])
  .filter((k) => k.startsWith('src/ui/'))
const entryFiles = closure(entryKey)
for (const key of [...LOGIC_IMPORTS, ...VIEW_IMPORTS, ...Object.values(EARLY_IMPORTS).flat()]) {
  if (!manifest[key]) throw new Error(`prerender: ${key} is not a chunk of its own in the build manifest`)
}
/** The app's logic, which every page's starter asks for first: the entry's graph and what it imports as it starts. */
const logicFiles = [...entryFiles.js, ...LOGIC_IMPORTS.flatMap((k) => closure(k).js)]
/** The view, asked for once the logic runs. */
const viewFiles = VIEW_IMPORTS.flatMap((k) => closure(k, new Set([entryKey])).js)
mkdirSync(join(dist, '_prerender'), { recursive: true })
/** The chunk a page's starter imports before the logic (vite.config.ts puts FIRST_IMPORTS in the group 'first'). */
const firstChunks = Object.values(manifest).filter((c) => c.name === 'first' && c.file.endsWith('.js'))
if (Object.keys(FIRST_IMPORTS).length > 0 && firstChunks.length !== 1) throw new Error(`prerender: expected one 'first' chunk in the build manifest, found ${firstChunks.length}`)

/** The view's own CSS (the shell and the page scaffold), which a frame needs as the real page does. */
const viewCss = VIEW_IMPORTS.flatMap((k) => closure(k, new Set([entryKey])).css)
const pages = [
  ...Object.entries(PRERENDERED).map(([path, source]) => ({ path, url: path, lang: 'zh-Hans', source, frame: false })),
  ...FRAMES.map(({ url, path, lang, source }) => ({ path, url, lang, source, frame: true })),
]

/** The template's language, document title and description in `lang` (index.html is in zh-Hans). */
function inLang(html, lang) {
  if (lang === 'zh-Hans') return html
  const head = FRAME_HEAD[lang]
  const swaps = [
    [/<html lang="zh-Hans">/, `<html lang="${lang}">`],
    [/<title>[^<]*<\/title>/, `<title>${head.title}</title>`],
    [/<meta name="description" content="[^"]*"/, `<meta name="description" content="${head.description}"`],
  ]
  for (const [from, to] of swaps) {
    if (!from.test(html)) throw new Error(`prerender: ${from} is missing from dist/index.html`)
    html = html.replace(from, to)
  }
  return html
}

// Nothing but the page itself is fetched before the first paint (docs/performance.md "Nothing fetched
// before the first paint"), and nothing is decoded before it is reported: the starter links the manifest
// once the paint is reported, and the icon (a data URL of a few hundred bytes) once the app has loaded.
const manifestLink = /\s*<link rel="manifest" href="([^"]+)">/
const svgIconLink = /<link rel="icon" href="\/icon\.svg"[^>]*>/
if (!manifestLink.test(template) || !svgIconLink.test(template)) throw new Error('prerender: the manifest or icon link is missing from dist/index.html')
const manifestHref = template.match(manifestLink)[1]
const iconData = `data:image/svg+xml,${encodeURIComponent(readFileSync(join(dist, 'icon.svg'), 'utf8').replace(/\s*\n\s*/g, ' ').trim())}`
// The icon links become one empty icon: without any, the browser would fetch /favicon.ico as the page
// loads; the starter links the real one once the app's logic has loaded.
const icoLink = /<link rel="icon" href="\/favicon\.ico"[^>]*>/
if (!icoLink.test(template)) throw new Error('prerender: the favicon link is missing from dist/index.html')
// The element right after the starter: the page is drawn only once it is parsed (see the starter below).
const STARTER_RAN = 'starter-ran'
const pageTemplate = template.replace(manifestLink, '').replace(svgIconLink, '').replace(icoLink, '<link rel="icon" href="data:,">')

for (const { path, url, lang, source, frame } of pages) {
  const page = closure(source, new Set([entryKey]))
  const layers = shellLayers.flatMap((k) => closure(k, new Set([entryKey])).css)
  const cssFiles = [...new Set([...entryFiles.css, ...layers, ...(frame ? viewCss : []), ...page.css])]
  const css = cssFiles.map((f) => readFileSync(join(dist, f), 'utf8')).join('\n')
  // A disabled stylesheet link is never fetched, but it tells Vite's preload helper that the file is on
  // the page already: without it, loading the page's chunk would fetch its CSS again and apply it a
  // second time, a restyle and relayout of the whole screen while React hydrates.
  const inlinedMarks = cssFiles.map((f) => `<link rel="stylesheet" href="/${f}" disabled>`).join('')
  const body = frame ? await renderFrame(path, lang) : await renderPage(path)
  let html = inLang(pageTemplate, lang)
  // Its CSS is inlined below and its scripts start after load: no stylesheet or preload links may block
  // or compete with the first paint.
  html = html.replace(/\s*<link rel="(?:stylesheet|modulepreload)"[^>]*href="\/assets\/[^"]*"[^>]*>/g, '')
  // The app's code starts after the prerendered screen has painted, from an inline starter: no script is
  // fetched before the first paint. Its hash is allowed by the server's Content-Security-Policy.
  // The starter is a classic script, run where the parser meets it at the end of the body, and the page is
  // not drawn before the element after it is parsed (STARTER_RAN, a render-blocking `expect` link): no
  // frame shows a control that a tap could reach before the starter holds it, a tap that would otherwise
  // submit the form natively and reload the page (docs/performance.md "Where the rest of the paint ratio
  // goes").
  const entryTag = new RegExp(`\\s*<script type="module"[^>]*src="/${entry.file}"[^>]*></script>`)
  if (!entryTag.test(html)) throw new Error('prerender: the entry script is missing from dist/index.html')
  html = html.replace(entryTag, '')
  const early = (EARLY_IMPORTS[path] ?? []).flatMap((k) => closure(k, new Set([entryKey])).js)
  const first = [...new Set([...logicFiles, ...early])]
  const then = [...new Set([...viewFiles, ...page.js])].filter((f) => !first.includes(f))
  const urls = (files) => JSON.stringify(files.map((f) => `/${f}`))
  const before = FIRST_IMPORTS[path] ? firstChunks.map((c) => c.file) : []
  const starter = `<script>(${startAfterPaint})(${JSON.stringify(`/${entry.file}`)},${urls(first)},${urls(then)},undefined,${urls(before)},${JSON.stringify(manifestHref)},${STUCK_TEXTS},${JSON.stringify(iconData)})</script>`
  html = html
    .replace('</head>', `<link rel="expect" href="#${STARTER_RAN}" blocking="render"><style>${css}</style>${inlinedMarks}</head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${path}">${body}</div>`)
    .replace('</body>', `${starter}<template id="${STARTER_RAN}"></template></body>`)
  // Nested paths keep their folders: /share/opus → dist/_prerender/share/opus.html, and the server sends
  // each file for its URL (/__frame/en/home → dist/_prerender/__frame/en/home.html).
  const name = url.slice(1)
  const file = join(dist, '_prerender', `${name}.html`)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, html)
  console.log(`prerendered ${url} → dist/_prerender/${name}.html (${(html.length / 1024).toFixed(1)} KB)`)
}
