/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** In CI each vitest project also writes a JSON report that scripts/ci-summary.mjs adds up. */
const ciReport = (project: string) =>
  process.env.CI ? { reporters: ['default', 'json'], outputFile: { json: `test-results/vitest-${project}.json` } } : {}

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/oidc': 'http://127.0.0.1:8080',
      '/mqtt': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          ...ciReport('unit'),
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          restoreMocks: true,
        },
      },
      {
        test: {
          name: 'server',
          ...ciReport('server'),
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
