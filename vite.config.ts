/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { webManifest } from './manifest/webmanifest.ts'

const apiProxy = process.env.API_PROXY ?? 'http://127.0.0.1:8080'

/**
 * Precache limit: a file over it fails the build instead of being silently left out of the offline shell
 * (HABOR_PRECACHE_LIMIT_KB lowers it, so a test can prove that).
 */
const PRECACHE_LIMIT_BYTES = Number(process.env.HABOR_PRECACHE_LIMIT_KB ?? 400) * 1024

export default defineConfig({
  define: {
    __BUILD_ID__: JSON.stringify(process.env.HABOR_BUILD_ID ?? new Date().toISOString()),
  },
  plugins: [
    react(),
    // The service worker and icons belong to the client build, not to unit tests or the prerender build.
    process.env.VITEST || process.env.HABOR_PRERENDER
      ? []
      : VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registration is ours (src/lib/pwa), after the load event, so it never competes with first paint.
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
    sourcemap: false,
    manifest: true,
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
    ],
  },
})
