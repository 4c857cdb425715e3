/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { webManifest } from './manifest/webmanifest.ts'
// @ts-expect-error: a plain script shared with the build scripts, typed by its use here
import { EARLY_IMPORTS } from './scripts/start-imports.mjs'

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
 */
function startChunks(): { plugin: Plugin; groups: { name: string; test: (id: string) => boolean }[] } {
  const sets = { start: new Set<string>(), view: new Set<string>() }
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
      const early = closure(bySource(Object.values(EARLY_IMPORTS as Record<string, string[]>).flat()), logic)
      const view = closure(bySource(['src/app/mount.tsx']), logic)
      // What both need (navigation, the page table) starts with the logic: the early taps never load the view.
      const shared = [...early].filter((id) => view.has(id))
      sets.start = new Set([...logic, ...shared].filter((id) => !own.has(id)))
      sets.view = new Set([...view].filter((id) => !early.has(id)))
    },
  }
  return { plugin, groups: (['start', 'view'] as const).map((name) => ({ name, test: (id: string) => sets[name].has(id) })) }
}

const start = startChunks()
const clientBuild = !process.env.VITEST && !process.env.HABOR_PRERENDER

export default defineConfig({
  define: {
    __BUILD_ID__: JSON.stringify(process.env.HABOR_BUILD_ID ?? new Date().toISOString()),
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
          restoreMocks: true,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
