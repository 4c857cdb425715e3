/**
 * Login before the app has started, as on a slow phone: Chromium at 4× CPU slowdown on a slow 4G link,
 * with the app's scripts held back until the taps are made (so the race cannot be won by accident). What
 * was typed, ticked and chosen survives the start, and each tap is carried out once when it starts.
 */
import { expect, type Page, type Route } from '@playwright/test'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'

test.use({ viewport: { width: 375, height: 812 } })

/** The view's scripts: React DOM, the view chunk, its mount and the page (scripts/start-imports.mjs). */
const VIEW_SCRIPTS = /\/assets\/(client|react-dom|view|mount|Login|PageScaffold|TextField|SignInPhoneField|useSmsCode|useFormErrors|Button)-[\w-]+\.js$/

/** Slows the page like a mid-range phone on slow 4G, and holds its scripts (those matching `only`) until `release()`. */
async function slowPhone(page: Page, only = /\/assets\/.*\.js$/): Promise<{ release: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
  const held: Route[] = []
  let open = false
  await page.route(/\/assets\/.*\.js$/, (route) => (open || !only.test(route.request().url()) ? route.continue() : void held.push(route)))
  return {
    release: async () => {
      open = true
      await Promise.all(held.splice(0).map((r) => r.continue()))
    },
  }
}

async function openBeforeStart(page: Page, only?: RegExp): Promise<{ release: () => Promise<void> }> {
  const scripts = await slowPhone(page, only)
  await page.goto('/login', { waitUntil: 'load' })
  await expect(page.locator('html')).not.toHaveAttribute('data-started', '')
  return scripts
}

/** The POST /api/login requests the page sends, as they are sent. */
function loginRequests(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (r) => r.url().endsWith('/api/login') && r.method() === 'POST' && sent.push(r.url()))
  return sent
}

/** Types the demo phone and `password`, ticks the agreement (unless told not to) and taps 登录. */
async function tapLogin(page: Page, password: string, { agree = true } = {}): Promise<void> {
  await page.locator('#login-phone').fill('13800138000')
  await page.locator('#login-password').fill(password)
  if (agree) await page.locator('#login-agree').check()
  await page.getByRole('button', { name: '登录', exact: true }).click()
}

test('a password login typed and tapped before the start is kept and carried out once', async ({ page }) => {
  const logins = loginRequests(page)
  const scripts = await openBeforeStart(page)
  await tapLogin(page, 'Passw0rd!')
  await expect(page.getByRole('button', { name: '登录', exact: true })).toHaveAttribute('aria-busy', 'true')
  await screenshot(page, 'prestart-login-busy-375x812')
  expect(logins).toEqual([])
  await scripts.release()
  await expect(page).toHaveURL(/\/home$/)
  expect(logins).toHaveLength(1)
})

test('the SMS tab chosen before the start shows at once, and a code asked for then is sent once', async ({ page }) => {
  const sends: string[] = []
  page.on('request', (r) => r.url().endsWith('/api/sms/code') && r.method() === 'POST' && sends.push(r.url()))
  const scripts = await openBeforeStart(page)
  await page.getByRole('tab', { name: '验证码登录' }).click()
  await expect(page.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.locator('#login-code')).toBeVisible()
  await expect(page.locator('#login-password')).toBeHidden()
  await page.locator('#login-phone').fill('13700137077')
  await page.getByRole('button', { name: '获取验证码' }).click()
  await scripts.release()
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeVisible()
  await expect(page.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.locator('#login-phone')).toHaveValue('13700137077')
  expect(sends).toHaveLength(1)
})

test('single sign-on tapped before the start opens the provider once it starts', async ({ page }) => {
  const scripts = await openBeforeStart(page)
  await page.locator('#login-agree').check()
  await page.getByRole('button', { name: '统一身份认证登录' }).click()
  await scripts.release()
  await expect(page).toHaveURL(/\/oidc\/interaction\//)
})

test("the app's logic carries out a tapped 登录 before its view has loaded: the request goes out with React DOM still held back", async ({ page }) => {
  const logins = loginRequests(page)
  const view = await openBeforeStart(page, VIEW_SCRIPTS)
  await tapLogin(page, 'Passw0rd!')
  await expect.poll(() => logins.length, { timeout: 60_000 }).toBe(1)
  await expect(page.locator('html')).not.toHaveAttribute('data-started', '')
  // A second tap while it is under way is the same tap.
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await view.release()
  await expect(page).toHaveURL(/\/home$/)
  expect(logins).toHaveLength(1)
})

test('a wrong password tapped before the view has loaded is refused once, said when the page starts, with the number kept', async ({ page }) => {
  const logins = loginRequests(page)
  const view = await openBeforeStart(page, VIEW_SCRIPTS)
  await tapLogin(page, 'NotTheRight1')
  await expect.poll(() => logins.length, { timeout: 60_000 }).toBe(1)
  await view.release()
  await expect(page.getByText(/手机号或密码不正确/)).toBeVisible()
  await expect(page.locator('#login-phone')).toHaveValue('13800138000')
  await expect(page.getByRole('button', { name: '登录', exact: true })).not.toHaveAttribute('aria-busy', 'true')
  await expect(page).toHaveURL(/\/login$/)
  expect(logins).toHaveLength(1)
})

test('a 登录 tapped with the agreement unticked waits for the page, which says why, and sends nothing', async ({ page }) => {
  const logins = loginRequests(page)
  const view = await openBeforeStart(page, VIEW_SCRIPTS)
  await tapLogin(page, 'Passw0rd!', { agree: false })
  await view.release()
  await expect(page.locator('#login-agree-error')).toBeVisible()
  expect(logins).toEqual([])
})
