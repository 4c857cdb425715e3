/**
 * The 2023 year in review as a student uses it: from Join through login to Create, paging the story by
 * a touch swipe and by keyboard, hiding one slide, sharing it and saving a slide as a PNG; then a
 * logged-out visitor opens the link and sees every slide but the hidden one.
 */
import { axe } from '../support/axe'
import { pauseClockNow, rendered, stepUntilVisible, SW_CONTROL_MS } from '../support/clock'
import { devices, expect, type APIRequestContext, type Page } from '@playwright/test'
import { test } from '../support/fixtures'
import { readFileSync } from 'node:fs'
import { screenshot } from '../support/screenshot'
import { submitPasswordLogin } from '../support/login'
import { smsCode } from '../support/smsOutbox'
import { apiLogin, DEMO_STUDENT } from '../support/session'

const VIEW = { width: 375, height: 812 }

/** A real touch swipe (touchstart → touchmove → touchend) from right to left across the slide. */
async function swipeLeft(page: Page): Promise<void> {
  const box = await page.locator('.story__viewport').boundingBox()
  if (!box) throw new Error('no story viewport')
  const y = box.y + box.height / 2
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + box.width * 0.85, y }] })
  for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: box.x + box.width * (0.85 - 0.08 * i), y }] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

const position = (page: Page) => page.locator('.story__position')
async function noAxeViolations(page: Page): Promise<void> {
  const results = await axe(page).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** Where the current slide stands against the carousel's frame, and what the track was told. */
function slidePlace(page: Page): Promise<{ offset: number; transform: string; scrollLeft: number; frameWidth: number }> {
  return page.evaluate(() => {
    const slide = document.querySelector('.story__slide[aria-hidden="false"]')
    const frame = document.querySelector('.story__viewport')
    const track = document.querySelector<HTMLElement>('.story__track')
    if (!slide || !frame || !track) return { offset: -1, transform: 'no carousel', scrollLeft: 0, frameWidth: 0 }
    const [s, f] = [slide.getBoundingClientRect(), frame.getBoundingClientRect()]
    return { offset: Math.round(Math.abs(s.x - f.x)), transform: track.style.transform || 'none', scrollLeft: frame.scrollLeft, frameWidth: Math.round(f.width) }
  })
}

/** Waits for the carousel to come to rest on the current slide, so a screenshot shows one whole slide. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.story[data-moving]')).toHaveCount(0)
  try {
    await expect.poll(async () => (await slidePlace(page)).offset).toBe(0)
  } catch (e) {
    // Say what the track was told, so a carousel that stopped short can be told from one never moved.
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nthe carousel at rest: ${JSON.stringify(await slidePlace(page))}`)
  }
  await expect(page.locator('.story[data-moving]')).toHaveCount(0)
}

test('the demo student creates, pages, hides a slide, shares and saves; a visitor sees all but the hidden slide', async ({ page, browser, baseURL }) => {
  // The suite's longest journey (47 s on a loaded machine, over 60 s under stress --cpu 2): a budget for
  // the steps, not a time it asserts.
  test.slow()
  // Join, logged out, with an invitation code: it leads to login, then to Create with the code.
  await page.goto('/2023/join?invite=DEMO2023')
  await expect(page.getByRole('heading', { name: '我的 2023 阅读故事' })).toBeVisible()
  await expect(page.getByText('Demo Student 邀请你一起回顾 2023 的阅读')).toBeVisible()
  await screenshot(page, 'report-join-375x812')
  await noAxeViolations(page)
  await page.getByRole('button', { name: '登录后生成我的报告' }).click()
  await expect(page).toHaveURL(/\/login\?redirect=Create&query=invite%3DDEMO2023&invite=DEMO2023$/)
  await page.locator('form[data-ready]').waitFor()
  // An invitation opens Login on the SMS tab, for the friend who has no account yet; the demo student
  // has one and chooses the password tab.
  await expect(page.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: '密码登录' }).click()
  await page.getByLabel('手机号').fill(DEMO_STUDENT.phone)
  await page.getByLabel('密码', { exact: true }).fill(DEMO_STUDENT.password)
  await page.getByRole('checkbox').check()
  const created = page.waitForResponse((r) => r.url().endsWith('/api/reports') && r.request().method() === 'POST')
  await page.getByRole('button', { name: '登录', exact: true }).click()

  // Create shows its steps, then opens the report.
  await expect(page).toHaveURL(/\/2023\/create\?invite=DEMO2023$/)
  await expect(page.getByRole('progressbar', { name: '生成进度' })).toBeVisible()
  await expect(page.getByText('收集这一年的阅读记录')).toBeVisible()
  await screenshot(page, 'report-create-375x812')
  const createdBody = (await (await created).json()) as { code: number; data: { slides: { kind: string }[] } }
  expect(createdBody.code).toBe(0)
  const kinds = createdBody.data.slides.map((s) => s.kind)
  // The demo student's 2023 has every slide.
  expect(kinds).toEqual(['cover', 'minutes', 'books', 'streak', 'time', 'categories', 'works', 'closing'])
  await expect(page).toHaveURL(/\/2023\/report\?id=[0-9a-f-]{36}$/)
  const id = new URL(page.url()).searchParams.get('id')!
  const count = kinds.length

  // The reader takes control: pause, then swipe and use the keys.
  await expect(page.getByRole('region', { name: '年度报告' })).toBeVisible()
  await expect(page.locator('[data-story="cover"]')).toContainText('2023')
  await page.getByRole('button', { name: '暂停自动翻页' }).click()
  await expect(page.getByRole('button', { name: '自动翻页' })).toBeVisible()
  await expect(position(page)).toHaveText(`1 / ${count}`)
  await screenshot(page, 'report-owner-cover-375x812')
  await swipeLeft(page)
  await expect(position(page)).toHaveText(`2 / ${count}`)
  await expect(page.getByRole('group', { name: /第 2 页，共 8 页：这一年，你读了/ })).toBeVisible()
  await settled(page)
  await screenshot(page, 'report-owner-minutes-375x812')
  await page.locator('.story__viewport').focus()
  await page.keyboard.press('ArrowRight')
  await expect(position(page)).toHaveText(`3 / ${count}`)
  await page.keyboard.press('ArrowLeft')
  await expect(position(page)).toHaveText(`2 / ${count}`)
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(position(page)).toHaveText(`4 / ${count}`)
  await expect(page.locator('[data-story="streak"]')).toContainText('最长连续阅读')
  await settled(page)
  await screenshot(page, 'report-owner-streak-375x812')

  // Hide the streak from others.
  const hid = page.waitForResponse((r) => r.url().endsWith(`/api/reports/${id}`) && r.request().method() === 'PUT')
  await page.getByRole('button', { name: '对别人隐藏这一页' }).click()
  expect(((await (await hid).json()) as { data: { hidden: string[] } }).data.hidden).toEqual(['streak'])
  await expect(page.getByRole('button', { name: '对别人隐藏这一页' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.locator('[data-story="streak"]')).toContainText('已对别人隐藏')
  await expect(page.getByRole('checkbox', { name: '4. 连续阅读' })).not.toBeChecked()

  // Make it shareable; the link appears.
  const shared = page.waitForResponse((r) => r.url().endsWith(`/api/reports/${id}`) && r.request().method() === 'PUT')
  await page.getByRole('switch', { name: /有链接的人可以查看/ }).check()
  expect(((await (await shared).json()) as { data: { shareable: boolean } }).data.shareable).toBe(true)
  const link = await page.getByLabel('报告链接').inputValue()
  expect(link).toBe(`${baseURL}/2023/report?id=${id}`)
  // From the top, so the full-page capture does not catch the story mid-measure.
  await page.evaluate(() => window.scrollTo(0, 0))
  await settled(page)
  await screenshot(page, 'report-owner-settings-375x812')
  await noAxeViolations(page)

  // Save the streak slide as a PNG: a real 1080 × 1920 image.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: '保存这一页为图片' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('habor-2023-4-streak.png')
  const png = readFileSync((await file.path())!)
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1920])
  expect(png.length).toBeGreaterThan(20_000)
  await file.saveAs('tests/e2e/screenshots/report-saved-slide-1080x1920.png')

  // History lists it as shared with one hidden slide.
  await page.goto('/2023/history')
  await expect(page.getByText('2023 阅读年度报告')).toBeVisible()
  await expect(page.getByText('已公开')).toBeVisible()
  await expect(page.getByText('1 页对别人隐藏')).toBeVisible()
  await screenshot(page, 'report-history-375x812')
  await noAxeViolations(page)

  // A logged-out visitor: every slide but the hidden one, paged by keyboard to the end.
  const visitor = await browser.newContext({ ...devices['Pixel 7'], viewport: VIEW, baseURL })
  const v = await visitor.newPage()
  await v.goto(link)
  await expect(v.getByRole('region', { name: '年度报告' })).toBeVisible()
  const visible = kinds.filter((k) => k !== 'streak')
  await expect(v.locator('.story__slide')).toHaveCount(visible.length)
  await expect(v.locator('[data-story="streak"]')).toHaveCount(0)
  await expect(v.getByText('最长连续阅读')).toHaveCount(0)
  await expect(v.getByRole('switch')).toHaveCount(0)
  // A friend reads about the owner, not as if the year were theirs.
  await expect(v.locator('[data-story="minutes"]')).toContainText('这一年，TA 读了')
  await expect(v.locator('.story__slide', { hasText: '你' })).toHaveCount(0)
  await v.locator('.story__viewport').focus()
  await v.keyboard.press('Home')
  for (const [i, kind] of visible.entries()) {
    await expect(position(v)).toHaveText(`${i + 1} / ${visible.length}`)
    await expect(v.locator(`[data-story="${kind}"]`)).toHaveAttribute('aria-hidden', 'false')
    await settled(v)
    if (kind === 'time') {
      await screenshot(v, 'report-visitor-time-375x812')
      await noAxeViolations(v)
    }
    await v.keyboard.press('ArrowRight')
  }
  await expect(v.getByRole('group', { name: /年度关键词/ })).toBeVisible()
  await settled(v)
  await screenshot(v, 'report-visitor-closing-375x812')
  await expect(v.getByRole('button', { name: '生成我的年度报告' })).toBeVisible()
  await v.getByRole('button', { name: '生成我的年度报告' }).click()
  await expect(v).toHaveURL(/\/2023\/join\?invite=DEMO2023$/)

  // A report that is not shared, or does not exist, is "not available".
  await v.goto(`/2023/report?id=${crypto.randomUUID()}`)
  await expect(v.getByRole('heading', { name: '暂时看不到这份报告' })).toBeVisible()
  await screenshot(v, 'report-missing-375x812')

  // Offline: a report seen before opens from the service worker's cache; one never seen shows the retry screen.
  await v.goto(link)
  await v.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect.poll(() => v.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: SW_CONTROL_MS }).toBe(true)
  // Once controlled, the report's data goes through the worker and into its cache.
  await v.reload()
  await expect(v.locator('.story__slide')).toHaveCount(visible.length)
  await visitor.setOffline(true)
  await v.reload()
  await expect(v.locator('.story__slide')).toHaveCount(visible.length)
  await v.goto(`/2023/report?id=${crypto.randomUUID()}`)
  await expect(v.getByRole('button', { name: /网络已断开，连上网络后会自动重试/ })).toBeVisible()
  await screenshot(v, 'report-offline-375x812')
  await visitor.setOffline(false)

  // In English.
  await v.goto(`${link}&lang=en`)
  await expect(v.getByRole('region', { name: 'Year in review' })).toBeVisible()
  await v.locator('.story__viewport').focus()
  await v.keyboard.press('ArrowRight')
  await settled(v)
  await expect(v.locator('[data-story="minutes"]')).toContainText('This year they read for')
  await screenshot(v, 'report-visitor-en-375x812')
  await visitor.close()
})

test('auto-advance waits at least six seconds a slide, stops on pause, and never starts under reduced motion', async ({ page, request }) => {
  // The demo student's 2023 report, made as Create makes it: this test does not lean on the journey
  // before it, whose failure starts a new worker with a server of its own.
  const owner = await apiLogin(request, DEMO_STUDENT, 'e2e-report-autoplay')
  const made = await request.post('/api/reports', { headers: { 'App-ID': 'jsj-habor', Authorization: `Bearer ${owner.token}` }, data: { year: 2023 } })
  expect(((await made.json()) as { code: number }).code).toBe(0)
  await page.clock.install()
  await page.goto('/login?redirect=ReportHistory')
  await submitPasswordLogin(page)
  await expect(page).toHaveURL(/\/2023\/history$/)
  await expect(page.locator('.history__item').first()).toBeVisible()
  // From here the page's time moves only as the test says. The page shows on timers of its own, so the
  // clock moves in small steps until the story shows: a step at each of toPass's tries, far short of a
  // slide's time however slow the machine.
  await pauseClockNow(page)
  await page.locator('.history__item').first().click()
  const pause = page.getByRole('button', { name: '暂停自动翻页' })
  await stepUntilVisible(page, pause)
  await expect(position(page)).toHaveText(/^1 \//)
  // Paused and played again, the slide's timer starts afresh at a moment the machine's speed cannot move,
  // so its edge is exact: the slide's own reading time, which is never under 6 s (reportSlide.ts dwellMs).
  await pause.click()
  await page.getByRole('button', { name: '自动翻页', exact: true }).click()
  const dwell = Number.parseInt(await page.locator('.story__fill').evaluate((el) => (el as HTMLElement).style.animationDuration), 10)
  expect(dwell).toBeGreaterThanOrEqual(6_000)
  await page.clock.runFor(dwell - 1)
  await rendered(page)
  await expect(position(page)).toHaveText(/^1 \//)
  await page.clock.runFor(1)
  await expect(position(page)).toHaveText(/^2 \//)
  await page.getByRole('button', { name: '暂停自动翻页' }).click()
  await page.clock.runFor(60_000)
  await rendered(page)
  await expect(position(page)).toHaveText(/^2 \//)

  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.reload()
  await stepUntilVisible(page, page.getByRole('region', { name: '年度报告' }))
  await expect(page.getByRole('button', { name: '自动翻页', exact: true })).toBeVisible()
  await expect(page.locator('.story__fill')).toHaveCount(0)
  await page.clock.runFor(60_000)
  await rendered(page)
  await expect(position(page)).toHaveText(/^1 \//)
})

test('a student with no 2023 reading gets a friendly "your story starts now" report', async ({ page, request }) => {
  // A student registered just now has no 2023 records (the demo SMS-only number is used by other suites,
  // whose codes and send limits would collide with ours).
  const phone = `137${String(Date.now()).slice(-8)}`
  await registerStudent(request, phone, 'Fresh2024!')
  await page.goto('/2023/create')
  await expect(page).toHaveURL(/\/login\?redirect=Create/)
  await page.locator('form[data-ready]').waitFor()
  await page.getByLabel('手机号').fill(phone)
  await page.getByLabel('密码', { exact: true }).fill('Fresh2024!')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/2023\/report\?id=[0-9a-f-]{36}$/)
  await expect(page.locator('.story__slide')).toHaveCount(2)
  await page.getByRole('button', { name: '暂停自动翻页' }).click()
  await page.getByRole('button', { name: '下一页' }).click()
  await settled(page)
  await expect(page.locator('[data-story="closing"]')).toContainText('你的阅读故事，从现在开始')
  await screenshot(page, 'report-start-375x812')
})

/** Registers a complete student account through the API: SMS code, password, profile. */
async function registerStudent(request: APIRequestContext, phone: string, password: string): Promise<void> {
  const device = { deviceType: 'browser', deviceCode: `e2e-${phone}`, appId: 'jsj-habor' }
  const headers = { 'App-ID': 'jsj-habor' }
  const sent = await request.post('/api/sms/code', { headers, data: { username: `+86${phone}`, scene: 'register' } })
  expect((await sent.json()).code).toBe(0)
  const login = await request.post('/api/login/sms', { headers, data: { username: `+86${phone}`, code: await smsCode(request, phone), isAdmin: false, ...device } })
  const temp = ((await login.json()) as { data: { token: string } }).data.token
  const auth = { ...headers, authorization: `Bearer ${temp}` }
  expect((await (await request.put('/api/auth/user/password/reset', { headers: auth, data: { password } })).json()).code).toBe(0)
  const improved = await request.put('/api/auth/student/improve', { headers: auth, data: { name: '新同学', grade: '七年级', className: '1班', orgCode: 'DEMO', birth: { year: 2008, month: 6 } } })
  expect((await improved.json()).code).toBe(0)
}

