/**
 * Settings offline and logging out with writes that wait (docs/offline.md): the notification settings
 * show the last known values, say they cannot change until online, and never claim a save failed that was
 * never tried; a logout names the writes that wait and offers to wait for them or to log out anyway.
 */
import { expect } from '@playwright/test'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'
import { signInUnderWorker, submitPasswordLogin } from '../support/login'

test.use({ viewport: { width: 375, height: 812 } })

test('Settings offline: never seen says so, then the last known settings, unchangeable, and no failed save', async ({ page, context }) => {
  await signInUnderWorker(page)
  await context.setOffline(true)
  await page.goto('/settings')
  await expect(page.getByText('离线中：连上网络后才能查看和更改通知设置')).toBeVisible()
  await expect(page.getByText('没有保存成功')).toHaveCount(0)

  await context.setOffline(false)
  const switches = page.getByRole('switch')
  await expect(switches).toHaveCount(3)
  for (const s of await switches.all()) await expect(s).toBeEnabled()
  const before = await Promise.all((await switches.all()).map((s) => s.isChecked()))

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText('离线中：这是上次看到的设置，连上网络后才能更改')).toBeVisible()
  await expect(switches).toHaveCount(3)
  expect(await Promise.all((await switches.all()).map((s) => s.isChecked()))).toEqual(before)
  for (const s of await switches.all()) await expect(s).toBeDisabled()
  await expect(page.getByText('没有保存成功')).toHaveCount(0)
  await screenshot(page, 'offline-settings-375x812')

  await context.setOffline(false)
  await expect(page.getByText('离线中：这是上次看到的设置，连上网络后才能更改')).toHaveCount(0)
  for (const s of await switches.all()) await expect(s).toBeEnabled()
})

test('logging out with a card waiting names it, offers to wait, and logs out anyway on request; it lands at the next sign-in', async ({ page, context }) => {
  test.slow()
  await signInUnderWorker(page)
  await page.goto('/motherday')
  await expect(page.getByLabel('祝福语')).toBeVisible()
  await context.setOffline(true)
  const message = `退出前没发出去的贺卡 ${Date.now()}`
  await page.getByLabel('送给').fill('外婆')
  await page.getByLabel('祝福语').fill(message)
  await page.getByRole('button', { name: '生成贺卡' }).click()
  await expect(page.getByRole('region', { name: '待同步的贺卡' }).getByText(message)).toBeVisible()

  await page.goto('/settings')
  await page.getByRole('button', { name: '退出登录' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('还有 1 项改动没有发送：给外婆的贺卡')
  await screenshot(page, 'logout-waiting-375x812')
  await dialog.getByRole('button', { name: '等待发送' }).click()
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByRole('status', { name: '1 项改动待同步' })).toBeVisible()

  await page.getByRole('button', { name: '退出登录' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '仍然退出' }).click()
  await expect(page).toHaveURL(/\/login/)

  // Kept for this account: signing in again sends it.
  await context.setOffline(false)
  await page.goto('/login')
  await submitPasswordLogin(page)
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.locator('[data-overlay="toast"]')).toContainText('离线时做的贺卡已发送')
  await page.goto('/motherday')
  await expect(page.getByRole('region', { name: '我的贺卡' }).getByRole('listitem').filter({ hasText: message })).toHaveCount(1)
})
