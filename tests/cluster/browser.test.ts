/**
 * The student's view of a cross-node kick: the app open on node A (its page and its live channel both
 * there), the same account signing in through node C, and the app on node A showing the toast and
 * landing on Login within 1 s, as it does on one node.
 */
import { chromium, type Browser } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ROOT, startCluster } from '../../scripts/cluster-lib.mjs'
import { api, newStudent, ok, outboxNodes } from './support'

const databaseUrl = process.env.CLUSTER_DATABASE_URL!
const redisUrl = process.env.CLUSTER_REDIS_URL!
if (!existsSync(join(ROOT, 'dist', 'index.html'))) throw new Error('the built app (dist/) is missing: run npm run build first')

let cluster: Awaited<ReturnType<typeof startCluster>>
let browser: Browser

beforeAll(async () => {
  cluster = await startCluster({ nodes: 3, databaseUrl, redisUrl })
  outboxNodes.splice(0, outboxNodes.length, ...cluster.nodes.map((n) => n.base))
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
})

afterAll(async () => {
  await browser?.close()
  await cluster?.stop()
})

it('the app on node A shows the kick toast and is on Login within 1 s of its account signing in through node C', async () => {
  const [a, , c] = cluster.nodes
  const s = await newStudent(c!.base)
  await ok(api(c!.base, 'POST', '/auth/user/password', { token: s.token, body: { password: 'Reading2026' } }))

  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', isMobile: true, hasTouch: true })
  const page = await context.newPage()
  // Every live-channel frame, for the failure message.
  const frames: string[] = []
  const t0 = Date.now()
  page.on('websocket', (ws) => {
    frames.push(`${Date.now() - t0} open ${ws.url()}`)
    ws.on('framereceived', (f) => frames.push(`${Date.now() - t0} in ${Buffer.from(f.payload as string).subarray(0, 1).toString('hex')} ${String(f.payload).length}`))
    ws.on('framesent', (f) => frames.push(`${Date.now() - t0} out ${Buffer.from(f.payload as string).subarray(0, 1).toString('hex')} ${String(f.payload).length}`))
    ws.on('close', () => frames.push(`${Date.now() - t0} close`))
  })
  await page.goto(`${a!.base}/login`)
  await page.locator('form[data-ready]').waitFor()
  // The live channel is subscribed once the broker's SUBACK (packet type 9, first byte 0x90) has come
  // back; the broker's answers may arrive split over several WebSocket frames.
  const subscribed = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/mqtt')).then((ws) =>
    ws.waitForEvent('framereceived', { predicate: (f) => Buffer.from(f.payload as string)[0] === 0x90 }),
  )
  const signIn = page.waitForRequest((r) => r.url().endsWith('/api/login') && r.method() === 'POST')
  await page.getByLabel('手机号').fill(s.phone)
  await page.getByLabel('密码', { exact: true }).fill('Reading2026')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: '登录', exact: true }).click()
  const { deviceType } = (await signIn).postDataJSON() as { deviceType: string }
  await page.waitForURL(/\/home/)
  await subscribed

  await ok(api(c!.base, 'POST', '/login', { body: { username: s.phone, password: 'Reading2026', deviceType, appId: 'jsj-habor', deviceCode: randomUUID() } }))
  const answered = Date.now()
  frames.push(`${answered - t0} login answered`)
  try {
    // Watched in the page on every frame: the toast is shown for a moment only.
    await page.waitForFunction(() => (globalThis as unknown as { document: { body: { innerText: string } } }).document.body.innerText.includes('账号已在其他终端登录'), null, {
      polling: 'raf',
      timeout: 1000,
    })
  } catch (e) {
    throw new Error(`no kick toast within 1 s; live-channel frames (ms since start):\n${frames.join('\n')}\nurl ${page.url()}\ntext ${(await page.locator('body').innerText()).slice(0, 300)}`, { cause: e })
  }
  const toastMs = Date.now() - answered
  await page.waitForURL(/\/login/, { timeout: Math.max(1, 1000 - (Date.now() - answered)) })
  const loginMs = Date.now() - answered
  console.log(`cross-node kick in the browser: toast after ${toastMs} ms, on Login after ${loginMs} ms`)
  expect(loginMs).toBeLessThanOrEqual(1000)
  await page.evaluate('document.fonts.ready')
  await page.screenshot({ path: join(ROOT, 'tests', 'e2e', 'screenshots', 'cluster-login-after-kick.png'), fullPage: true, animations: 'disabled' })
  await context.close()
})
