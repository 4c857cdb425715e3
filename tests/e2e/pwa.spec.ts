/**
 * The offline shell, installability and the update flow, in Debian's Chromium against the production build.
 */
import { expect, type Page } from '@playwright/test'
import { SW_CONTROL_MS } from '../support/clock'
import { test } from '../support/fixtures'
import { updateTestPort } from '../support/ports'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { screenshot } from '../support/screenshot'

/** Loads the page until our service worker controls it (the first visit installs it). */
async function controlled(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: SW_CONTROL_MS }).toBe(true)
}

test.describe('installability', () => {
  test('the web app manifest has what an install needs', async ({ page, request }) => {
    const res = await request.get('/manifest.webmanifest')
    expect(res.ok()).toBe(true)
    const m = (await res.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose?: string }[] }
    expect(m).toMatchObject({
      name: expect.stringContaining('Habor'),
      short_name: 'Habor',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#F8F8F8',
      background_color: '#F8F8F8',
      lang: 'zh-Hans',
    })
    expect(['portrait', 'landscape', 'any']).toContain(m.orientation)
    const any = m.icons.filter((i) => (i.purpose ?? 'any') === 'any')
    expect(any.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
    expect(m.icons.some((i) => i.purpose === 'maskable')).toBe(true)
    for (const icon of m.icons) {
      const img = await request.get(`/${icon.src}`)
      expect(img.headers()['content-type']).toBe('image/png')
    }
    await page.goto('/download')
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /apple-touch-icon/)
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes')
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
    // The page's icon comes once the app has loaded, in place of an empty one: nothing was fetched or
    // decoded for it as the page loaded, not even the browser's own /favicon.ico.
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/)
    expect(await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p === '/favicon.ico'))).toEqual([])
  })

  test('the service worker controls the page after the first visit', async ({ page }) => {
    await controlled(page, '/download')
    const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope))
    expect(new URL(scope).pathname).toBe('/')
  })
})

test.describe('offline shell', () => {
  test('after one online visit, Login, Download and a deep link open with the network off', async ({ page, context }) => {
    await controlled(page, '/login')
    await context.setOffline(true)
    await page.goto('/login')
    await expect(page.getByText('阅读世界，表达自我').first()).toBeVisible()
    await page.goto('/download')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('下载')
    await page.goto('/2023/report?id=anything')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('年度报告')
    await screenshot(page, 'offline-report-375x812')
    await context.setOffline(false)
  })

  test('a navigation the network leaves unanswered for 3 s is served from the cache', async ({ page, context }) => {
    await controlled(page, '/agreement')
    await page.goto('/download')
    let held = 0
    // A flaky school network: the server's answer to the page itself is held until the test has seen the
    // page, so a page that shows can only have come from the cache, however slow the machine.
    let release!: () => void
    const released = new Promise<void>((r) => (release = r))
    let answered = false
    await context.route('**/agreement', async (route) => {
      held++
      await released
      answered = true
      await route.continue().catch(() => undefined)
    })
    await page.goto('/agreement', { timeout: 15_000 })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('用户协议')
    expect(held).toBeGreaterThan(0)
    expect(answered).toBe(false)
    release()
    await context.unrouteAll({ behavior: 'ignoreErrors' })
  })

  test('the prerendered Login paints before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Habor' })).toBeVisible()
    await context.close()
  })

  test('a prerendered page fetches no script or stylesheet before its load event, then starts the app', async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.goto('/login')
    const assets = () =>
      page.evaluate(() => {
        const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart
        return performance
          .getEntriesByType('resource')
          .filter((e) => /\.(js|css)$/.test(new URL(e.name).pathname))
          .map((e) => ({ path: new URL(e.name).pathname, beforeLoad: load === 0 || e.startTime < load }))
      })
    // The inline starter asks for the app once the page has loaded and painted.
    await expect.poll(async () => (await assets()).length).toBeGreaterThan(0)
    expect((await assets()).filter((a) => a.beforeLoad)).toEqual([])
    await context.close()
  })

  test('a prerendered page does not fetch the CSS it has inlined, even once its code and content have loaded', async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const css: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('.css')) css.push(new URL(r.url()).pathname)
    })
    await page.goto('/share/opus?id=demo-opus')
    // The article comes from the API after hydration, with the page's chunk and its CSS dependencies.
    await expect(page.getByRole('heading', { name: '门前的银杏树' })).toBeVisible()
    // Every stylesheet the page and the shell need is inlined into its HTML: none is requested.
    expect(css).toEqual([])
    await context.close()
  })
})

test.describe('precache', () => {
  test('holds every script and stylesheet of the build except mqtt.js, which is cached on first use', () => {
    const sw = readFileSync(join('dist', 'sw.js'), 'utf8')
    const assets = readdirSync(join('dist', 'assets')).filter((f) => /\.(js|css)$/.test(f))
    expect(assets.length).toBeGreaterThan(20)
    const missing = assets.filter((f) => !sw.includes(`"assets/${f}"`))
    expect(missing).toEqual([expect.stringMatching(/^mqtt[^/]*\.js$/)])
  })

  test('a file over the precache limit fails the build instead of being left out', () => {
    test.slow()
    const out = mkdtempSync(join(tmpdir(), 'habor-limit-'))
    try {
      // React DOM alone is over 50 KB.
      const r = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
        env: { ...process.env, HABOR_PRECACHE_LIMIT_KB: '50' },
        encoding: 'utf8',
      })
      expect(r.status).not.toBe(0)
      expect(r.stdout + r.stderr).toMatch(/maximumFileSizeToCacheInBytes[\s\S]*assets\/[^ ]+\.js is [\d.]+ kB/)
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })
})

test.describe('update flow', () => {
  test.slow()
  const port = updateTestPort()
  const origin = `http://127.0.0.1:${port}`
  let dir = ''
  let server: ChildProcess | undefined

  const buildInto = (id: string) => {
    const r = spawnSync('npx', ['vite', 'build', '--outDir', join(dir, 'dist'), '--emptyOutDir', '--logLevel', 'error'], {
      env: { ...process.env, HABOR_BUILD_ID: id },
      encoding: 'utf8',
    })
    if (r.status !== 0) throw new Error(`build ${id} failed: ${r.stderr}`)
  }
  const start = async () => {
    server = spawn('npx', ['tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(port), DIST_DIR: join(dir, 'dist'), DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
      detached: true,
    })
    await expect.poll(async () => fetch(`${origin}/download`).then((r) => r.status, () => 0), { timeout: 60_000 }).toBe(200)
  }
  const stop = async () => {
    if (!server?.pid) return
    const exited = new Promise((r) => server?.once('exit', r))
    process.kill(-server.pid, 'SIGTERM')
    await exited
    server = undefined
  }

  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'habor-update-'))
  })
  test.afterAll(async () => {
    await stop()
    rmSync(dir, { recursive: true, force: true })
  })

  test('a rebuilt version shows the prompt, accepting reloads every open tab onto it, and pages cached by the old one are dropped', async ({ page, context }) => {
    buildInto('build-a')
    await start()
    await controlled(page, `${origin}/download`)
    await expect(page.locator('html')).toHaveAttribute('data-build', 'build-a')
    const other = await context.newPage()
    await other.goto(`${origin}/agreement`)
    await expect(other.locator('html')).toHaveAttribute('data-build', 'build-a')
    // A page visited only under the old version: the service worker keeps its HTML, which names build-a's scripts.
    const visited = await context.newPage()
    await visited.goto(`${origin}/forget`)
    await expect(visited.getByRole('heading', { level: 1 })).toHaveText('找回密码')
    await visited.close()

    await stop()
    buildInto('build-b')
    await start()

    // iOS home-screen apps check for updates when they become visible again; so do we.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    const prompt = page.getByRole('alertdialog')
    await expect(prompt).toContainText('新版本已就绪')
    await screenshot(page, 'update-prompt-375x812')
    await prompt.getByRole('button', { name: '刷新' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-build', 'build-b')
    await expect(other.locator('html')).toHaveAttribute('data-build', 'build-b')

    // Offline, that page opens on the new version: build-a's copy, whose scripts are gone, is not served.
    await context.setOffline(true)
    await page.goto(`${origin}/forget`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('找回密码')
    await expect(page.locator('html')).toHaveAttribute('data-build', 'build-b')
    await context.setOffline(false)
  })
})
