/**
 * Every page already seen reads offline (docs/offline.md "Reading"): the class task, the 2023 report,
 * Invite and a shared task, opened online, are shown again offline after a reload, marked with when they
 * were seen; a page never seen says so; 我已完成 tapped on the offline copy waits and lands once.
 */
import { expect } from '@playwright/test'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'
import { signInUnderWorker } from '../support/login'

test.use({ viewport: { width: 375, height: 812 } })

const SEEN = /离线中，显示的是 .* 看到的内容/

test('the task, the report, Invite and a shared task opened online read offline after a reload; 我已完成 on the copy lands once', async ({ page, context }) => {
  test.slow()
  await signInUnderWorker(page)

  // Opened online, one after the other, as a student does at school.
  await page.goto('/task?id=demo-task-month')
  await expect(page.getByRole('heading', { name: '观察一种身边的昆虫' })).toBeVisible()
  await expect(page.getByRole('button', { name: '我已完成' })).toBeVisible()
  await page.goto('/2023/create')
  await expect(page).toHaveURL(/\/2023\/report\?id=[0-9a-f-]{36}$/)
  const reportUrl = new URL(page.url()).pathname + new URL(page.url()).search
  await expect(page.getByRole('button', { name: '暂停自动翻页' })).toBeVisible()
  await page.goto('/invite')
  const code = await page.getByTestId('invite-code').textContent()
  expect(code).toBeTruthy()
  await page.goto('/share/task?id=demo-task')
  await expect(page.getByRole('heading', { name: '《草房子》整本书阅读' })).toBeVisible()

  // On the bus: no network, and each page opened anew.
  await context.setOffline(true)
  await page.goto('/share/task?id=demo-task')
  await expect(page.getByRole('heading', { name: '《草房子》整本书阅读' })).toBeVisible()
  await expect(page.getByText(SEEN)).toBeVisible()
  await screenshot(page, 'offline-share-task-375x812')

  await page.goto('/invite')
  await expect(page.getByTestId('invite-code')).toHaveText(code!)
  await expect(page.getByText(SEEN)).toBeVisible()
  await expect(page.getByText('网络已断开，连上网络后会自动重试')).toHaveCount(0)

  await page.goto(reportUrl)
  await expect(page.getByRole('button', { name: '暂停自动翻页' })).toBeVisible()
  await expect(page.getByText(SEEN)).toBeVisible()
  await screenshot(page, 'offline-report-375x812')

  // A page never opened says so plainly.
  await page.goto('/task?id=demo-task-week')
  await expect(page.getByText('这一页还没在这台设备上打开过，所以离线时没有内容可看')).toBeVisible()
  await screenshot(page, 'offline-never-seen-375x812')

  await page.goto('/task?id=demo-task-month')
  await expect(page.getByRole('heading', { name: '观察一种身边的昆虫' })).toBeVisible()
  await expect(page.getByText(SEEN)).toBeVisible()
  await screenshot(page, 'offline-task-375x812')

  // 我已完成 on the offline copy waits in the outbox …
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/tasks/demo-task-month/done')) posts.push(r.headers()['idempotency-key'] ?? '')
  })
  await page.getByRole('button', { name: '我已完成' }).click()
  // 撤销 is offered for 5 s before the outbox takes the tap (docs/product.md, Task).
  await expect(page.getByRole('button', { name: '撤销' })).toBeVisible()
  await expect(page.getByText('待同步：已在这台设备上记下，连上网络后会自动提交')).toBeVisible()
  await expect(page.getByRole('status', { name: '1 项改动待同步' })).toBeVisible()

  // … and lands once when the network is back.
  await context.setOffline(false)
  await expect(page.getByText(/已完成$/)).toBeVisible()
  await expect(page.getByRole('status', { name: /项改动待同步/ })).toHaveCount(0)
  await expect(page.getByText(SEEN)).toHaveCount(0)
  await page.reload()
  await expect(page.getByText(/已完成$/)).toBeVisible()
  expect(new Set(posts).size).toBe(1)
  expect(posts.filter(Boolean)).toHaveLength(posts.length)
})

test('nothing one account saw shows to the next: logout clears the copies', async ({ page, context }) => {
  await signInUnderWorker(page)
  await page.goto('/invite')
  await expect(page.getByTestId('invite-code')).toBeVisible()
  const copies = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('habor-offline')
          open.onsuccess = () => {
            const db = open.result
            if (!db.objectStoreNames.contains('copies')) return resolve(0)
            const count = db.transaction('copies').objectStore('copies').count()
            count.onsuccess = () => resolve(count.result)
          }
          open.onerror = () => resolve(-1)
        }),
    )
  await expect.poll(copies).toBeGreaterThan(0)
  await page.goto('/settings')
  await page.getByRole('button', { name: '退出登录' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect.poll(copies).toBe(0)
  await context.setOffline(true)
  await page.goto('/invite')
  await expect(page.getByTestId('invite-code')).toHaveCount(0)
  await context.setOffline(false)
})
