/** Login's forms as a student fills them, for the browser tests that need a session or a code first. */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { SW_CONTROL_MS } from './clock'
import { smsCode } from './smsOutbox'

export const DEMO = { phone: '13800138000', password: 'Passw0rd!' }

/** On the Login page: types the phone and password (the demo account's by default), ticks the agreement, taps 登录. */
export async function submitPasswordLogin(page: Page, phone = DEMO.phone, password = DEMO.password): Promise<void> {
  await page.locator('form[data-ready]').waitFor()
  await page.getByLabel('手机号').fill(phone)
  await page.getByLabel('密码', { exact: true }).fill(password)
  const agree = page.getByRole('checkbox')
  if (!(await agree.isChecked())) await agree.check()
  await page.getByRole('button', { name: '登录', exact: true }).click()
}

/** Opens Login (`path`), switches to the SMS tab, ticks the agreement and asks for a code for `phone`. */
export async function askSmsCode(page: Page, phone: string, path = '/login'): Promise<void> {
  await page.goto(path)
  await page.locator('form[data-ready]').waitFor()
  await page.getByRole('tab', { name: '验证码登录' }).click()
  await page.getByLabel('手机号').fill(phone)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: '获取验证码' }).click()
  // Sent: only now is the outbox's newest code this one.
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled()
}

/** Signs in by SMS from Login (`path`): asks for a code, types the one the dev outbox holds and taps 登录. */
export async function signInBySms(page: Page, request: APIRequestContext, phone: string, path = '/login'): Promise<void> {
  await askSmsCode(page, phone, path)
  await page.getByLabel('验证码', { exact: true }).fill(await smsCode(request, phone))
  await page.getByRole('button', { name: '登录', exact: true }).click()
}

/** Signs the demo student in from /login and waits until the service worker controls the page, so that it serves the shell once the test goes offline. */
export async function signInUnderWorker(page: Page): Promise<void> {
  await page.goto('/login')
  await submitPasswordLogin(page)
  await expect(page).toHaveURL(/\/home$/)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: SW_CONTROL_MS }).toBe(true)
}
