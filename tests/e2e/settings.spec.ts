/**
 * Settings as people use it: switching the language turns every visible text on Home into English,
 * clearing the cache keeps the session, and deleting an account logs out and frees the phone.
 */
import { expect, type Page } from '@playwright/test'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'
import { signInBySms, submitPasswordLogin } from '../support/login'
import { fillProfile } from '../support/profile'

const PORTRAIT = { width: 375, height: 812 }
const LANDSCAPE = { width: 812, height: 375 }
const CJK = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/

test.use({ viewport: PORTRAIT })

/** Interface text a person sees: the page's visible text without the students' own titles and names of books. */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    const hide = document.createElement('style')
    hide.textContent = '[data-user-content] { visibility: hidden !important }'
    document.head.append(hide)
    const text = document.body.innerText
    hide.remove()
    return text
  })

test('switching the language turns every visible text on Home into English, and back', async ({ page }) => {
  await page.goto('/settings')
  await submitPasswordLogin(page)
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByRole('heading', { name: '设置', level: 1 })).toBeVisible()
  await expect(page.getByTestId('cache-size')).not.toHaveText('计算中…')
  await screenshot(page, 'settings-375x812')

  await page.getByLabel('English').check()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  // Each language keeps its own name, in its own script.
  expect((await visibleText(page)).replace('简体中文', '')).not.toMatch(CJK)
  await screenshot(page, 'settings-en-375x812')

  await page.setViewportSize(LANDSCAPE)
  await page.goto('/home')
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  const english = await visibleText(page)
  expect(english, english.match(new RegExp(`.{0,20}${CJK.source}.{0,20}`, 'g'))?.join(' | ')).not.toMatch(CJK)
  await screenshot(page, 'home-en-812x375')

  // Remembered across a reload, and switched back from Settings.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  await page.setViewportSize(PORTRAIT)
  await page.goto('/settings')
  await page.getByLabel('简体中文').check()
  await page.setViewportSize(LANDSCAPE)
  await page.goto('/home')
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible()
  expect(await visibleText(page)).toMatch(CJK)
})

test('clearing the cache keeps the session', async ({ page }) => {
  // A password login: the SMS-only demo phone is also used by other files, and its 60 s send interval
  // would make this test depend on how long ago they ran.
  await page.goto('/login')
  await submitPasswordLogin(page)
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/settings')
  await page.getByRole('button', { name: '清除缓存' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '清除缓存' }).click()
  await expect(page.getByText('缓存已清除')).toBeVisible()
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('jsj_habor_')))
  expect(keys).toEqual(expect.arrayContaining(['jsj_habor_token', 'jsj_habor_deviceCode']))
  expect(keys).not.toContain('jsj_habor_lastPhone')
  await page.reload()
  await expect(page).toHaveURL(/\/settings$/)
})

test('deleting an account names what goes, logs out, and the phone can register afresh', async ({ page, request }) => {
  const phone = '13600136002'
  await signInBySms(page, request, phone)
  await expect(page).toHaveURL(/\/password$/)
  await page.getByLabel('新密码', { exact: true }).fill('Zhao2024ok')
  await page.getByLabel('确认新密码').fill('Zhao2024ok')
  await page.getByRole('button', { name: '保存密码' }).click()
  await expect(page).toHaveURL(/\/improve$/)
  await fillProfile(page, { name: '赵小燕', grade: '八年级', className: '1班' })
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page).toHaveURL(/\/home$/)

  await page.goto('/settings')
  await page.getByRole('button', { name: '注销账号' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('赵小燕')
  await expect(dialog).toContainText('136****6002')
  await expect(dialog).toContainText('邀请码')
  await expect(dialog).toContainText('母亲节贺卡')
  await screenshot(page, 'settings-delete-375x812')
  // Cancel keeps everything.
  await dialog.getByRole('button', { name: '取消' }).click()
  await expect(page).toHaveURL(/\/settings$/)
  await page.getByRole('button', { name: '注销账号' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '确认注销' }).click()
  // The password confirms it: a wrong one deletes nothing.
  await page.getByLabel('当前密码').fill('Not-mine123')
  await page.getByRole('button', { name: '确认注销' }).click()
  await expect(page.getByRole('alert').filter({ hasText: '当前密码不正确' })).toBeVisible()
  await screenshot(page, 'settings-delete-confirm-375x812')
  await page.getByLabel('当前密码').fill('Zhao2024ok')
  await page.getByRole('button', { name: '确认注销' }).click()
  await expect(page).toHaveURL(/\/login$/)
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('jsj_habor_')))
  expect(keys).not.toContain('jsj_habor_token')

  // The phone is free: an SMS login registers it again from the start.
  await signInBySms(page, request, phone)
  await expect(page).toHaveURL(/\/password$/)
})

test('Settings offers the agreement, the privacy policy, the version and a way to log out', async ({ page }) => {
  await page.goto('/login')
  await submitPasswordLogin(page)
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/settings')
  await expect(page.getByText(/^版本 \d+\.\d+\.\d+$/)).toBeVisible()
  await screenshot(page, 'settings-about-375x812')
  await page.getByRole('button', { name: '隐私政策' }).click()
  await expect(page).toHaveURL(/\/agreement\?section=privacy$/)
  await page.goBack()
  await page.getByRole('button', { name: '退出登录' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login$/)
})
