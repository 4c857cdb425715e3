/**
 * What a new student met on a phone and should not: the rotate hint over controls, a recording that is not
 * audio, a console error from the live channel, and the cosmetic faults seen in screenshots.
 */
import { axe } from '../support/axe'
import { expect, type Locator, type Page } from '@playwright/test'
import { test } from '../support/fixtures'
import { devURL } from '../../playwright.config'
import { screenshot } from '../support/screenshot'
import { resumeDemoSession, resumeSession, type TokenPair } from '../support/session'
import { smsCode } from '../support/smsOutbox'
import { wavFile } from '../support/wav'

const PHONE = { width: 375, height: 812 }
const LANDSCAPE = { width: 812, height: 375 }

test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

/** What sits at the centre of a control once it is scrolled into view: the control itself, or what covers it. */
async function hitsItself(control: Locator): Promise<boolean> {
  return control.evaluate(async (el) => {
    el.scrollIntoView({ block: 'center' })
    await new Promise((r) => requestAnimationFrame(() => r(undefined)))
    const b = el.getBoundingClientRect()
    const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)
    return hit !== null && (hit === el || el.contains(hit))
  })
}

const rotateHint = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

test.describe('the rotate hint', () => {
  test('on Home in portrait it covers nothing, its controls take taps, and once closed it stays closed', async ({ page, request }) => {
    await resumeDemoSession(page, request, 'e2e-polish-hint')
    await page.goto('/home')
    const hint = rotateHint(page, '横屏浏览效果更佳')
    await expect(hint).toBeVisible()
    await expect(page.getByRole('button', { name: '编辑资料' })).toBeVisible()
    // Home's sections still arrive around a control just scrolled to, moving it under the point tested:
    // each control must take a tap once the page is at rest, and a hint lying over it never lets that come.
    for (const name of ['编辑资料', '修改密码', '退出登录']) await expect.poll(() => hitsItself(page.getByRole('button', { name })), { message: name }).toBe(true)
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, 'polish-home-rotate-hint')

    await page.getByRole('button', { name: '关闭旋转提示' }).click()
    await expect(hint).toHaveCount(0)
    // The next visit: the lock is refused again, and the hint stays closed.
    const refused = page.waitForEvent('console', (m) => m.text().includes('lock unavailable'))
    await page.goto('/home')
    await refused
    await expect(page.getByRole('button', { name: '编辑资料' })).toBeVisible()
    await expect(hint).toHaveCount(0)
  })

  test("in landscape the portrait hint leaves Invite's QR code clear", async ({ page, request }) => {
    await resumeDemoSession(page, request, 'e2e-polish-hint-qr')
    await page.goto('/home') // logged in and loaded: the next page's orientation is applied
    await page.setViewportSize(LANDSCAPE)
    await page.goto('/invite')
    await expect(rotateHint(page, '竖屏浏览效果更佳')).toBeVisible()
    const qr = page.locator('.invite__qr')
    await expect(qr).toBeVisible()
    // As the page opens and once the code is scrolled to the middle: the hint and the code never overlap.
    const overlap = () =>
      page.evaluate(() => {
        const a = document.querySelector('.rotate-hint')?.getBoundingClientRect()
        const b = document.querySelector('.invite__qr')?.getBoundingClientRect()
        return Boolean(a && b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
      })
    expect(await overlap()).toBe(false)
    expect(await hitsItself(qr)).toBe(true)
    expect(await overlap()).toBe(false)
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, 'polish-invite-landscape-hint')
  })
})

test.describe('the live channel', () => {
  test('opens without a console error or a refused worker, and a background tab still receives the kick', async ({ page, context, request }) => {
    const problems: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text())
    })
    page.on('pageerror', (e) => problems.push(e.message))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`csp refused ${e.blockedURI} by ${e.effectiveDirective}`))
    })
    await resumeDemoSession(page, request, 'e2e-polish-live')
    const subscribed = page
      .waitForEvent('websocket', (ws) => ws.url().endsWith('/mqtt'))
      .then(async (ws) => {
        await ws.waitForEvent('framereceived')
        await ws.waitForEvent('framereceived')
      })
    await page.goto('/settings')
    await subscribed
    expect(problems).toEqual([])

    // Another tab comes to the front; this one is in the background when the account logs in elsewhere.
    // Headless Chromium keeps every tab visible, so the page is also told it is hidden, as a real one is.
    const front = await context.newPage()
    await front.bringToFront()
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await request.post('/api/login', {
      headers: { 'App-ID': 'jsj-habor' },
      data: { username: '13800138000', password: 'Passw0rd!', deviceType: 'mobile', deviceCode: 'e2e-polish-elsewhere', appId: 'jsj-habor' },
    })
    await expect(page).toHaveURL(/\/login/, { timeout: 5000 })
    // The reason stays on Login, in the card above the form (the toast, its same words, is gone), until
    // the student acts there.
    const notice = page.locator('.login__card [role="status"]')
    await expect(notice).toContainText('账号已在其他终端登录，这里已退出')
    await expect(page.locator('[data-overlay="toast"] [role="status"]')).toHaveCount(0)
    await expect(page.getByLabel('密码', { exact: true })).toBeVisible()
    const over = await notice.evaluate((box) => {
      const t = box.getBoundingClientRect()
      return [...document.querySelectorAll('input, button')]
        .filter((el) => {
          const r = el.getBoundingClientRect()
          return r.width > 0 && t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom
        })
        .map((el) => el.getAttribute('aria-label') ?? el.id ?? el.tagName)
    })
    await screenshot(page, 'polish-login-after-kick')
    await page.getByLabel('手机号').fill('13800138000')
    await expect(notice).toHaveCount(0)
    expect(over).toEqual([])
    // A request of this tab that was under way when the account signed in elsewhere is refused (401), and
    // so is the refresh it then tries: the browser itself logs each refused load. Nothing else may appear.
    const refusedLoad = /^Failed to load resource: the server responded with a status of 401\b/
    expect(problems.filter((p) => !refusedLoad.test(p))).toEqual([])
  })
})

test('a notice shown on Login covers none of the form (picture)', async ({ page }) => {
  // The development server exposes the overlay module, so the notice can be held long enough to look at.
  await page.goto(`${devURL}/login`)
  await page.locator('form[data-ready]').waitFor()
  await page.evaluate(`import('/src/ui/Overlay/overlay.ts').then((o) => o.showToast('账号已在其他终端登录', { duration: 10000 }))`)
  const toast = page.locator('[data-overlay="toast"] [role="status"]')
  await expect(toast).toBeVisible()
  // Text toasts sit near the bottom (src/ui/Overlay): clear of the fields, the agreement and 登录.
  const box = (await toast.boundingBox())!
  const form = (await page.locator('form[data-ready]').boundingBox())!
  expect(box.y >= form.y + form.height || box.y + box.height <= form.y).toBe(true)
  await screenshot(page, 'polish-login-kick-toast')
})

test.describe('a chosen recording', () => {
  test('a file that is not sound is refused on the device with the reason; real audio is taken', async ({ page }) => {
    await page.goto('/motherday')
    const choose = page.getByLabel('选择已有录音')
    const random = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 256))
    await choose.setInputFiles({ name: 'fake.mp3', mimeType: 'audio/mpeg', buffer: random })
    await expect(page.getByRole('alert')).toContainText('无法作为声音播放')
    await expect(page.getByRole('button', { name: '删除语音' })).toHaveCount(0)
    await screenshot(page, 'polish-motherday-not-audio')

    await page.getByLabel('选择已有录音').setInputFiles({ name: 'hello.wav', mimeType: 'audio/wav', buffer: wavFile(1500) })
    await expect(page.getByRole('button', { name: '删除语音' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })
})

test.describe('cosmetics seen in the screenshots', () => {
  test('Home: the org field shows its chevron on white, the greeting sits by the avatar, the class reads in Chinese', async ({ page, request }) => {
    await resumeDemoSession(page, request, 'e2e-polish-home')
    await page.goto('/home')
    const field = page.getByRole('button', { name: /当前机构/ })
    await expect(field).toBeVisible()
    const colours = await field.evaluate((el) => ({
      chevron: getComputedStyle(el.querySelector('.picker__chevron')!).color,
      background: getComputedStyle(el).backgroundColor,
    }))
    expect(colours.chevron).not.toBe(colours.background)
    expect(colours.chevron).not.toMatch(/^rgba?\(255, 255, 255/)
    const avatar = await page.locator('.home__avatar').boundingBox()
    const greeting = await page.locator('.home__greeting').boundingBox()
    expect(greeting!.x - (avatar!.x + avatar!.width)).toBeLessThanOrEqual(16)
    await expect(page.locator('.home__class')).toHaveText('七年级 · 2班')
    await page.getByRole('button', { name: '关闭旋转提示' }).click()
    await screenshot(page, 'polish-home-head')
  })

  test('Home with one organisation shows its name, with nothing to open', async ({ page, request }) => {
    // A student registered for this test with one organisation (Demo School): a phone of its own, so no
    // other test's SMS interval or sign-in can be in its way.
    const phone = '13500135072'
    const headers = { 'App-ID': 'jsj-habor' }
    const sent = await request.post('/api/sms/code', { headers, data: { username: `+86${phone}`, scene: 'login' } })
    expect(sent.status()).toBe(200)
    const sms = await request.post('/api/login/sms', {
      headers,
      data: { username: `+86${phone}`, code: await smsCode(request, phone), isAdmin: false, deviceType: 'mobile', deviceCode: 'e2e-polish-one-org', appId: 'jsj-habor' },
    })
    expect(sms.status()).toBe(200)
    const temp = ((await sms.json()) as { data: { token: string } }).data.token
    const improved = await request.put('/api/auth/student/improve', {
      headers: { ...headers, Authorization: `Bearer ${temp}` },
      data: { name: '一校同学', grade: '八年级', className: '1班', orgCode: 'DEMO', birth: { year: 2008, month: 1 } },
    })
    expect(improved.status()).toBe(200)
    await resumeSession(page, ((await improved.json()) as { data: TokenPair }).data)
    await page.goto('/home')
    await expect(page.locator('.home__greeting')).toContainText('一校同学')
    await expect(page.locator('.home__org')).toContainText('当前机构')
    await expect(page.locator('.home__org')).toContainText('Demo School')
    await expect(page.locator('.home__org .picker__chevron')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /当前机构/ })).toHaveCount(0)
  })

  test('the opus author line keeps its date whole at 375 px', async ({ page }) => {
    await page.goto('/share/opus?id=demo-opus')
    const meta = page.locator('.share-author__meta').first()
    await expect(meta).toContainText('2023年11月')
    const clipped = await meta.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis')
    expect(clipped).toBe(false)
    await expect(meta).toContainText('七年级 2班')
    await screenshot(page, 'polish-share-opus-author')
  })

  test('Download has no empty band under its tagline', async ({ page }) => {
    await page.goto('/download')
    await expect(page.locator('.download__pwa')).toBeVisible()
    await page.waitForLoadState('networkidle')
    // The largest vertical gap between consecutive visible blocks of the page column.
    const gap = await page.evaluate(() => {
      const blocks = [...document.querySelectorAll('.download > *')]
        .flatMap((el) => (el.classList.contains('download__actions') ? [...el.children] : [el]))
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.height > 0)
        .sort((a, b) => a.top - b.top)
      let widest = 0
      for (let i = 1; i < blocks.length; i++) widest = Math.max(widest, blocks[i]!.top - blocks[i - 1]!.bottom)
      return widest
    })
    expect(gap).toBeLessThanOrEqual(48)
    await screenshot(page, 'polish-download')
  })

  test('editing a complete profile is titled 编辑资料, not 完善资料', async ({ page, request }) => {
    await resumeDemoSession(page, request, 'e2e-polish-edit')
    await page.goto('/improve')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('编辑资料')
    await expect(page).toHaveTitle(/编辑资料/)
  })

  test("Invite's link label is readable", async ({ page, request }) => {
    await resumeDemoSession(page, request, 'e2e-polish-invite')
    await page.goto('/invite')
    await expect(page.locator('.invite__link-label')).toBeVisible()
    const found = await axe(page).include('.invite__link').withRules(['color-contrast']).analyze()
    expect(found.violations).toEqual([])
  })
})

test.describe('the embedded sign-in provider', () => {
  test.use({ locale: 'zh-CN' })

  test('speaks Chinese and looks like the app', async ({ page }) => {
    await page.goto('/login')
    await page.locator('form[data-ready]').waitFor()
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: '统一身份认证登录' }).click()
    await expect(page).toHaveURL(/\/oidc\/interaction\//)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('统一身份认证')
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans')
    const submit = page.getByRole('button', { name: '登录' })
    expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(14, 122, 95)')
    expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    const found = await axe(page).analyze()
    expect(found.violations.map((v) => v.id)).toEqual([])
    await screenshot(page, 'polish-oidc-login')

    await page.getByLabel('用户名').fill('reader')
    await page.getByLabel('密码').fill('wrong')
    await page.getByRole('button', { name: '登录' }).click()
    await expect(page.getByRole('alert')).toHaveText('用户名或密码不正确')
    await screenshot(page, 'polish-oidc-wrong')
  })
})
