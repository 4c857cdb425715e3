/**
 * Sign-in journeys as a new user walks them, against the real server (`npm start` with a fresh data
 * directory): password, the remembered route, SMS registration, single sign-on through the embedded
 * OpenID Connect provider, forgot password, logout, reload, and the kick from a second terminal.
 */
import { expect, type Browser, type Page } from '@playwright/test'
import { pauseClockNow, stepUntilVisible } from '../support/clock'
import { test } from '../support/fixtures'
import { submitPasswordLogin } from '../support/login'
import { screenshot } from '../support/screenshot'
import { fillProfile } from '../support/profile'
import { smsCode } from '../support/smsOutbox'

const DEMO = { phone: '13800138000', password: 'Passw0rd!' }
const PHONE_VIEW = { width: 375, height: 812 }
const LANDSCAPE = { width: 812, height: 375 }
const DEVICE = { deviceType: 'browser', deviceCode: 'e2e-api', appId: 'jsj-habor' }

test.use({ viewport: PHONE_VIEW })

/** Login is prerendered: wait until React has taken the form over before typing. */
async function openLogin(page: Page, path = '/login'): Promise<void> {
  await page.goto(path)
  await page.locator('form[data-ready]').waitFor()
}

async function fillPasswordLogin(page: Page, phone: string, password: string): Promise<void> {
  await submitPasswordLogin(page, phone, password)
}

/** Our keys in localStorage (values are encrypted; names are `jsj_habor_<name>`). */
const storedKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('jsj_habor_'))
      .map((k) => k.slice('jsj_habor_'.length))
      .sort(),
  )

const AUTH_KEYS = ['token', 'refreshToken', 'tempToken', 'user', 'org', 'roleList', 'orgRoleList', 'permList', 'pendingRoute', 'pushClientId']

test('the login page offers both tabs, the agreement and single sign-on, and checks before sending', async ({ page }) => {
  await openLogin(page)
  await expect(page.getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'true')
  const phone = page.getByLabel('手机号')
  await expect(phone).toHaveAttribute('autocomplete', 'tel')
  await expect(phone).toHaveAttribute('inputmode', 'numeric')
  await expect(page.getByLabel('密码', { exact: true })).toHaveAttribute('autocomplete', 'current-password')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByText('请输入手机号')).toBeVisible()
  await phone.fill('12345')
  await page.getByLabel('密码', { exact: true }).fill('x')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByText('请输入正确的 11 位手机号')).toBeVisible()
  await phone.fill(DEMO.phone)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByText('请先阅读并勾选同意用户协议和隐私政策')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByRole('tab', { name: '验证码登录' }).click()
  await expect(page.getByLabel('验证码', { exact: true })).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(page.getByLabel('验证码', { exact: true })).toHaveAttribute('inputmode', 'numeric')
  await page.getByRole('tab', { name: '密码登录' }).click()
  await page.getByLabel('密码', { exact: true }).fill('')
  await page.getByRole('checkbox').check()
  // Every control is at least 44 px tall.
  for (const control of [page.getByRole('tab', { name: '验证码登录' }), page.getByRole('button', { name: '登录', exact: true }), page.getByRole('link', { name: '忘记密码？' })]) {
    expect((await control.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)
  }
  await page.getByRole('link', { name: '《用户协议》' }).click()
  await expect(page).toHaveURL(/\/agreement/)
  await expect(page.getByRole('heading', { name: '隐私政策' })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/login/)
  await screenshot(page, 'auth-login-375x812')
})

test('password login with the demo account lands on Home; reloading stays logged in; the org switcher changes the Org-ID', async ({ page }) => {
  // The page's clock, for the switch's toast (1.5 s) to stay until it is looked at.
  await page.clock.install()
  await openLogin(page)
  await fillPasswordLogin(page, DEMO.phone, DEMO.password)
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('Demo Student')
  await page.setViewportSize(LANDSCAPE)
  // The page lays itself out for the new size on the resize event; two painted frames later it has.
  await page.waitForFunction(() => innerWidth === 812)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await screenshot(page, 'auth-home-812x375')

  await page.reload()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('Demo Student')

  // The switcher: the next profile call carries the other org's id and the profile answers with it.
  const picker = page.getByRole('button', { name: /当前机构/ })
  await expect(picker).toContainText('Demo School')
  await picker.click()
  const sheet = page.getByRole('dialog')
  await sheet.getByRole('option', { name: 'Demo Academy' }).click()
  const sent = page.waitForRequest((r) => r.url().includes('/api/auth/student'))
  // From the tap on, the toast's time is the page's: a busy machine's slow checks cannot outlast it.
  await pauseClockNow(page)
  await sheet.getByRole('button', { name: '确定' }).click()
  const headers = (await sent).headers()
  await expect(page.getByRole('button', { name: /当前机构/ })).toContainText('Demo Academy')
  expect(headers['org-id']).toBeTruthy()
  await stepUntilVisible(page, page.getByText('已切换到 Demo Academy'))
  await page.clock.resume()
})

test('a logged-out visit to /2023/history goes to Login and, after logging in, to /2023/history', async ({ page }) => {
  await page.goto('/2023/history')
  await expect(page).toHaveURL(/\/login\?redirect=ReportHistory/)
  await fillPasswordLogin(page, DEMO.phone, DEMO.password)
  await expect(page).toHaveURL(/\/2023\/history$/)
  // Back never re-enters Login.
  await page.goBack().catch(() => undefined)
  await expect(page).not.toHaveURL(/\/login/)
})

test('SMS login of a new phone registers it, sets a password and completes the profile', async ({ page, request }) => {
  const phone = '13700137001'
  await openLogin(page)
  await page.getByRole('tab', { name: '验证码登录' }).click()
  await page.getByLabel('手机号').fill(phone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled()
  const code = await smsCode(request, phone)
  // The countdown persists across navigation: Forget shows it too, and so does Login again.
  await page.getByRole('link', { name: '忘记密码？' }).click()
  await expect(page).toHaveURL(/\/forget$/)
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled()
  await page.goBack()
  await page.getByRole('tab', { name: '验证码登录' }).click()
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled()
  await page.getByLabel('手机号').fill(phone)
  await page.getByLabel('验证码', { exact: true }).fill(code)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: '登录', exact: true }).click()

  await expect(page).toHaveURL(/\/password$/)
  await expect(page.getByRole('heading', { name: '设置密码' })).toBeVisible()
  await page.getByLabel('新密码', { exact: true }).fill('short')
  await page.getByRole('button', { name: '保存密码' }).click()
  await expect(page.getByText('密码需 8–64 位，同时包含字母和数字')).toBeVisible()
  await expect(page.getByText('验证码已发送')).toBeHidden()
  await screenshot(page, 'auth-password-375x812')
  await page.getByLabel('新密码', { exact: true }).fill('Reader2024')
  await page.getByLabel('确认新密码').fill('Reader2024')
  await page.getByRole('button', { name: '保存密码' }).click()

  await expect(page).toHaveURL(/\/improve$/)
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page.getByText('请选择年级')).toBeVisible()
  await fillProfile(page, { name: '王小明', grade: '七年级', className: '3班' })
  await screenshot(page, 'auth-improve-375x812')
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('王小明')

  // The password set during registration works.
  const res = await request.post('/api/login', { data: { username: phone, password: 'Reader2024', ...DEVICE } })
  expect(((await res.json()) as { code: number }).code).toBe(0)
})

test('single sign-on for an identity with no phone goes to Bind and then Home', async ({ page, request }) => {
  await openLogin(page)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: '统一身份认证登录' }).click()
  await expect(page).toHaveURL(/\/oidc\/interaction\//)
  await page.getByLabel('Username').fill('newcomer')
  await page.getByLabel('Password').fill('Passw0rd!')
  await page.getByRole('button', { name: 'Sign in' }).click()

  await expect(page).toHaveURL(/\/bind$/)
  await expect(page.getByRole('heading', { name: '绑定手机号' })).toBeVisible()
  await page.getByRole('button', { name: '绑定并继续' }).click()
  await expect(page.getByText('请输入手机号')).toBeVisible()
  await screenshot(page, 'auth-bind-375x812')
  const phone = '13900139000'
  await page.getByLabel('手机号').fill(phone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  // Sent: only now is the outbox's newest code this one.
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled()
  const code = await smsCode(request, phone)
  await page.getByLabel('验证码', { exact: true }).fill(code)
  await page.getByRole('button', { name: '绑定并继续' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('Demo Reader')
})

test('forgot password changes it: the old one is refused, the new one works', async ({ page, request }) => {
  const next = 'Changed2024'
  await openLogin(page)
  await page.getByRole('link', { name: '忘记密码？' }).click()
  await expect(page).toHaveURL(/\/forget$/)
  await page.getByRole('button', { name: '重置密码' }).click()
  await expect(page.getByText('请输入验证码')).toBeVisible()
  await expect(page.getByText('请再次输入新密码')).toBeVisible()
  await page.getByLabel('手机号').fill(DEMO.phone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  const code = await smsCode(request, DEMO.phone)
  await page.getByLabel('验证码', { exact: true }).fill(code)
  await page.getByLabel('新密码', { exact: true }).fill(next)
  await page.getByLabel('确认新密码').fill(`${next}x`)
  await expect(page.getByText('验证码已发送')).toBeHidden()
  await screenshot(page, 'auth-forget-375x812')
  await page.getByRole('button', { name: '重置密码' }).click()
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible()
  await page.getByLabel('确认新密码').fill(next)
  await page.getByRole('button', { name: '重置密码' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await fillPasswordLogin(page, DEMO.phone, DEMO.password)
  await expect(page.getByText('手机号或密码不正确')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await fillPasswordLogin(page, DEMO.phone, next)
  await expect(page).toHaveURL(/\/home$/)

  // Put the demo password back for the other journeys.
  const login = (await (await request.post('/api/login', { data: { username: DEMO.phone, password: next, ...DEVICE } })).json()) as { data: { token: string } }
  const restored = await request.post('/api/auth/user/password', {
    headers: { Authorization: `Bearer ${login.data.token}`, 'App-ID': 'jsj-habor' },
    data: { oldPassword: next, password: DEMO.password },
  })
  expect(((await restored.json()) as { code: number }).code).toBe(0)
})

test('logout clears every auth key from storage and keeps the device, the phone and drafts', async ({ page }) => {
  await openLogin(page)
  await fillPasswordLogin(page, DEMO.phone, DEMO.password)
  await expect(page).toHaveURL(/\/home$/)
  const before = await storedKeys(page)
  expect(before).toEqual(expect.arrayContaining(['token', 'refreshToken', 'user', 'org', 'roleList', 'permList']))
  await page.getByRole('button', { name: '退出登录' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login$/)
  const after = await storedKeys(page)
  for (const key of AUTH_KEYS) expect(after).not.toContain(key)
  expect(after).toEqual(expect.arrayContaining(['deviceCode', 'lastPhone']))
  // The last phone is offered again.
  await expect(page.getByLabel('手机号')).toHaveValue(DEMO.phone)
  // Back does not return to Home.
  await page.goBack().catch(() => undefined)
  await expect(page).not.toHaveURL(/\/home$/)
})

async function loggedInContext(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ viewport: PHONE_VIEW, baseURL })
  const page = await context.newPage()
  await openLogin(page)
  // The live channel: subscribed once the broker has answered CONNECT and SUBSCRIBE.
  const subscribed = page
    .waitForEvent('websocket', (ws) => ws.url().endsWith('/mqtt'))
    .then(async (ws) => {
      await ws.waitForEvent('framereceived')
      await ws.waitForEvent('framereceived')
    })
  await fillPasswordLogin(page, DEMO.phone, DEMO.password)
  await expect(page).toHaveURL(/\/home$/)
  return { context, page, subscribed }
}

test('a second terminal kicks the first: the notice, Login within 3 s, and the typed text survives', async ({ browser, baseURL }) => {
  const a = await loggedInContext(browser, baseURL)
  // Home prefers landscape: in this portrait window the shell's rotate hint sits over the lower entries.
  await a.page.getByRole('button', { name: '关闭旋转提示' }).click()
  await a.page.getByRole('button', { name: '编辑资料' }).click()
  await expect(a.page).toHaveURL(/\/improve$/)
  const draft = '我还没写完的名字'
  await a.page.getByLabel('姓名').fill(draft)
  await a.subscribed

  const b = await loggedInContext(browser, baseURL)
  await expect(a.page.getByText('账号已在其他终端登录').first()).toBeVisible({ timeout: 3000 })
  await expect(a.page).toHaveURL(/\/login/, { timeout: 3000 })

  await fillPasswordLogin(a.page, DEMO.phone, DEMO.password)
  await expect(a.page).toHaveURL(/\/improve$/)
  await expect(a.page.getByLabel('姓名')).toHaveValue(draft)
  await a.context.close()
  await b.context.close()
})

test('a revoked cached session leads to Login at the next launch, with no error flash', async ({ page, context, request }) => {
  await openLogin(page)
  await fillPasswordLogin(page, DEMO.phone, DEMO.password)
  await expect(page).toHaveURL(/\/home$/)
  const deviceType = await page.evaluate(() => (/Mobile|Android|iPhone/.test(navigator.userAgent) ? 'mobile' : 'browser'))
  await page.close()
  // Another terminal signs in to the same slot while this one is closed: the cached session is revoked.
  const res = await request.post('/api/login', { data: { username: DEMO.phone, password: DEMO.password, ...DEVICE, deviceType, deviceCode: 'another-terminal' } })
  expect(((await res.json()) as { code: number }).code).toBe(0)

  const next = await context.newPage()
  const toasts: string[] = []
  await next.exposeFunction('__toast', (text: string) => toasts.push(text))
  await next.addInitScript(() => {
    new MutationObserver(() => {
      const el = document.querySelector('[role="status"], [role="alert"]')
      const text = el?.textContent?.trim()
      if (text) (window as unknown as { __toast: (t: string) => void }).__toast(text)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  await next.goto('/home')
  await expect(next).toHaveURL(/\/login/)
  await next.locator('form[data-ready]').waitFor()
  await expect(next.getByText('您的登录已过期，请重新登录！')).toHaveCount(0)
  expect(toasts.filter((t) => t.includes('过期') || t.includes('登录状态'))).toEqual([])
  expect(await storedKeys(next)).not.toContain('token')
})

test('Login reads well in English', async ({ page }) => {
  await openLogin(page, '/login?lang=en')
  await expect(page.getByRole('tab', { name: 'Password' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
  await expect(page.getByLabel('Phone number')).toBeVisible()
  await screenshot(page, 'auth-login-en-375x812')
})
