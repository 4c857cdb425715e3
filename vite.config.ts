/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { webManifest } from './manifest/webmanifest.ts'
import { FRAMES } from './manifest/pages.ts'
import { startChunks } from './src/start/chunks.ts'
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

const start = startChunks(BUDGETED_PAGES)
const clientBuild = !process.env.VITEST && !process.env.HABOR_PRERENDER

/** What both server projects share. */
const server = {
  environment: 'node' as const,
  setupFiles: ['tests/server/setup.ts'],
  // Ceilings, not bounds: a test waits for what it expects, and a loaded machine (load average 40
  // beside the browser suite) took over 30 s to build two apps on Redis or to start a server process; on a
  // machine three to seven times slower than a quiet one, tests that take 10–20 s took 85–114 s and the
  // live-channel flood passed 120 s (docs/running.md "A busy machine"). A time the product promises is
  // asserted inside the test.
  testTimeout: 360_000,
  hookTimeout: 360_000,
}
/** Server test files that replace a module with vi.mock, so they run in a fresh module graph each. */
const SERVER_ISOLATED = ['tests/server/routes/table.test.ts', 'tests/server/system/response-schemas.test.ts']
// The server files that run nodes on the one test Redis database (TEST_REDIS_URL_SERVER): they flush it and
// count the nodes on its roll, so two of them at once would see each other's nodes and keys.
const SERVER_REDIS = ['tests/server/system/redis-shared.test.ts', 'tests/server/system/session-cache.test.ts', 'tests/server/admin/disable.test.ts']
/**
 * The server files that never open the test database: the PostgreSQL run (scripts/test-server-pg.mjs sets
 * TEST_SERVER_DATABASE_ONLY=1) leaves them out, since it would only repeat them on SQLite.
 */
const DATABASE_FREE: string[] = process.env.TEST_SERVER_DATABASE_ONLY === '1' ? JSON.parse(readFileSync(new URL('./tests/server/database-free.json', import.meta.url), 'utf8')) : []

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
          // on a machine busy with other suites, or one three to seven times slower (docs/running.md "A busy
          // machine"), that outlasts vitest's 5 s / 10 s defaults. Time rules are tested with fake timers,
          // so a longer limit only stops a slow machine from failing them.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: [...SERVER_ISOLATED, ...SERVER_REDIS, ...DATABASE_FREE],
          // The files of a worker share one module graph, so the server and its libraries are imported
          // once per worker, not once per file (about 5 s a file; the suite takes about half the time).
          // What a test leaves behind is cleaned up by the registry tests/server/setup.ts runs after every
          // test (tests/server/support/cleanup.ts). TEST_SERVER_ISOLATE=1 gives each file a fresh graph
          // again, to tell whether a failure comes from sharing (docs/running.md).
          isolate: process.env.TEST_SERVER_ISOLATE === '1',
        },
      },
      {
        // The files that replace a module (vi.mock) need the app imported afresh: each runs on its own.
        test: { ...server, name: 'server-isolated', include: SERVER_ISOLATED },
      },
      {
        // One at a time among themselves, beside the rest of the suite.
        test: { ...server, name: 'server-redis', include: SERVER_REDIS, fileParallelism: false },
      },
      {
        // Real processes behind nginx on PostgreSQL and Redis: run by scripts/test-cluster.mjs, one file at a time.
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['tests/cluster/**/*.test.ts'],
          // Ceilings for real processes behind nginx, on a slow machine too (as the server suites').
          testTimeout: 360_000,
          hookTimeout: 360_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
