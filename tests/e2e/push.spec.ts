/**
 * Notifications in the browser. Chromium here cannot reach a real push service, so the page is handed a
 * subscription that points at the push service stand-in (tests/support/push-stand-in.mjs); from the
 * server on everything is real: the stored subscription, the queue, web-push's encryption, and the
 * stand-in decrypting what arrives. The service worker's push handler is fed through the DevTools
 * protocol (ServiceWorker.deliverPushMessage), as a push service would wake it.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { SW_CONTROL_MS } from '../support/clock'
import { test, type Habor } from '../support/fixtures'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { deliverPush, deliverUntilSeen, pushSession, secondStart } from '../support/pushStore'
import { screenshot } from '../support/screenshot'
import { apiLogin, assignClassTask, DEMO_STUDENT, resumeSession } from '../support/session'
import { containing, uniqueText } from '../support/unique'

test.use({ viewport: { width: 375, height: 812 } })

/** The subscription Chromium would give if it could reach a push service: one made at the stand-in. */
async function handStandInSubscription(page: Page, request: APIRequestContext, { pushControlURL }: Habor): Promise<{ id: string; endpoint: string }> {
  const sub = (await (await request.post(`${pushControlURL}/subscriptions`)).json()) as { id: string; endpoint: string; keys: { p256dh: string; auth: string } }
  await page.addInitScript((s) => {
    let current: unknown = null
    const make = (key: BufferSource | null) => ({
      endpoint: s.endpoint,
      options: { applicationServerKey: key instanceof Uint8Array ? key.buffer : key, userVisibleOnly: true },
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      unsubscribe: async () => {
        current = null
        return true
      },
    })
    PushManager.prototype.subscribe = async function (o?: PushSubscriptionOptionsInit) {
      current = make((o?.applicationServerKey as BufferSource | undefined) ?? null)
      return current as PushSubscription
    }
    PushManager.prototype.getSubscription = async function () {
      return current as PushSubscription | null
    }
  }, sub)
  return sub
}

async function received(request: APIRequestContext, { pushControlURL }: Habor, id: string): Promise<{ kind: string; title: string; url: string }[]> {
  const all = (await (await request.get(`${pushControlURL}/received`)).json()) as { id: string; payload: string }[]
  return all.filter((r) => r.id === id).map((r) => JSON.parse(r.payload) as { kind: string; title: string; url: string })
}

const subscriptionsOf = ({ dataDir }: Habor, sessionToken: string): number => {
  const sid = (JSON.parse(Buffer.from(sessionToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid
  const db = new Database(join(dataDir, 'habor.db'), { readonly: true, fileMustExist: true })
  try {
    return (db.prepare('select count(*) as n from push_subscriptions where session_id = ?').get(sid) as { n: number }).n
  } finally {
    db.close()
  }
}

test('a task assigned by the teacher reaches the subscribed student as a real push; Home lists it, done removes it, and logout removes the subscription', async ({ page, context, request, habor }) => {
  const pair = await apiLogin(request, DEMO_STUDENT, 'e2e-push-student')
  await resumeSession(page, pair)
  const sub = await handStandInSubscription(page, request, habor)

  await secondStart(page)
  const tip = page.getByRole('complementary', { name: '开启通知' })
  await expect(tip).toBeVisible()
  await screenshot(page, 'push-tip-375x812')
  // The student says yes when the browser asks (headless Chromium has no prompt to tap).
  await context.grantPermissions(['notifications'])
  const stored = page.waitForResponse((r) => r.url().endsWith('/api/push/subscription') && r.request().method() === 'PUT')
  await tip.getByRole('button', { name: '开启通知' }).click()
  expect(((await (await stored).json()) as { code: number }).code).toBe(0)
  await expect(tip).toHaveCount(0)
  expect(subscriptionsOf(habor, pair.token)).toBe(1)

  const title = uniqueText('读《草房子》第二章')
  const taskId = await assignClassTask(request, 'e2e-push-teacher', { title, brief: '读完第二章，说说秃鹤为什么要戴帽子。', dueAt: Date.now() + 3 * 86_400_000 })
  await expect.poll(() => received(request, habor, sub.id)).toEqual([expect.objectContaining({ kind: 'task', title: `新任务：${title}`, url: `/task?id=${taskId}` })])

  await page.reload()
  const item = page.getByRole('button', { name: containing(title) })
  await expect(item).toBeVisible()
  await item.click()
  await expect(page).toHaveURL(new RegExp(`/task\\?id=${taskId}$`))
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(page.getByText('李老师 布置')).toBeVisible()
  await screenshot(page, 'task-open-375x812')
  await page.getByRole('button', { name: '我已完成' }).click()
  // Sent once the 5 s to undo it are over.
  await expect(page.getByRole('status').filter({ hasText: /\d 已完成$/ }).first()).toBeVisible()
  await screenshot(page, 'task-done-375x812')
  await page.goBack()
  await expect(page).toHaveURL(/\/home$/)
  await page.reload()
  await expect(page.getByRole('button', { name: containing(title) })).toHaveCount(0)

  await page.goto('/settings')
  await expect(page.getByTestId('push-state')).toHaveText('已开启')
  await page.getByRole('button', { name: '退出登录' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login/)
  expect(subscriptionsOf(habor, pair.token)).toBe(0)
})

test('the service worker shows a push of this sign-in with the inbox count on the badge, and drops any other', async ({ page, context, request }) => {
  await context.grantPermissions(['notifications'])
  await page.addInitScript(() => {
    const calls: (number | null)[] = []
    ;(window as unknown as { __badge: (number | null)[] }).__badge = calls
    Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: async (n: number) => void calls.push(n) })
    Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: async () => void calls.push(null) })
  })
  const pair = await apiLogin(request, DEMO_STUDENT, 'e2e-push-sw')
  const session = (JSON.parse(Buffer.from(pair.token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid
  await resumeSession(page, pair)
  await page.goto('/home')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: SW_CONTROL_MS }).toBe(true)
  await expect.poll(() => pushSession(page)).toBe(session)

  const message = { kind: 'task', title: '新任务：读《城南旧事》', body: '李老师：读第一章', url: '/task?id=demo-task-week', tag: 'task-demo-task-week', session, unread: 3 }
  const notifications = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })))
  // Another sign-in's push (an earlier account on a shared phone) and one naming no session show nothing.
  await deliverPush(context, page, { ...message, title: '别人的任务', tag: 'other', session: 'another-session' })
  await deliverPush(context, page, { ...message, title: '没有会话', tag: 'none', session: undefined })
  const first = { title: message.title, body: message.body, tag: message.tag, data: { url: message.url } }
  await deliverUntilSeen(context, page, message, notifications, [first])
  // The same tag again collapses into one.
  await deliverPush(context, page, message)
  const friend = { ...message, kind: 'friend', title: '韩梅梅 接受了你的邀请', url: '/invite', tag: 'friend-x' }
  await deliverUntilSeen(context, page, friend, async () => (await notifications()).map((n) => n.tag).sort(), [friend.tag, message.tag].sort())
  // The app's badge is the server's count, read again when the service worker says a push came.
  const serverCount = ((await (await request.get('/api/inbox/unread', { headers: { 'App-ID': 'jsj-habor', Authorization: `Bearer ${pair.token}` } })).json()) as { data: { unread: number } }).data.unread
  await expect(page.getByTestId('unread')).toHaveText(serverCount === 0 ? '通知' : `${serverCount} 条新通知`)
  await screenshot(page, 'push-badge-375x812')

  // A payload this app did not send shows nothing.
  await deliverPush(context, page, { kind: 'ad', title: 'Buy now', body: '', url: 'https://evil.example/', tag: 'x', session })
  await page.reload()
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(2)
})

test('on iOS Safari outside a home-screen app the tip explains adding Habor to the home screen instead of asking', async ({ browser, request }) => {
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  await page.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager
  })
  const pair = await apiLogin(request, DEMO_STUDENT, 'e2e-push-ios')
  await resumeSession(page, pair)
  await secondStart(page)
  const tip = page.getByRole('complementary', { name: '开启通知' })
  await expect(tip).toContainText('添加到主屏幕')
  await expect(tip.getByRole('button', { name: '开启通知' })).toHaveCount(0)
  await screenshot(page, 'push-tip-ios-375x812')
  await tip.getByRole('button', { name: '关闭通知提示' }).click()
  await expect(tip).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
  await expect(page.getByRole('complementary', { name: '开启通知' })).toHaveCount(0)
  await context.close()
})


test('a task marked done offline waits (待同步) and lands once when the connection is back, even when the first answer is lost', async ({ page, context, request, habor: { dataDir } }) => {
  const title = uniqueText('背诵《春晓》')
  const taskId = await assignClassTask(request, 'e2e-offline-teacher', { title, brief: '明天早读时背给同桌听。' })
  const pair = await apiLogin(request, DEMO_STUDENT, 'e2e-offline-task')
  await resumeSession(page, pair)
  await page.goto(`/task?id=${taskId}`)
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(page.getByText('没有截止时间')).toBeVisible()

  await context.setOffline(true)
  await page.getByRole('button', { name: '我已完成' }).click()
  // Queued once the 5 s to undo it are over.
  await expect(page.getByRole('status').filter({ hasText: '待同步' })).toBeVisible()
  await screenshot(page, 'task-waiting-375x812')

  // The first replay reaches the server, but its answer is lost on the way back.
  let sends = 0
  await page.route(`**/api/tasks/${taskId}/done`, async (route) => {
    sends++
    if (sends === 1) {
      await route.fetch()
      await route.abort('connectionreset')
    } else await route.continue()
  })
  await context.setOffline(false)
  await expect(page.getByRole('status').filter({ hasText: '已完成' }).first()).toBeVisible()
  expect(sends).toBe(2)
  const db = new Database(join(dataDir, 'habor.db'), { readonly: true, fileMustExist: true })
  try {
    expect((db.prepare('select count(*) as n from task_completions where task_id = ?').get(taskId) as { n: number }).n).toBe(1)
  } finally {
    db.close()
  }
})
