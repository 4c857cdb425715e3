/**
 * Reading offline, as on a school network that drops: the student's own pages show what was last seen,
 * marked so, the shell says the device is offline, and everything asks again by itself once the
 * connection is back. Writes made offline wait in the outbox: tests/e2e/sync.spec.ts.
 */
import { expect, type Route } from '@playwright/test'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'
import { signInUnderWorker } from '../support/login'

test.use({ viewport: { width: 375, height: 812 } })

const login = signInUnderWorker

test('Home offline shows the desk last seen, says so, and refreshes by itself when back online', async ({ page, context }) => {
  await login(page)
  const reading = page.getByTestId('home-reading')
  await expect(reading.getByRole('button').first()).toBeVisible()
  const firstItem = (await reading.getByRole('button').first().textContent()) ?? ''

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: '网络已断开' })).toBeVisible()
  await expect(page.getByText(/离线中，显示的是 .* 看到的内容/)).toBeVisible()
  await expect(reading.getByRole('button').first()).toHaveText(firstItem)
  await expect(page.getByText('加载失败')).toHaveCount(0)
  await screenshot(page, 'offline-home-375x812')

  await context.setOffline(false)
  await expect(page.getByText(/离线中，显示的是/)).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: '网络已断开' })).toHaveCount(0)
  await expect(reading.getByRole('button').first()).toHaveText(firstItem)
})

test('a page never seen says the device is offline, not a time-out, and loads by itself once online', async ({ page, context }) => {
  await login(page)
  await context.setOffline(true)
  await page.goto('/invite')
  await expect(page.getByText('网络已断开，连上网络后会自动重试')).toBeVisible()
  await expect(page.getByText('连接超时，点击重试')).toHaveCount(0)
  await screenshot(page, 'offline-invite-375x812')
  await context.setOffline(false)
  await expect(page.getByText('网络已断开，连上网络后会自动重试')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('the precached Download page offline shows no time-out block', async ({ page, context }) => {
  await login(page)
  await page.goto('/download')
  await expect(page.locator('.download__actions')).toBeVisible()
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('连接超时，点击重试')).toHaveCount(0)
  await context.setOffline(false)
})

test('a Wi-Fi sign-in page answering for the API is named as such, and the page loads by itself once it is gone', async ({ page }) => {
  await login(page)
  // The captive portal's stand-in: every API call is answered with its HTML sign-in page.
  const portal = (route: Route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>校园网认证</title><form><input name="user"></form>' })
  await page.route('**/api/**', portal)
  await page.goto('/invite')
  await expect(page.getByText('当前 Wi-Fi 需要先登录认证，认证后会自动重试')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: '当前 Wi-Fi 需要先登录认证才能上网' })).toBeVisible()
  await expect(page.getByRole('link', { name: '打开认证页面' })).toBeVisible()
  await expect(page.getByText(/服务|错误|error/i)).toHaveCount(0)
  // Still signed in: the portal's answers are never the server refusing the session.
  await expect(page).toHaveURL(/\/invite$/)
  await screenshot(page, 'portal-invite-375x812')

  await page.unroute('**/api/**', portal)
  // No online event fires: the app's own probe (every 3 s) notices, and the page loads.
  await expect(page.getByText('当前 Wi-Fi 需要先登录认证，认证后会自动重试')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: '当前 Wi-Fi' })).toHaveCount(0)
  await expect(page.locator('.invite__qr')).toBeVisible()
})
