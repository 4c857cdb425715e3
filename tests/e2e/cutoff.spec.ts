/**
 * "Online but cut off" (docs/offline.md): every /api call answered by a Wi-Fi sign-in page that redirects
 * to another origin (blocked by the CSP's connect-src, so the app sees a bare network failure), or refused
 * outright, while the browser says it is online. Each page names the Wi-Fi, never a time-out, and recovers
 * by itself within 5 s of the API answering again, with no `online` event; measured on the page's clock,
 * which moves only while the page waits on its own timers.
 */
import { expect, type Page, type Request, type Route } from '@playwright/test'
import { pauseClockNow } from '../support/clock'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'
import { signInUnderWorker, submitPasswordLogin } from '../support/login'

test.use({ viewport: { width: 375, height: 812 } })

/** Every address stays on this machine: the portal's sign-in page is on another origin that answers nothing. */
const PORTAL_LOGIN = 'http://127.0.0.2:9/portal/login'
const redirecting = (route: Route) => route.fulfill({ status: 302, headers: { location: PORTAL_LOGIN }, body: '' })
const refusing = (route: Route) => route.abort('connectionrefused')
const KINDS = [
  { name: 'a sign-in page redirecting to another origin', handler: redirecting, bar: '当前 Wi-Fi 需要先登录认证才能上网' },
  { name: 'a refused connection', handler: refusing, bar: '连不上服务器，当前 Wi-Fi 可能需要先登录认证' },
] as const

/** Counts `online` events from now on, so a test can show that nothing but the app's own probe brought the page back. */
const countOnlineEvents = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { onlineEvents: number }
    w.onlineEvents = 0
    addEventListener('online', () => w.onlineEvents++)
  })

/** What "recovered" means on a page: no status bar names the Wi-Fi, a text is gone, an element is there. */
interface Recovered {
  absent?: string
  present?: string
}

/**
 * Lifts the route and returns how long, on the page's own clock, until the page has recovered. The clock
 * stands still from just before the route goes and moves in 100 ms steps, and only while none of the page's
 * calls of the API is out: the probe's wait and the page's timers are the page's time, a busy machine's
 * slow answers are not, so the figure is the app's own (its probe every 3 s) however loaded the machine.
 */
async function recoveryMs(page: Page, handler: (route: Route) => Promise<void>, recovered: Recovered): Promise<number> {
  const out = new Set<Request>()
  const sent = (r: Request) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) out.add(r)
  }
  const ended = (r: Request) => out.delete(r)
  page.on('request', sent)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  await pauseClockNow(page)
  const t0 = await page.evaluate(() => Date.now())
  await page.unroute('**/api/**', handler)
  const isRecovered = () =>
    page.evaluate(({ absent, present }) => {
      const wifiBar = [...document.querySelectorAll('[role="status"]')].some((e) => (e.textContent ?? '').includes('Wi-Fi'))
      if (wifiBar) return false
      if (absent !== undefined && (document.body.textContent ?? '').includes(absent)) return false
      if (present !== undefined && document.querySelector(present) === null) return false
      return true
    }, recovered)
  await expect(async () => {
    if (!(await isRecovered())) {
      // A step only when nothing is out; else the call's answer is awaited (toPass tries again).
      if (out.size === 0) await page.clock.runFor(100)
      expect(await isRecovered()).toBe(true)
    }
  }).toPass({ intervals: [50], timeout: 60_000 })
  const ms = (await page.evaluate(() => Date.now())) - t0
  page.off('request', sent)
  page.off('requestfinished', ended)
  page.off('requestfailed', ended)
  await page.clock.resume()
  expect(await page.evaluate(() => (window as unknown as { onlineEvents: number }).onlineEvents)).toBe(0)
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)
  return ms
}

// The page's clock, installed running before each test opens its page, for recoveryMs to stop.
test.beforeEach(async ({ page }) => {
  await page.clock.install()
})

for (const kind of KINDS) {
  test(`Login behind ${kind.name}: names the Wi-Fi, not the network, and clears by itself once the API answers`, async ({ page }) => {
    await page.goto('/login')
    await countOnlineEvents(page)
    await page.route('**/api/**', kind.handler)
    await submitPasswordLogin(page)
    await expect(page.getByText('连不上服务器，当前 Wi-Fi 可能需要先登录认证，认证后再试')).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: kind.bar })).toBeVisible()
    await expect(page.getByText(/网络不给力|连接超时/)).toHaveCount(0)
    await screenshot(page, `cutoff-login-${kind.handler === redirecting ? 'redirect' : 'refused'}-375x812`)

    const ms = await recoveryMs(page, kind.handler, { absent: '连不上服务器' })
    console.log(`recovered in ${Math.round(ms)} ms`)
    expect(ms).toBeLessThan(5_000)
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await expect(page).toHaveURL(/\/home$/)
  })

  test(`Home behind ${kind.name}: the desk last seen with the Wi-Fi bar, fresh again by itself`, async ({ page }) => {
    await signInUnderWorker(page)
    await expect(page.getByTestId('home-reading').getByRole('button').first()).toBeVisible()
    await page.route('**/api/**', kind.handler)
    await page.reload()
    await countOnlineEvents(page)
    // One explanation per screen: the bar names the Wi-Fi, the note only says when the desk was seen.
    await expect(page.getByText(/^显示的是 .* 看到的内容$/)).toBeVisible()
    await expect(page.getByText(/离线中/)).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: kind.bar })).toBeVisible()
    await expect(page.getByText('连接超时，点击重试')).toHaveCount(0)

    const ms = await recoveryMs(page, kind.handler, { absent: '看到的内容' })
    console.log(`recovered in ${Math.round(ms)} ms`)
    expect(ms).toBeLessThan(5_000)
  })

  test(`Invite behind ${kind.name}: says the Wi-Fi may need signing in, not a time-out, and loads by itself`, async ({ page }) => {
    await signInUnderWorker(page)
    await page.route('**/api/**', kind.handler)
    await page.goto('/invite')
    await countOnlineEvents(page)
    await expect(page.getByRole('status').filter({ hasText: kind.bar })).toBeVisible()
    await expect(page.getByText(/当前 Wi-Fi (需要|可能需要)先登录认证，(认证|恢复)后会自动重试/)).toBeVisible()
    await expect(page.getByText('连接超时，点击重试')).toHaveCount(0)
    await expect(page.getByRole('link', { name: '打开认证页面' })).toBeVisible()
    await screenshot(page, `cutoff-invite-${kind.handler === redirecting ? 'redirect' : 'refused'}-375x812`)

    const ms = await recoveryMs(page, kind.handler, { present: '.invite__qr' })
    console.log(`recovered in ${Math.round(ms)} ms`)
    expect(ms).toBeLessThan(5_000)
  })
}

test('after a real offline period, back online behind a redirecting sign-in page: Invite recovers by itself once it is gone', async ({ page, context }) => {
  await signInUnderWorker(page)
  await context.setOffline(true)
  await page.goto('/invite')
  await expect(page.getByText('网络已断开，连上网络后会自动重试')).toBeVisible()
  await page.route('**/api/**', redirecting)
  await context.setOffline(false)
  await expect(page.getByRole('status').filter({ hasText: '当前 Wi-Fi 需要先登录认证才能上网' })).toBeVisible()
  await countOnlineEvents(page)
  const ms = await recoveryMs(page, redirecting, { present: '.invite__qr' })
  console.log(`recovered in ${Math.round(ms)} ms`)
  expect(ms).toBeLessThan(5_000)
})

