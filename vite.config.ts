/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { webManifest } from './manifest/webmanifest.ts'

const apiProxy = process.env.API_PROXY ?? 'http://127.0.0.1:8080'

/**
 * Precache limit: a file over it fails the build instead of being silently left out of the offline shell
 * (HABOR_PRECACHE_LIMIT_KB lowers it, so a test can prove that).
 */
const PRECACHE_LIMIT_BYTES = Number(process.env.HABOR_PRECACHE_LIMIT_KB ?? 400) * 1024

/**
 * Puts every module the app's entry imports statically into one chunk. Left to itself the bundler makes
 * a chunk of each group of modules that the entry shares with a different set of lazy pages: about 25
 * files under 3 KB, each a request, a cache entry and a module to link before the app can start. All of
 * them load at start anyway, so one chunk costs no extra bytes; lazy pages import from it.
 */
function startChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  let closure = new Set<string>()
  const plugin: Plugin = {
    name: 'habor:start-chunk',
    apply: 'build',
    buildEnd() {
      const seen = new Set<string>()
      const walk = (id: string) => {
        if (seen.has(id)) return
        seen.add(id)
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next)
      }
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry)
      entries.forEach(walk)
      // The entry's own script (src/main.tsx) stays the entry chunk; everything it imports is the group.
      const own = new Set(entries.flatMap((id) => [id, ...(this.getModuleInfo(id)?.importedIds ?? [])]))
      closure = new Set([...seen].filter((id) => !own.has(id)))
    },
  }
  return { plugin, test: (id) => closure.has(id) }
}

const start = startChunk()
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
    rolldownOptions: clientBuild ? { output: { codeSplitting: { groups: [{ name: 'start', test: start.test }] } } } : {},
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
