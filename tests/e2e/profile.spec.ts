/**
 * A profile edit made offline (docs/offline.md): it waits in the outbox, shown as 待同步 on the page where
 * it was made and kept across a reload, and lands once when the connection returns, after which the app
 * shows the profile the server holds. A student registered for this test, so the demo account is untouched.
 */
import { expect, type APIRequestContext } from '@playwright/test'
import { test } from '../support/fixtures'
import { SW_CONTROL_MS } from '../support/clock'
import { screenshot } from '../support/screenshot'
import { resumeSession, type TokenPair } from '../support/session'
import { smsCode } from '../support/smsOutbox'

test.use({ viewport: { width: 375, height: 812 } })

const DEVICE = { deviceType: 'mobile', deviceCode: 'e2e-profile-offline', appId: 'jsj-habor' }

async function registered(request: APIRequestContext, phone: string): Promise<TokenPair> {
  const headers = { 'App-ID': 'jsj-habor' }
  await request.post('/api/sms/code', { headers, data: { username: phone, scene: 'login' } })
  const sms = await request.post('/api/login/sms', { headers, data: { username: `+86${phone}`, code: await smsCode(request, phone), isAdmin: false, ...DEVICE } })
  const temp = ((await sms.json()) as { data: { token: string } }).data.token
  const done = await request.put('/api/auth/student/improve', { headers: { ...headers, Authorization: `Bearer ${temp}` }, data: { name: '林小夏', grade: '七年级', className: '2班', orgCode: 'DEMO', birth: { year: 2008, month: 6 } } })
  return ((await done.json()) as { data: TokenPair }).data
}

test('a profile edit made offline waits as 待同步, survives a reload, and lands once back online', async ({ page, context, request }) => {
  const pair = await registered(request, '13500135071')
  await resumeSession(page, pair)
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: /林小夏/ })).toBeVisible()
  await page.getByRole('button', { name: '编辑资料' }).click()
  await expect(page).toHaveURL(/\/improve$/)
  await expect(page.getByLabel('姓名')).toHaveValue('林小夏')
  // The service worker holds the app by now, so a reload without a network still opens it.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: SW_CONTROL_MS }).toBe(true)

  await context.setOffline(true)
  await page.getByLabel('姓名').fill('林夏')
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByRole('status').filter({ hasText: '待同步' })).toBeVisible()
  await screenshot(page, 'improve-waiting-375x812')
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: '待同步' })).toBeVisible()

  let sends = 0
  await page.route('**/api/auth/student/profile', async (route) => {
    sends++
    await route.continue()
  })
  await context.setOffline(false)
  await expect(page.getByRole('status').filter({ hasText: '待同步' })).toHaveCount(0)
  expect(sends).toBe(1)
  const me = await request.get('/api/auth/student', { headers: { 'App-ID': 'jsj-habor', Authorization: `Bearer ${pair.token}` } })
  expect(((await me.json()) as { data: { name: string } }).data.name).toBe('林夏')
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: /林夏/ })).toBeVisible()
})
