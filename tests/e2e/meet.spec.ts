/**
 * What a student meets, round two: the deletion step comes into view with the focus, 忘记密码 and back
 * keeps the Login form, dates of another year carry the year and repeated books are one row, 我已完成 can
 * be taken back for 5 s, Forget answers an unknown phone like a known one, and the small lines of the walk.
 * Screenshots of the first screen (what is seen without scrolling) go to tests/e2e/screenshots/meet-*.png.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { test } from '../support/fixtures'
import { pauseClockNow, stepUntilVisible } from '../support/clock'
import { apiLogin, assignClassTask, resumeDemoSession, resumeSession, DEMO_STUDENT } from '../support/session'
import { startsCounted } from '../support/pushStore'
import { screenshot } from '../support/screenshot'
import { wavFile } from '../support/wav'

const PHONE = { width: 375, height: 812 }
const SMALL = { width: 320, height: 568 }
const LANDSCAPE = { width: 812, height: 375 }

test.use({ viewport: PHONE, reducedMotion: 'reduce' })

/** The first screen as the student sees it, without scrolling. */
async function firstScreen(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: `tests/e2e/screenshots/meet-${name}.png`, animations: 'disabled' })
}

/** The element's box lies wholly within the viewport as it is now scrolled. */
async function inView(page: Page, selector: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await selector.boundingBox()
  const size = page.viewportSize()!
  return Boolean(box && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width)
}


async function outbox(request: APIRequestContext, phone: string): Promise<{ code: string; note?: string } | null> {
  return ((await (await request.get(`/api/dev/sms/outbox?phone=${phone}`)).json()) as { data: { code: string; note?: string } | null }).data
}

for (const size of [PHONE, SMALL]) {
  test(`item 1: the deletion step comes into view with the focus in its field (${size.width}×${size.height})`, async ({ page, request }) => {
    await page.setViewportSize(size)
    await resumeDemoSession(page, request, `e2e-meet-delete-${size.width}`)
    await page.goto('/settings')
    await page.getByRole('button', { name: '注销账号' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '确认注销' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const field = page.getByRole('textbox', { name: '当前密码' })
    await expect(field).toBeFocused()
    // The step is a named form that says what it asks, read out as the focus enters it.
    const step = page.getByRole('form', { name: '确认注销账号' })
    await expect(step).toHaveAccessibleDescription('请输入当前密码以确认注销')
    await expect.poll(() => inView(page, field)).toBe(true)
    await expect.poll(() => inView(page, page.getByRole('button', { name: '确认注销' }))).toBe(true)
    await firstScreen(page, `delete-step-${size.width}x${size.height}`)
    await page.getByRole('button', { name: '取消' }).click()
    await expect(page.getByRole('button', { name: '注销账号' })).toBeVisible()
  })
}

test('item 2: 忘记密码 and back keeps what was typed, ticked and chosen; Forget starts with the typed phone', async ({ page }) => {
  await page.goto('/login')
  await page.locator('form[data-ready]').waitFor()
  await page.getByLabel('手机号').fill('13800138000')
  await page.getByLabel('密码', { exact: true }).fill('Half-typed1')
  await page.getByRole('checkbox').check()
  await page.getByRole('link', { name: '忘记密码' }).click()
  await expect(page).toHaveURL(/\/forget$/)
  await expect(page.getByLabel('手机号')).toHaveValue('13800138000')
  await firstScreen(page, 'forget-typed-phone-375x812')
  // The arrow back.
  await page.getByRole('button', { name: '返回' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('手机号')).toHaveValue('13800138000')
  await expect(page.getByLabel('密码', { exact: true })).toHaveValue('Half-typed1')
  await expect(page.getByRole('checkbox')).toBeChecked()

  // The code tab, and the browser's Back.
  await page.getByRole('tab', { name: '验证码登录' }).click()
  await page.getByLabel('验证码', { exact: true }).fill('1234')
  await page.getByRole('link', { name: '忘记密码' }).click()
  await expect(page).toHaveURL(/\/forget$/)
  await page.goBack()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByLabel('验证码', { exact: true })).toHaveValue('1234')
  await expect(page.getByLabel('手机号')).toHaveValue('13800138000')
  await expect(page.getByRole('checkbox')).toBeChecked()
  await firstScreen(page, 'login-kept-375x812')
})

test('item 3: dates of another year carry the year, and a book read again is one row', async ({ page, request }) => {
  // One sign-in for the page and the desk read below: a second one on this device replaces the page's
  // session, and the page's next call (on a slow machine, one of its launch's) would end on Login.
  const pair = await apiLogin(request, DEMO_STUDENT, 'e2e-meet-dates')
  await resumeSession(page, pair)
  await page.goto('/home')
  const reading = page.getByTestId('home-reading').locator('button.hs-link')
  await expect(reading.first()).toBeVisible()
  const rows = await reading.allTextContents()
  // No two rows alike, and no book twice.
  expect(new Set(rows).size).toBe(rows.length)
  const titles = await page.getByTestId('home-reading').locator('.hs-link__title').allTextContents()
  expect(new Set(titles).size).toBe(titles.length)
  const thisYear = await page.evaluate(() => new Date().getFullYear())
  const desk = (await (await request.get('/api/home/desk', { headers: { 'App-ID': 'jsj-habor', Authorization: `Bearer ${pair.token}` } })).json()) as {
    data: { reading: { readAt: number }[]; works: { createdAt: number; title: string }[] }
  }
  const years = [...desk.data.reading.map((r) => r.readAt), ...desk.data.works.map((w) => w.createdAt)].map((ms) => new Date(ms).getFullYear())
  // The demo's records are from earlier years: each row says which.
  expect(years.some((y) => y !== thisYear)).toBe(true)
  const metas = await page.locator('[data-testid="home-reading"] .hs-link__meta, [data-testid="home-works"] .hs-link__meta').allTextContents()
  for (const meta of metas) expect(meta).toMatch(/\d{4}年\d{1,2}月\d{1,2}日|^(?!.*\d{1,2}月\d{1,2}日)/)
  expect(metas.join(' ')).toMatch(/\d{4}年/)
  await page.getByTestId('home-reading').scrollIntoViewIfNeeded()
  await screenshot(page, 'meet-home-dates-375x812')
})

test('item 4: 我已完成 offers 撤销 for 5 s before the call leaves; after that it is done', async ({ page, request }) => {
  const taskId = await assignClassTask(request, 'e2e-meet-teacher', { title: '读《小王子》第一章', brief: '读完第一章，画一画你心里的那只羊。', dueAt: Date.now() + 2 * 86_400_000 })
  await resumeSession(page, await apiLogin(request, DEMO_STUDENT, 'e2e-meet-undo'))
  // The 5 s are the page's: its clock stands still from the first tap and moves only as the test says, so
  // the screenshot and the checks before 撤销 take no time of the window, however slow the machine.
  await page.clock.install()
  const calls: number[] = []
  page.on('request', (r) => {
    if (r.url().includes(`/api/tasks/${taskId}/done`)) calls.push(Date.now())
  })
  await page.goto(`/task?id=${taskId}`)
  await expect(page.getByRole('heading', { name: '读《小王子》第一章' })).toBeVisible()

  await pauseClockNow(page)
  await page.getByRole('button', { name: '我已完成' }).click()
  const undo = page.getByRole('button', { name: '撤销' })
  await stepUntilVisible(page, undo)
  await stepUntilVisible(page, page.getByRole('status').filter({ hasText: '5 秒内可以撤销' }))
  await firstScreen(page, 'task-undo-375x812')
  await undo.click()
  await expect(page.getByRole('button', { name: '我已完成' })).toBeFocused()
  expect(calls).toEqual([])

  // Tapped again and left alone: the call leaves once the 5 s are over, not before, and 撤销 is gone.
  await pauseClockNow(page)
  const sent = page.waitForRequest((r) => r.url().includes(`/api/tasks/${taskId}/done`))
  await page.getByRole('button', { name: '我已完成' }).click()
  await page.clock.runFor(4_900)
  await expect(undo).toBeVisible()
  expect(calls).toEqual([])
  await page.clock.runFor(100)
  await sent
  await page.clock.resume()
  await expect(page.getByRole('status').filter({ hasText: /\d 已完成$/ })).toBeVisible()
  await expect(undo).toHaveCount(0)
  expect(calls).toHaveLength(1)
  await firstScreen(page, 'task-done-375x812')
})

test('item 7: Forget answers an unknown phone like a known one; only the text message tells', async ({ page, request }) => {
  const unknown = '13700137999'
  await page.goto('/forget')
  await page.getByLabel('手机号').fill(unknown)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByText('验证码已发送')).toBeVisible()
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled()
  await expect(page.getByText('账号不存在')).toHaveCount(0)
  await expect.poll(() => outbox(request, unknown)).toMatchObject({ code: '', note: 'no-account' })
  await page.getByLabel('验证码', { exact: true }).fill('123456')
  await page.getByLabel('新密码', { exact: true }).fill('Fresh2024ok')
  await page.getByLabel('确认新密码').fill('Fresh2024ok')
  await page.getByRole('button', { name: '重置密码' }).click()
  await expect(page.getByRole('alert').filter({ hasText: '验证码不正确或已过期' })).toBeVisible()
  await expect(page.getByText('账号不存在')).toHaveCount(0)
  await firstScreen(page, 'forget-unknown-375x812')
})

test.describe('item 5', () => {
  test('landscape Login shows the phone, the password and 登录 on the first screen', async ({ page }) => {
    await page.setViewportSize(LANDSCAPE)
    await page.goto('/login')
    await page.locator('form[data-ready]').waitFor()
    for (const control of [page.getByLabel('手机号'), page.getByLabel('密码', { exact: true }), page.getByRole('button', { name: '登录', exact: true })]) {
      expect(await inView(page, control)).toBe(true)
    }
    await firstScreen(page, 'login-812x375')
  })

  for (const [lang, size] of [
    ['en', PHONE],
    ['zh-Hans', SMALL],
  ] as const) {
    test(`the greeting shows the whole name (${lang}, ${size.width} px)`, async ({ page, request }) => {
      await page.setViewportSize(size)
      await resumeDemoSession(page, request, `e2e-meet-greeting-${size.width}`)
      await page.goto(lang === 'en' ? '/home?lang=en' : '/home')
      const greeting = page.locator('.home__greeting')
      await expect(greeting).toContainText('Demo Student')
      const cut = await greeting.evaluate((el) => el.scrollWidth > el.clientWidth || getComputedStyle(el).textOverflow === 'ellipsis')
      expect(cut).toBe(false)
      await firstScreen(page, `home-greeting-${lang}-${size.width}x${size.height}`)
    })
  }

  test('the logout dialog names its action on Home as in Settings', async ({ page, request }) => {
    await resumeDemoSession(page, request, 'e2e-meet-logout')
    for (const path of ['/home', '/settings']) {
      await page.goto(path)
      await page.getByRole('button', { name: '退出登录' }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('button')).toHaveText(['取消', '退出登录'])
      await dialog.getByRole('button', { name: '取消' }).click()
    }
  })

  test('修改密码 opens a page headed 修改密码', async ({ page, request }) => {
    await resumeDemoSession(page, request, 'e2e-meet-password')
    await page.goto('/settings')
    await page.getByRole('button', { name: /修改密码/ }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('修改密码')
    await expect(page).toHaveTitle('Habor - 修改密码')
    await firstScreen(page, 'password-change-375x812')
  })

  test('the privacy policy link opens a page titled 隐私政策', async ({ page }) => {
    await page.goto('/agreement?section=privacy')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策')
    await expect(page).toHaveTitle('Habor - 隐私政策')
    await page.goto('/agreement')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('用户协议')
  })

  test('注销账号 is a quiet text button, not the most prominent control of Settings', async ({ page, request }) => {
    await resumeDemoSession(page, request, 'e2e-meet-delete-look')
    await page.goto('/settings')
    const look = await page.getByRole('button', { name: '注销账号' }).evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color }))
    expect(look.bg).toBe('rgba(0, 0, 0, 0)')
    expect(look.color).not.toBe('rgb(255, 255, 255)')
    await page.getByRole('button', { name: '注销账号' }).scrollIntoViewIfNeeded()
    await firstScreen(page, 'settings-delete-button-375x812')
  })

  test('an attached audio file is replaced by choosing another file', async ({ page }) => {
    await page.goto('/motherday')
    await page.getByLabel('选择已有录音').setInputFiles({ name: 'hello.wav', mimeType: 'audio/wav', buffer: wavFile(1500) })
    await expect(page.getByLabel('更换录音文件')).toBeAttached()
    await expect(page.getByRole('button', { name: '重新录制' })).toHaveCount(0)
    await page.getByLabel('更换录音文件').setInputFiles({ name: 'again.wav', mimeType: 'audio/wav', buffer: wavFile(2500) })
    await expect(page.getByRole('button', { name: '删除语音' })).toBeVisible()
    await page.getByText('更换录音文件').scrollIntoViewIfNeeded()
    await firstScreen(page, 'motherday-attached-375x812')
  })

  test('an invitation link opens Login on the SMS tab it speaks of', async ({ page }) => {
    await page.goto('/login?invite=DEMO2023')
    await page.locator('form[data-ready]').waitFor()
    await expect(page.getByRole('note')).toContainText('用手机号获取验证码即可注册')
    await expect(page.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true')
    await firstScreen(page, 'login-invite-375x812')
  })

  test('the sign-in provider page has a way back to the app', async ({ page }) => {
    await page.goto('/login')
    await page.locator('form[data-ready]').waitFor()
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: /统一身份认证|单点登录/ }).click()
    await expect(page).toHaveURL(/\/oidc\/interaction\//)
    await firstScreen(page, 'oidc-375x812')
    // In the browser's language (this one asks for English).
    await page.getByRole('link', { name: /^(返回应用|Back to the app)$/ }).click()
    await expect(page).toHaveURL(/\/login$/)
  })
})

test('item 5: the document title names the report page while it is made and opened', async ({ page, request }) => {
  await resumeDemoSession(page, request, 'e2e-meet-title')
  await page.goto('/2023/create')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page).toHaveTitle('Habor - 生成年度报告')
  await page.waitForURL(/\/2023\/report\?id=/)
  await expect(page).toHaveTitle('Habor - 年度报告')
})

test('item 5: on a phone, the notification tip and the rotate hint do not show together, and Home starts on the first screen', async ({ page, request }) => {
  await resumeDemoSession(page, request, 'e2e-meet-tips')
  await page.goto('/home')
  await expect(page.getByRole('status').filter({ hasText: '横屏浏览效果更佳' })).toBeVisible()
  // The second start on this device brings the notification tip.
  await expect(page.getByRole('complementary', { name: '开启通知' })).toHaveCount(0)
  await expect.poll(() => startsCounted(page)).toBe(1)
  await page.reload()
  const tip = page.getByRole('complementary', { name: '开启通知' })
  await expect(tip).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: '横屏浏览效果更佳' })).toHaveCount(0)
  const reading = await page.getByRole('heading', { name: '最近阅读' }).boundingBox()
  expect(reading!.y + reading!.height).toBeLessThan(PHONE.height)
  await firstScreen(page, 'home-tip-375x812')
  // Closing the tip brings the hint back.
  await tip.getByRole('button', { name: '关闭通知提示' }).click()
  await expect(page.getByRole('status').filter({ hasText: '横屏浏览效果更佳' })).toBeVisible()
})
