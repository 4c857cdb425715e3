/**
 * Invite as people use it: the demo student's code and QR, a new SMS user who registers with that code
 * (checked on the profile step, where a mistyped one is pointed out), and the inviter's list that then names them.
 */
import { expect, type Page } from '@playwright/test'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'
import { signInBySms, submitPasswordLogin } from '../support/login'
import { fillProfile } from '../support/profile'
import { uniquePhone } from '../support/unique'

const DEMO = { phone: '13800138000', password: 'Passw0rd!' }
test.use({ viewport: { width: 375, height: 812 } })

async function passwordLogin(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await submitPasswordLogin(page)
}

test('a new SMS user who registers with the demo invitation code appears in the inviter’s list', async ({ browser, request, baseURL }) => {
  const inviter = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL })
  const a = await inviter.newPage()
  await passwordLogin(a, '/invite')
  await expect(a).toHaveURL(/\/invite$/)
  await expect(a.getByTestId('invite-code')).toHaveText('DEMO2023')
  await expect(a.getByRole('img', { name: /邀请二维码/ })).toBeVisible()
  await expect(a.getByText(`${baseURL}/login?invite=DEMO2023`)).toBeVisible()
  // No Web Share on this Chromium: sharing copies the text with docs/product.md "Errors"'s message.
  await a.getByRole('button', { name: '分享邀请' }).click()
  await expect(a.getByText(/内容已复制|复制失败，请手动复制/)).toBeVisible()
  await screenshot(a, 'invite-375x812')

  // The friend opens the link and registers by SMS.
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, baseURL })
  const phone = uniquePhone()
  await signInBySms(page, request, phone, '/login?invite=DEMO2023')
  await expect(page).toHaveURL(/\/password$/)
  await page.getByRole('button', { name: '稍后设置' }).click()
  await expect(page).toHaveURL(/\/improve/)
  // The link's organisation is taken (the invitation names it): no code to type.
  await fillProfile(page, { name: '李小红', grade: '七年级', className: '2班', org: null })
  // The code of the link the friend opened is carried through the registration steps, and checked.
  const invite = page.getByLabel('邀请码（选填）')
  await expect(invite).toHaveValue('DEMO2023')
  await expect(page.getByText(/^来自 .+ 的邀请$/)).toBeVisible()
  // A mistyped code is pointed out when the field is left; the right one clears it.
  await invite.fill('DEMO2024')
  await invite.blur()
  await expect(page.getByText('没有找到这个邀请码，请检查是否输入正确；不填也可以完成')).toBeVisible()
  await expect(invite).toHaveAttribute('aria-invalid', 'true')
  await screenshot(page, 'improve-invite-unknown-375x812')
  await invite.fill('demo2023')
  await expect(page.getByText('没有找到这个邀请码，请检查是否输入正确；不填也可以完成')).toBeHidden()
  await invite.blur()
  await expect(page.getByText(/^来自 .+ 的邀请$/)).toBeVisible()
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await page.close()

  await a.reload()
  const list = a.getByTestId('invite-joined')
  await expect(list.getByText('李小红')).toBeVisible()
  await expect(a.getByText('已邀请 1 人')).toBeVisible()
  await screenshot(a, 'invite-joined-375x812')
  await inviter.close()
})

test('the invite page asks for login and comes back after it', async ({ page }) => {
  await page.goto('/invite')
  await expect(page).toHaveURL(/\/login\?redirect=Invite/)
  await submitPasswordLogin(page)
  await expect(page).toHaveURL(/\/invite$/)
  await expect(page.getByTestId('invite-code')).toHaveText('DEMO2023')
})

test('in English at 320 px nothing overflows sideways and every control is at least 44 px tall', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await page.goto('/login?redirect=Invite&lang=en')
  await page.locator('form[data-ready]').waitFor()
  await page.getByLabel('Phone number').fill(DEMO.phone)
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.password)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page).toHaveURL(/\/invite$/)
  await expect(page.getByRole('heading', { name: 'Invite friends', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Share invitation' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  for (const name of ['Share invitation', 'Copy code', 'Copy link']) {
    const box = await page.getByRole('button', { name }).boundingBox()
    expect(box?.height, name).toBeGreaterThanOrEqual(44)
  }
  await screenshot(page, 'invite-en-320x640')
})
