/**
 * Notifications that need no third-party push service (docs/notifications.md): the in-app inbox over the
 * live channel, with Web Push only an extra. In Chromium against the real server: a push service that
 * never answers (as Chrome's does in mainland China) ends in a message, not a spinner; with no Web Push
 * at all, a teacher's task reaches the open Home within a second and the notifications page opens it;
 * logout leaves no badge and no shown notification behind.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { SW_CONTROL_MS } from '../support/clock'
import { test } from '../support/fixtures'
import { pauseClockNow } from '../support/clock'
import { screenshot } from '../support/screenshot'
import { apiLogin, assignClassTask, DEMO_STUDENT, resumeSession } from '../support/session'
import { deliverPush, deliverUntilSeen, pushSession, secondStart } from '../support/pushStore'
import { containing, uniqueText } from '../support/unique'

test.use({ viewport: { width: 375, height: 812 } })

/** src/state/push.ts PUSH_SUBSCRIBE_TIMEOUT_MS. */
const SUBSCRIBE_TIMEOUT_MS = 5000

const assignTask = (request: APIRequestContext, title: string): Promise<string> =>
  assignClassTask(request, 'e2e-inbox-teacher', { title, brief: '读完这一章，写下你最喜欢的一句话。', dueAt: Date.now() + 3 * 86_400_000 })

async function unreadOnServer(request: APIRequestContext, token: string): Promise<number> {
  const r = await request.get('/api/inbox/unread', { headers: { 'App-ID': 'jsj-habor', Authorization: `Bearer ${token}` } })
  return ((await r.json()) as { data: { unread: number } }).data.unread
}

const sidOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid

/** Home's unread button reads "N 条新通知" (or "通知" with none). */
const unreadText = (n: number) => (n === 0 ? '通知' : `${n} 条新通知`)

/** Records the app's badge calls: a number for setAppBadge, null for clearAppBadge. */
async function recordBadge(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: (number | null)[] = []
    ;(window as unknown as { __badge: (number | null)[] }).__badge = calls
    Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: async (n: number) => void calls.push(n) })
    Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: async () => void calls.push(null) })
  })
}
const badgeCalls = (page: Page) => page.evaluate(() => (window as unknown as { __badge: (number | null)[] }).__badge.slice())

test('a push service that never answers: the tip says so within its time-out, nothing spins, and Settings says not available here', async ({ page, context, request }) => {
  // A normal profile in mainland China: subscribe() neither resolves nor rejects.
  await page.addInitScript(() => {
    PushManager.prototype.subscribe = () => {
      ;(window as unknown as { subscribed?: boolean }).subscribed = true
      return new Promise<PushSubscription>(() => undefined)
    }
    PushManager.prototype.getSubscription = async () => null
  })
  // The time-out is the page's: its clock stands still from the tap and moves only as the test says.
  await page.clock.install()
  const pair = await apiLogin(request, DEMO_STUDENT, 'e2e-inbox-hang')
  await resumeSession(page, pair)
  await secondStart(page)
  const tip = page.getByRole('complementary', { name: '开启通知' })
  // The tip comes once the app has started after its first page: a busy machine may take longer than 5 s.
  await expect(tip).toBeVisible({ timeout: SW_CONTROL_MS })
  // The student says yes when the browser asks (headless Chromium has no prompt to tap).
  await context.grantPermissions(['notifications'])

  const button = tip.getByRole('button', { name: '开启通知' })
  await pauseClockNow(page)
  await button.click()
  await expect(button).toHaveAttribute('aria-busy', 'true')
  // Asked once the key has come: the time-out starts with the subscription.
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { subscribed?: boolean }).subscribed))).toBe(true)
  const message = tip.getByRole('status')
  const unavailable = /收不到系统通知.*App 里的通知照常送达/
  await page.clock.runFor(SUBSCRIBE_TIMEOUT_MS - 1)
  await expect(button).toHaveAttribute('aria-busy', 'true')
  await expect(tip.getByText(unavailable)).toHaveCount(0)
  // The time-out, not the 75 s of before.
  await page.clock.runFor(1)
  await expect(message).toHaveText(unavailable)
  await page.clock.resume()
  await expect(tip.getByRole('button', { name: '开启通知' })).toHaveCount(0)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await screenshot(page, 'inbox-tip-unavailable-375x812')

  await page.goto('/settings')
  await expect(page.getByTestId('push-state')).toHaveText('此设备不可用')
  await expect(page.getByText('App 里的通知照常送达，打开 App 就能看到')).toBeVisible()
  await page.getByTestId('push-state').scrollIntoViewIfNeeded()
  await screenshot(page, 'inbox-settings-unavailable-375x812')
})

test('with no Web Push at all, a teacher’s task reaches the open Home within 1 s; the notifications page opens it and the count falls', async ({ page, request }) => {
  await page.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager
  })
  await recordBadge(page)
  const pair = await apiLogin(request, DEMO_STUDENT, 'e2e-inbox-live')
  await resumeSession(page, pair)
  const before = await unreadOnServer(request, pair.token)
  // The live channel is up once the broker has answered its CONNECT and its SUBSCRIBE: wait for that.
  const frames = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/mqtt')) return
      let n = 0
      ws.on('framereceived', () => {
        if (++n === 2) resolve()
      })
    })
  })
  await page.goto('/home')
  const unread = page.getByTestId('unread')
  await expect(unread).toHaveText(unreadText(before))
  await frames

  // Time from the assignment's answer to the change on Home, both on the page's clock.
  await page.evaluate((text) => {
    const w = window as unknown as { __shownAt?: number }
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="unread"]')?.textContent === text) {
        w.__shownAt = performance.now()
        observer.disconnect()
      }
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
  }, unreadText(before + 1))
  const title = uniqueText('读《城南旧事》第一章')
  const taskId = await assignTask(request, title)
  const answeredAt = await page.evaluate(() => performance.now())
  await expect(unread).toHaveText(unreadText(before + 1))
  const shownAt = await page.evaluate(() => (window as unknown as { __shownAt?: number }).__shownAt ?? Number.NaN)
  expect(shownAt - answeredAt).toBeLessThan(1000)
  expect((await badgeCalls(page)).at(-1)).toBe(before + 1)
  await screenshot(page, 'inbox-home-unread-375x812')

  await page.getByRole('button', { name: unreadText(before + 1) }).click()
  await expect(page).toHaveURL(/\/notifications$/)
  const entry = page.getByRole('button', { name: containing(title) })
  await expect(entry).toBeVisible()
  await expect(entry.getByRole('img', { name: '未读' })).toBeVisible()
  await expect(page.getByTestId('inbox-unread')).toHaveText(before + 1 === 1 ? '1 条未读' : `${before + 1} 条未读`)
  await screenshot(page, 'inbox-page-375x812')

  await entry.click()
  await expect(page).toHaveURL(new RegExp(`/task\\?id=${taskId}$`))
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect.poll(() => unreadOnServer(request, pair.token)).toBe(before)
  await page.goBack()
  await expect(page).toHaveURL(/\/notifications$/)
  await expect(page.getByRole('button', { name: containing(title) }).getByRole('img', { name: '未读' })).toHaveCount(0)
  await page.goBack()
  await expect(page.getByTestId('unread')).toHaveText(unreadText(before))

  // 全部已读 on the page: the badge goes with it.
  if (before > 0) {
    await page.getByTestId('unread').click()
    await page.getByRole('button', { name: '全部已读' }).click()
    await expect(page.getByTestId('inbox-unread')).toHaveText('没有未读通知')
    expect(await unreadOnServer(request, pair.token)).toBe(0)
  }
  await expect.poll(async () => (await badgeCalls(page)).at(-1)).toBe(null)
})

const shown = (page: Page) => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title))

test('logout with an unread notification shown: the badge is cleared and stays cleared, and no notification is left', async ({ page, context, request }) => {
  await context.grantPermissions(['notifications'])
  await recordBadge(page)
  const pair = await apiLogin(request, DEMO_STUDENT, 'e2e-inbox-logout')
  await resumeSession(page, pair)
  await assignTask(request, '背诵《静夜思》')
  await page.goto('/home')
  await expect(page.getByTestId('unread')).toHaveText(/条新通知/)
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: SW_CONTROL_MS }).toBe(true)
  await expect.poll(() => pushSession(page)).toBe(sidOf(pair.token))

  const message = { kind: 'task', title: '新任务：背诵《静夜思》', body: '李老师：明天早读背给同桌听。', url: '/task?id=demo-task-week', tag: 'task-e2e-logout', session: sidOf(pair.token), unread: 1 }
  // A push for another sign-in (an earlier account on this phone) is never shown.
  await deliverPush(context, page, { ...message, title: '别人的通知', tag: 'other', session: 'another-session' })
  await deliverUntilSeen(context, page, message, () => shown(page), [message.title], SW_CONTROL_MS)
  expect((await badgeCalls(page)).filter((n) => n !== null).length).toBeGreaterThan(0)

  await page.goto('/settings')
  await expect.poll(() => shown(page), { timeout: SW_CONTROL_MS }).toEqual([message.title])
  await page.getByRole('button', { name: '退出登录' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect.poll(() => shown(page)).toEqual([])
  await expect.poll(async () => (await badgeCalls(page)).at(-1)).toBe(null)
  const callsAtLogout = (await badgeCalls(page)).length

  // After the account is gone: a push of its session, and a new task for its class, set nothing again.
  await deliverPush(context, page, { ...message, tag: 'task-e2e-after' })
  await assignTask(request, '背诵《春晓》')
  await expect(page.getByRole('button', { name: /登录/ }).first()).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: /登录/ }).first()).toBeVisible()
  expect(await shown(page)).toEqual([])
  expect((await badgeCalls(page)).filter((n) => n !== null)).toEqual([])
  expect(callsAtLogout).toBeGreaterThan(0)
})
