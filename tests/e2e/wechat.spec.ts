/**
 * The WeChat mini-programme login (/login?wxcode=…) end to end, against a stand-in for WeChat's server API
 * (tests/support/wechat-stand-in.mjs): a new WeChat user binds a phone and registers, the same user comes
 * back straight to Home, and a code WeChat refuses is said so instead of dropping to the plain form.
 */
import { expect } from '@playwright/test'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'
import { fillProfile } from '../support/profile'
import { smsCode } from '../support/smsOutbox'

test.use({ viewport: { width: 375, height: 812 } })

test('a code WeChat refuses is named on Login, not dropped silently', async ({ page }) => {
  await page.goto('/login?wxcode=bad-code-1')
  await expect(page.getByRole('alert').filter({ hasText: '微信登录没有成功，请从小程序重新进入，或用手机号登录' })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await screenshot(page, 'wechat-refused-375x812')
})

test('a new WeChat user binds a phone and registers; next time WeChat signs them straight in', async ({ page, request }) => {
  const phone = '13600136077'
  await page.goto('/login?wxcode=newpupil-1')
  await expect(page).toHaveURL(/\/bind$/)
  await page.getByLabel('手机号').fill(phone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled()
  await page.getByLabel('验证码', { exact: true }).fill(await smsCode(request, phone))
  await page.getByRole('button', { name: '绑定并继续' }).click()
  await expect(page).toHaveURL(/\/improve$/)
  await fillProfile(page, { name: '钱小米', grade: '七年级', className: '2班' })
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page).toHaveURL(/\/home$/)

  // The same WeChat user, another day: straight in.
  await page.evaluate(() => localStorage.clear())
  await page.goto('/login?wxcode=newpupil-2')
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByText('钱小米').first()).toBeVisible()
})
