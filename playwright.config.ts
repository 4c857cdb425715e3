/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the compiled server. Each worker starts
 * a server of its own with a fresh data directory and its own stand-ins (tests/support/fixtures.ts); the
 * development server here serves the UI kit page and the client's modules, with a server of its own behind it.
 */
import { defineConfig, devices } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromiumLaunchOptions } from './scripts/chromium-args.mjs'
import { MAX_WORKERS } from './tests/support/ports'

const port = Number(process.env.E2E_PORT ?? 18080)
/** The server behind the development server (the workers' servers are on E2E_PORT + 10 and up). */
const devApiURL = `http://127.0.0.1:${port}`
const devPort = Number(process.env.E2E_DEV_PORT ?? 18173)
/** Base URL of the development server that serves kit.html. */
export const devURL = `http://127.0.0.1:${devPort}`
// Made once, by the runner (its workers load this file too, and find it in the environment), and removed
// when the runner exits, after it has stopped the servers.
let dataDir = process.env.E2E_DEV_DATA_DIR
if (!dataDir) {
  const made = mkdtempSync(join(tmpdir(), 'habor-e2e-dev-'))
  process.on('exit', () => rmSync(made, { recursive: true, force: true }))
  dataDir = process.env.E2E_DEV_DATA_DIR = made
}
// Two workers by default: the measured times per worker count are in docs/running.md.
const workers = Math.min(MAX_WORKERS, Number(process.env.E2E_WORKERS ?? 2))

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  workers,
  retries: 0,
  // Ceilings, not times a test asserts (a time the product promises is asserted on the page's clock), so
  // they cost a passing test nothing. They hold on a machine three to seven times slower than a quiet one,
  // where tests that take 8 s took 40–108 s beside the rest of CI (docs/running.md, "A busy machine"); the
  // longest journeys say test.slow(), three times this (the longest took 228 s there).
  timeout: 300_000,
  // 5 s (Playwright's default) was too short for a cold page on a machine whose cores another job holds,
  // 15 s for one on a slow machine beside the rest of CI. A wait that must fail fast names its own timeout.
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    ...devices['Pixel 7'],
    browserName: 'chromium',
    viewport: { width: 375, height: 812 },
    launchOptions: chromiumLaunchOptions(),
  },
  webServer: [
    {
      // Builds what is stale (scripts/build-if-stale.mjs) before any worker starts its server.
      command: 'node scripts/start.mjs',
      url: `${devApiURL}/download`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    },
    {
      // The development server, for the UI kit page (kit.html), which the production build leaves out.
      command: `npx vite --port ${devPort} --strictPort --host 127.0.0.1`,
      url: `${devURL}/kit.html`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { API_PROXY: devApiURL },
    },
  ],
})
