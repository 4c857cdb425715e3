/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { webManifest } from './manifest/webmanifest.ts'
import { FRAMES } from './manifest/pages.ts'
// @ts-expect-error: a plain script shared with the build scripts, typed by its use here
import { EARLY_IMPORTS, FIRST_IMPORTS, LOGIC_IMPORTS } from './scripts/start-imports.mjs'
import { readFileSync } from 'node:fs'

/** The pages whose start the size check budgets (budgets.json). */
const BUDGETED_PAGES: string[] = (JSON.parse(readFileSync(new URL('./budgets.json', import.meta.url), 'utf8')) as { routes: { page: string }[] }).routes.map((r) => r.page)

/** This build's id: the app reads it (__BUILD_ID__), and the service worker's precache of Home's frame is keyed on it. */
const BUILD_ID = process.env.HABOR_BUILD_ID ?? new Date().toISOString()

const apiProxy = process.env.API_PROXY ?? 'http://127.0.0.1:8080'

/**
 * Precache limit: a file over it fails the build instead of being silently left out of the offline shell
 * (HABOR_PRECACHE_LIMIT_KB lowers it, so a test can prove that).
 */
const PRECACHE_LIMIT_BYTES = Number(process.env.HABOR_PRECACHE_LIMIT_KB ?? 400) * 1024

/**
 * Puts every module the app's entry imports statically into one chunk ('start': the app's logic), and every
 * other module its view (src/app/mount.tsx) imports statically into a second ('view'). Left to itself the
 * bundler makes a chunk of each group of modules that the entry shares with a different set of lazy pages:
 * about 25 files under 3 KB, each a request, a cache entry and a module to link before the app can start.
 * All of them load at start anyway, so two chunks cost no extra bytes; lazy pages import from them. The
 * sign-in flows that the early taps load (scripts/start-imports.mjs EARLY_IMPORTS) stay out of the view,
 * so that the taps never wait for it; what the view shares with them goes with the logic.
 *
 * What the logic loads as it starts is three more chunks, not the ten small ones the bundler would make
 * (each a request whose start costs the main thread a few milliseconds on a slow phone, in the window
 * where a tap waits): the storage cipher (scripts/start-imports.mjs LOGIC_IMPORTS with its crypto-js),
 * and, of what only the early taps load, the HTTP client and the sign-in flows apart, since the pages that
 * ask the server need the one without the other. What the early taps share with the view or with the page
 * of a budgeted route (budgets.json: Login, Download) goes with the logic instead, which every page loads:
 * a file less for a held tap to wait on, on a link where a browser opens at most six connections to a host.
 */
type Group = { name: string; test: (id: string) => boolean; includeDependenciesRecursively?: boolean }
function startChunks(): { plugin: Plugin; groups: Group[] } {
  const sets = { first: new Set<string>(), start: new Set<string>(), view: new Set<string>(), cipher: new Set<string>(), http: new Set<string>(), signin: new Set<string>() }
  const plugin: Plugin = {
    name: 'habor:start-chunks',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[], stop: Set<string> = new Set()) => {
        const seen = new Set<string>()
        const walk = (id: string) => {
          if (seen.has(id) || stop.has(id)) return
          seen.add(id)
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next)
        }
        roots.forEach(walk)
        return seen
      }
      const ids = [...this.getModuleIds()]
      const bySource = (keys: readonly string[]) => ids.filter((id) => keys.some((key) => id.endsWith(`/${key}`)))
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry)
      const logic = closure(entries)
      // The entry's own script (src/main.tsx) stays the entry chunk; everything it imports is the group.
      const own = new Set(entries.flatMap((id) => [id, ...(this.getModuleInfo(id)?.importedIds ?? [])]))
      const earlyRoots = bySource(Object.values(EARLY_IMPORTS as Record<string, string[]>).flat())
      const httpRoots = bySource(['src/lib/http/index.ts'])
      const early = closure(earlyRoots, logic)
      const view = closure(bySource(['src/app/mount.tsx']), logic)
      // What both need (navigation, the page table) starts with the logic: the early taps never load the view.
      const shared = [...early].filter((id) => view.has(id))
      // So is what they share with the page of a budgeted route (budgets.json: Login, Download): today the
      // HTTP errors and the SMS countdown, about 1 KB that would otherwise be two more files for a tap to
      // wait on.
      const budgeted = closure(bySource(BUDGETED_PAGES), logic)
      const withPages = [...early].filter((id) => budgeted.has(id))
      // Never the HTTP client or the sign-in flows themselves: a page importing them statically would pull
      // them into what every page loads, which no budget would notice.
      const leaked = [...httpRoots, ...earlyRoots].filter((id) => budgeted.has(id))
      if (leaked.length > 0) this.error(`a budgeted page imports ${leaked.map((id) => id.replace(`${process.cwd()}/`, '')).join(', ')} statically: it would join the start chunk of every page`)
      // What a prerendered page's starter imports before the logic (scripts/start-imports.mjs
      // FIRST_IMPORTS: Login's first-visit 登录), with all it imports: one small chunk that needs no other.
      sets.first = closure(bySource(Object.values(FIRST_IMPORTS as Record<string, string[]>).flat()))
      sets.start = new Set([...logic, ...shared, ...withPages].filter((id) => !own.has(id) && !sets.first.has(id)))
      sets.view = new Set([...view].filter((id) => !early.has(id) && !sets.first.has(id)))
      sets.cipher = closure(bySource(LOGIC_IMPORTS as string[]), new Set([...sets.start, ...sets.first]))
      // The rest of the early taps' modules, in two chunks: the HTTP client and the sign-in flows.
      const elsewhere = (id: string) => sets.first.has(id) || sets.start.has(id) || sets.cipher.has(id) || view.has(id)
      const httpClient = closure(httpRoots)
      sets.http = new Set([...early].filter((id) => httpClient.has(id) && !elsewhere(id)))
      sets.signin = new Set([...early].filter((id) => !httpClient.has(id) && !elsewhere(id)))
    },
  }
  const group = (name: keyof typeof sets) => ({ name, test: (id: string) => sets[name].has(id) })
  // The three start-up chunks hold only their own modules: a shared dependency stays where the pages find it.
  const alone = (name: keyof typeof sets) => ({ ...group(name), includeDependenciesRecursively: false })
  return { plugin, groups: [group('first'), group('start'), group('view'), alone('cipher'), alone('http'), alone('signin')] }
}

const start = startChunks()
const clientBuild = !process.env.VITEST && !process.env.HABOR_PRERENDER

export default defineConfig({
  define: {
    __BUILD_ID__: JSON.stringify(BUILD_ID),
  },
  plugins: [
    react(),
    clientBuild ? start.plugin : [],
    // The service worker and icons belong to the client build, not to unit tests or the prerender build.
    !clientBuild
      ? []
      : VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registration is ours (src/app/pwa.ts), after the load event, so it never competes with first paint.
      injectRegister: false,
      manifest: webManifest(),
      includeAssets: ['favicon.ico', 'apple-touch-icon-180x180.png'],
      pwaAssets: { config: true, overrideManifestIcons: true },
      injectManifest: {
        // The manifest and its icons are added by the plugin itself; listing them here too would conflict.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // mqtt.js (~100 KB gzip) serves only a signed-in, online session: it is cached when first used.
        globIgnores: ['**/_prerender/**', '**/assets/mqtt*.js'],
        maximumFileSizeToCacheInBytes: PRECACHE_LIMIT_BYTES,
        // The login-only pages' frames in each language (scripts/prerender.mjs writes them after this build;
        // the server sends each for its URL: zh-Hans's for the page's path, another language's under
        // /__frame/<lang>/): the daily open's first paint, precached with the scripts they name, so they are
        // of the same version.
        additionalManifestEntries: FRAMES.map((frame) => ({ url: frame.url, revision: BUILD_ID })),
      },
      showMaximumFileSizeToCacheInBytesWarning: false,
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: !!process.env.HABOR_SOURCEMAP,
    manifest: true,
    rolldownOptions: clientBuild ? { output: { codeSplitting: { groups: start.groups } } } : {},
  },
  server: {
    host: '127.0.0.1',
    // The API, sign-in provider and live channel of `npm start` (API_PROXY: another server, e.g. the tests').
    proxy: {
      '/api': apiProxy,
      '/oidc': apiProxy,
      '/mqtt': { target: apiProxy.replace(/^http/, 'ws'), ws: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // From Node 25 on, Node has a `localStorage` global of its own (undefined without
          // --localstorage-file), and vitest keeps a global Node already has instead of happy-dom's: the
          // browser's storage is what the app uses, so Node's is turned off (a flag Node 22 to 26 accept).
          execArgv: ['--no-experimental-webstorage'],
          restoreMocks: true,
          // A few unit files do real work (ESLint over fixtures, building the server for the push client);
          // on a machine busy with other suites that outlasts vitest's 5 s / 10 s defaults. Time rules are
          // tested with fake timers, so a longer limit only stops a busy machine from failing them.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          setupFiles: ['tests/server/setup.ts'],
          // Ceilings, not bounds: a test waits for what it expects, and a loaded machine (load average 40
          // beside the browser suite) took over 30 s to build two apps on Redis or to start a server process.
          // A time the product promises is asserted inside the test.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Real processes behind nginx on PostgreSQL and Redis: run by scripts/test-cluster.mjs, one file at a time.
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
