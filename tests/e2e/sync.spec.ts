/**
 * Writes made offline (docs/offline.md): a Mother's Day card with its recording and a report setting,
 * made while the school Wi-Fi is down, wait in the outbox (shown where they were made, counted in the
 * header, kept across a reload) and land exactly once when the connection returns, even when the first
 * replay's answer is lost on the way back and the card is sent again. A Wi-Fi sign-in page in the way
 * holds them until it is gone. Runs after report.spec.ts (files run in order): it changes the demo
 * student's 2023 report settings and puts them back.
 */
import { chromium, expect, type APIRequestContext, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test'
import { chromiumLaunchOptions } from '../../scripts/chromium-args.mjs'
import { test } from '../support/fixtures'
import type { Card } from '../../src/contract/cards'
import type { OwnerReport } from '../../src/contract/report'
import { screenshot } from '../support/screenshot'
import { DEMO, signInUnderWorker } from '../support/login'

const VIEW = { width: 375, height: 812 }
let browser: Browser

test.beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']))
})
test.afterAll(async () => {
  await browser?.close()
})

/** The server's own view, through a session of another device type (so it replaces none of the page's). */
async function serverView(request: APIRequestContext) {
  const login = await request.post('/api/login', {
    headers: { 'App-ID': 'jsj-habor' },
    data: { username: DEMO.phone, password: DEMO.password, deviceType: 'pad', deviceCode: 'sync-spec-checker', appId: 'jsj-habor' },
  })
  const { token } = ((await login.json()) as { data: { token: string } }).data
  const get = async <T,>(path: string): Promise<T> => ((await (await request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: T }).data
  return { cards: () => get<Card[]>('/cards'), report: (id: string) => get<OwnerReport>(`/reports/${id}`) }
}

async function signIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await signInUnderWorker(page)
  return page
}

async function recordTwoSeconds(page: Page): Promise<void> {
  await page.getByRole('button', { name: '开始录音' }).click()
  await expect(page.getByRole('button', { name: /停止录音 2 秒/ })).toBeVisible()
  await page.getByRole('button', { name: /停止录音/ }).click()
  await expect(page.getByRole('button', { name: '重新录制' })).toBeVisible()
}

test('a card with a recording and a report setting made offline wait, then land once each, a lost answer included', async ({ request, baseURL }) => {
  test.slow()
  const server = await serverView(request)
  const context = await browser.newContext({ viewport: VIEW, baseURL, permissions: ['microphone'] })
  const page = await signIn(context)

  // The 2023 report, opened while online.
  await page.goto('/2023/create')
  await expect(page).toHaveURL(/\/2023\/report\?id=[0-9a-f-]{36}$/)
  const reportId = new URL(page.url()).searchParams.get('id')!
  await page.getByRole('button', { name: '暂停自动翻页' }).click()
  await page.locator('.story__viewport').focus()
  await page.keyboard.press('ArrowRight')
  const eye = page.getByRole('button', { name: /对别人隐藏这一页|对别人显示这一页/ })
  const hiddenBefore = (await server.report(reportId)).hidden
  const cardsBefore = (await server.cards()).length

  // The Wi-Fi drops. The setting changes on the device and waits.
  await context.setOffline(true)
  await eye.click()
  await expect(page.getByRole('status').filter({ hasText: '待同步：设置已保存在这台设备上' })).toBeVisible()

  // A card with a recording, made offline (the page comes from the service worker).
  await page.goto('/motherday')
  const message = `离线写的贺卡 ${Date.now()}`
  await page.getByLabel('祝福语').fill(message)
  await page.getByLabel('花园').check()
  await recordTwoSeconds(page)
  await page.getByRole('button', { name: '生成贺卡' }).click()
  const waiting = page.getByRole('region', { name: '待同步的贺卡' })
  await expect(waiting.getByText(message)).toBeVisible()
  await expect(waiting.getByText('待同步', { exact: true })).toBeVisible()
  await expect(page.getByRole('status', { name: '2 项改动待同步' })).toBeVisible()
  await screenshot(page, 'outbox-waiting-375x812')

  // A reload (still offline) loses nothing: the outbox is on the device.
  await page.reload()
  await expect(page.getByRole('status', { name: '2 项改动待同步' })).toBeVisible()
  await expect(waiting.getByText(message)).toBeVisible()

  // Back online, the first card request reaches the server but its answer is lost on the way back.
  let cardPosts = 0
  let uploads = 0
  const loseFirstAnswer = async (route: Route) => {
    const method = route.request().method()
    if (method !== 'POST') return route.continue()
    if (route.request().url().endsWith('/api/cards/audio')) {
      uploads += 1
      return route.continue()
    }
    cardPosts += 1
    if (cardPosts > 1) return route.continue()
    await route.fetch()
    return route.abort('connectionreset')
  }
  await context.route(/\/api\/cards(\/audio)?$/, loseFirstAnswer)
  await context.setOffline(false)
  // The report setting lands at once; the card after its answer is lost is sent again on a timer.
  await expect(page.getByRole('status', { name: /项改动待同步/ })).toHaveCount(0, { timeout: 45_000 })
  await expect(waiting).toHaveCount(0)
  expect(cardPosts).toBe(2)
  expect(uploads).toBe(1)

  const cards = await server.cards()
  expect(cards.length).toBe(cardsBefore + 1)
  const landed = cards.filter((c) => c.message === message)
  expect(landed).toHaveLength(1)
  expect(landed[0]!.audio?.durationMs).toBeGreaterThan(1000)
  const report = await server.report(reportId)
  expect(report.hidden).not.toEqual(hiddenBefore)

  // Put the report back as it was, online this time.
  await context.unroute(/\/api\/cards(\/audio)?$/, loseFirstAnswer)
  await page.goto(`/2023/report?id=${reportId}`)
  await page.getByRole('button', { name: '暂停自动翻页' }).click()
  await page.locator('.story__viewport').focus()
  await page.keyboard.press('ArrowRight')
  const back = page.waitForResponse((r) => r.url().endsWith(`/api/reports/${reportId}`) && r.request().method() === 'PUT')
  await eye.click()
  await back
  expect((await server.report(reportId)).hidden).toEqual(hiddenBefore)
  await context.close()
})

test('behind a Wi-Fi sign-in page a report setting waits, and lands without a reload once the page is gone', async ({ request, baseURL }) => {
  const server = await serverView(request)
  const context = await browser.newContext({ viewport: VIEW, baseURL })
  const page = await signIn(context)
  await page.goto('/2023/create')
  await expect(page).toHaveURL(/\/2023\/report\?id=[0-9a-f-]{36}$/)
  const reportId = new URL(page.url()).searchParams.get('id')!
  const before = (await server.report(reportId)).shareable
  await page.getByRole('button', { name: '暂停自动翻页' }).click()

  // The captive portal's stand-in answers every API call with its HTML sign-in page.
  const portal = (route: Route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>校园网认证</title><form><input name="user"></form>' })
  await context.route('**/api/**', portal)
  const share = page.getByRole('switch', { name: /有链接的人可以查看/ })
  await share.setChecked(!before)
  await expect(page.getByRole('status').filter({ hasText: '待同步：设置已保存在这台设备上' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: '当前 Wi-Fi 需要先登录认证才能上网' })).toBeVisible()
  await expect(page.getByText(/服务器|错误|error/i)).toHaveCount(0)

  // Gone: no online event fires; the app's probe notices and the outbox sends.
  await context.unroute('**/api/**', portal)
  await expect(page.getByRole('status').filter({ hasText: '待同步' })).toHaveCount(0)
  expect((await server.report(reportId)).shareable).toBe(!before)

  // Put it back.
  const back = page.waitForResponse((r) => r.url().endsWith(`/api/reports/${reportId}`) && r.request().method() === 'PUT')
  await share.setChecked(before)
  await back
  expect((await server.report(reportId)).shareable).toBe(before)
  await context.close()
})
