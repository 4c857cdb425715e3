/**
 * Reading offline, as on a school network that drops: the student's own pages show what was last seen,
 * marked so, the shell says the device is offline, and everything asks again by itself once the
 * connection is back. Writes made offline are not here (they fail as before).
 */
import { expect, test, type Page } from '@playwright/test'
import { screenshot } from '../support/screenshot'
import { submitPasswordLogin } from '../support/login'

test.use({ viewport: { width: 375, height: 812 } })

async function login(page: Page): Promise<void> {
  await page.goto('/login')
  await submitPasswordLogin(page)
  await expect(page).toHaveURL(/\/home$/)
  // The service worker controls the page before going offline (it serves the shell then).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
}

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
