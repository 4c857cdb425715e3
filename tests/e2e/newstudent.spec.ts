/**
 * What a new student meets on the sign-in pages when something is not right: an unknown number, letters in
 * the phone field, wrong passwords up to the lock, a code burnt by wrong tries, and a change of password
 * that repeats or misses the current one. Each answer keeps the student where they are, with what they typed
 * and a message that says what to do next.
 */
import { axe } from '../support/axe'
import { expect, type Page } from '@playwright/test'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'
import { askSmsCode, submitPasswordLogin } from '../support/login'
import { fillProfile } from '../support/profile'
import { smsCode } from '../support/smsOutbox'

const DEMO = { phone: '13800138000', password: 'Passw0rd!' }
const DEVICE = { deviceType: 'browser', deviceCode: 'e2e-newstudent', appId: 'jsj-habor' }

test.use({ viewport: { width: 375, height: 812 } })

/** Contrast and label failures axe finds on the page as it is now. */
async function axeFailures(page: Page): Promise<string[]> {
  const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze()
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

async function passwordLogin(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/login')
  await submitPasswordLogin(page, phone, password)
}

test('an unknown number stays on Login with the number kept and the wrong-password message', async ({ page }) => {
  await passwordLogin(page, '13500135009', 'Whatever12')
  await expect(page.getByRole('alert').filter({ hasText: '手机号或密码不正确' })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('手机号')).toHaveValue('13500135009')
  await expect(page.getByText('请先登录')).toHaveCount(0)
  await screenshot(page, 'login-unknown-phone-375x812')
})

test('letters typed into the phone field are dropped before the 11-digit limit applies', async ({ page }) => {
  await page.goto('/login')
  await page.locator('form[data-ready]').waitFor()
  const phone = page.getByLabel('手机号')
  await phone.fill('abc13800138000')
  await expect(phone).toHaveValue('13800138000')
  await phone.fill('')
  await phone.pressSequentially('ab1380013800099')
  await expect(phone).toHaveValue('13800138000')
})

test('wrong passwords tell the tries left, and the lock gives minutes and the ways still open', async ({ page, request }) => {
  const phone = '13500135077'
  for (let i = 0; i < 5; i++) {
    const r = await request.post('/api/login', { data: { username: phone, password: `Wrong-pass${i}`, ...DEVICE } })
    expect((await r.json()).code).toBe(200002)
  }
  await passwordLogin(page, phone, 'Wrong-pass5')
  await expect(page.getByRole('alert').filter({ hasText: '手机号或密码不正确，还可以再试 4 次' })).toBeVisible()
  for (let i = 6; i < 10; i++) await request.post('/api/login', { data: { username: phone, password: `Wrong-pass${i}`, ...DEVICE } })
  await page.getByRole('button', { name: '登录', exact: true }).click()
  const lock = page.getByRole('alert').filter({ hasText: /密码错误次数过多，请 1[45] 分钟后再试；也可以用短信验证码登录，或通过“忘记密码”重设/ })
  await expect(lock).toBeVisible()
  await screenshot(page, 'login-password-locked-375x812')
})

test('a code burnt by five wrong tries is named as used up, not as wrong', async ({ page, request }) => {
  const phone = '13500135088'
  await askSmsCode(page, phone)
  const code = await smsCode(request, phone)
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
  for (let i = 0; i < 5; i++) await request.post('/api/login/sms', { data: { username: phone, code: wrong, isAdmin: false, ...DEVICE } })
  await page.getByRole('textbox', { name: '验证码' }).fill(code)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: '验证码错误次数过多，已失效，请重新获取验证码' })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
})

test('changing the password names a wrong current password and refuses the same one again', async ({ page }) => {
  await passwordLogin(page, DEMO.phone, DEMO.password)
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/password')
  await page.getByLabel('当前密码').fill('Not-the-one1')
  await page.getByLabel('新密码', { exact: true }).fill('Fresh0ne!x')
  await page.getByLabel('确认新密码').fill('Fresh0ne!x')
  await page.getByRole('button', { name: /确定|保存|完成/ }).click()
  await expect(page.getByRole('alert').filter({ hasText: '当前密码不正确' })).toBeVisible()
  await expect(page.getByText('手机号或密码不正确')).toHaveCount(0)

  await page.getByLabel('当前密码').fill(DEMO.password)
  await page.getByLabel('新密码', { exact: true }).fill(DEMO.password)
  await page.getByLabel('确认新密码').fill(DEMO.password)
  await page.getByRole('button', { name: /确定|保存|完成/ }).click()
  await expect(page.getByText('新密码不能与当前密码相同')).toBeVisible()
  await screenshot(page, 'password-same-375x812')
})

test('what was typed, ticked and chosen survives reading the privacy policy and coming back', async ({ page }) => {
  await page.goto('/login')
  await page.locator('form[data-ready]').waitFor()
  await page.getByLabel('手机号').fill('13800138000')
  await page.getByLabel('密码', { exact: true }).fill('Passw0rd!')
  await page.getByRole('checkbox').check()
  await page.getByRole('link', { name: '《隐私政策》' }).click()
  await expect(page).toHaveURL(/\/agreement/)
  await page.goBack()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('手机号')).toHaveValue('13800138000')
  await expect(page.getByLabel('密码', { exact: true })).toHaveValue('Passw0rd!')
  await expect(page.getByRole('checkbox')).toBeChecked()

  await page.getByRole('tab', { name: '验证码登录' }).click()
  await page.getByRole('link', { name: '《用户协议》' }).click()
  await expect(page).toHaveURL(/\/agreement/)
  await page.goBack()
  await expect(page.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByLabel('手机号')).toHaveValue('13800138000')
})

test('half-way through a registration, "use another account" leads back to Login with nothing kept', async ({ page, request }) => {
  const phone = '13500135066'
  await askSmsCode(page, phone)
  await page.getByRole('textbox', { name: '验证码' }).fill(await smsCode(request, phone))
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/password$/)
  await screenshot(page, 'register-another-account-375x812')
  await page.getByRole('button', { name: '使用其他账号' }).click()
  await expect(page).toHaveURL(/\/login$/)
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('jsj_habor_')))
  expect(keys).not.toContain('jsj_habor_tempToken')
  expect(keys).not.toContain('jsj_habor_refreshToken')
})

test('a page opened straight from a link offers the way in: Login when logged out, Home when logged in', async ({ page }) => {
  for (const path of ['/forget', '/download', '/share/opus?id=demo-opus', '/2023/join']) {
    await page.goto(path)
    const wayIn = page.getByRole('button', { name: '回到登录页' })
    await expect(wayIn, path).toBeVisible()
  }
  await page.goto('/forget')
  await page.getByRole('button', { name: '回到登录页' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await submitPasswordLogin(page)
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/motherday')
  await expect(page.getByRole('button', { name: '回到首页' })).toBeVisible()
  await screenshot(page, 'motherday-way-in-375x812')
  await page.getByRole('button', { name: '回到首页' }).click()
  await expect(page).toHaveURL(/\/home$/)
})

test('Login switches to English and back, and remembers the choice', async ({ page }) => {
  await page.goto('/login')
  await page.locator('form[data-ready]').waitFor()
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
  await expect(page.getByLabel('Phone number')).toBeVisible()
  await screenshot(page, 'login-english-375x812')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
  await page.getByRole('button', { name: '中文' }).click()
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible()
})

test('an invitation link names who invited, and registration joins their organisation without asking its code', async ({ page, request }) => {
  await page.goto('/login?invite=demo2023')
  await page.locator('form[data-ready]').waitFor()
  const welcome = page.getByRole('note')
  await expect(welcome).toContainText('Demo Student 邀请你一起阅读')
  await expect(welcome).toContainText('加入 Demo School')
  await expect(welcome).toContainText('用手机号获取验证码即可注册')
  // It opens on the tab it speaks of; the password tab is one tap away.
  await expect(page.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true')
  expect(await axeFailures(page)).toEqual([])
  await screenshot(page, 'login-invited-375x812')
  await page.getByRole('tab', { name: '验证码登录' }).click()

  const phone = '13500135044'
  await page.getByLabel('手机号').fill(phone)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: '获取验证码' }).click()
  await page.getByRole('textbox', { name: '验证码' }).fill(await smsCode(request, phone))
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/password$/)
  await page.getByLabel('新密码', { exact: true }).fill('Reader2024')
  await page.getByLabel('确认新密码').fill('Reader2024')
  await page.getByRole('button', { name: '保存密码' }).click()

  await expect(page).toHaveURL(/\/improve$/)
  await expect(page.getByText('Demo School', { exact: true })).toBeVisible()
  await expect(page.getByText('随 Demo Student 的邀请加入')).toBeVisible()
  await expect(page.getByLabel('机构代码')).toHaveCount(0)
  await fillProfile(page, { name: '李小雨', grade: '七年级', className: '3班', org: null })
  expect(await axeFailures(page)).toEqual([])
  await screenshot(page, 'improve-invited-org-375x812')
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page).toHaveURL(/\/home$/)

  const login = await request.post('/api/login', { data: { username: phone, password: 'Reader2024', ...DEVICE } })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const me = await request.get('/api/auth/student', { headers: { Authorization: `Bearer ${token}`, 'App-ID': 'jsj-habor' } })
  expect(((await me.json()) as { data: { org: { code: string } } }).data.org.code).toBe('DEMO')
})
