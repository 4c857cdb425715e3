/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against `npm start` on a spare port with
 * a fresh data directory.
 */
import { defineConfig, devices } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const port = Number(process.env.E2E_PORT ?? 18080)
export const baseURL = `http://127.0.0.1:${port}`
const devPort = Number(process.env.E2E_DEV_PORT ?? 18173)
/** The stand-in for WeChat's server API (tests/support/wechat-stand-in.mjs). */
const wechatPort = Number(process.env.E2E_WECHAT_PORT ?? port + 102)
/** Base URL of the development server that serves kit.html. */
export const devURL = `http://127.0.0.1:${devPort}`
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'habor-e2e-'))
process.env.E2E_DATA_DIR = dataDir
/** The Web Push service stand-in (tests/support/push-stand-in.mjs): HTTPS for the server, a control port for the tests. */
const pushPort = Number(process.env.E2E_PUSH_PORT ?? port + 103)
export const pushControlURL = `http://127.0.0.1:${Number(process.env.E2E_PUSH_CONTROL_PORT ?? port + 104)}`
// Its self-signed certificate, made once per run; the app server trusts it (NODE_EXTRA_CA_CERTS).
const pushCert = join(dataDir, 'push-cert.pem')
const pushKey = join(dataDir, 'push-key.pem')
if (!existsSync(pushCert)) {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', pushKey, '-out', pushCert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    ...devices['Pixel 7'],
    browserName: 'chromium',
    baseURL,
    viewport: { width: 375, height: 812 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node scripts/start.mjs',
      url: `${baseURL}/download`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WECHAT_API_BASE: `http://127.0.0.1:${wechatPort}`,
        WECHAT_APPID: 'wx-e2e-stand-in',
        WECHAT_SECRET: 'e2e-stand-in-secret',
        PUSH_SERVICES: `127.0.0.1:${pushPort}`,
        NODE_EXTRA_CA_CERTS: pushCert,
      },
    },
    {
      command: 'node tests/support/push-stand-in.mjs',
      url: `${pushControlURL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PUSH_PORT: String(pushPort), CONTROL_PORT: new URL(pushControlURL).port, CERT_FILE: pushCert, KEY_FILE: pushKey },
    },
    {
      command: 'node tests/support/wechat-stand-in.mjs',
      url: `http://127.0.0.1:${wechatPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(wechatPort) },
    },
    {
      // The development server, for the UI kit page (kit.html), which the production build leaves out.
      command: `npx vite --port ${devPort} --strictPort --host 127.0.0.1`,
      url: `${devURL}/kit.html`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { API_PROXY: baseURL },
    },
  ],
})
