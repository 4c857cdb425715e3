/**
 * The public share pages and Sound as a logged-out visitor opening a link: the content with its title and
 * author at 375×812, the audio player (play, seek, speed; nothing autoplays), the share and open-in-app
 * actions, and the not-available state for an unknown id.
 */
import { axe } from '../support/axe'
import { SW_CONTROL_MS } from '../support/clock'
import { expect, type Page } from '@playwright/test'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'

// The demo school is in Beijing: times show as its students see them.
test.use({ timezoneId: 'Asia/Shanghai' })

const PAGES = [
  { name: 'share-opus', url: '/share/opus?id=demo-opus', title: '门前的银杏树', author: 'Demo Student' },
  { name: 'share-read', url: '/share/read?id=demo-read', title: '草房子', author: 'Demo Student' },
  { name: 'share-task', url: '/share/task?id=demo-task', title: '《草房子》整本书阅读', author: '李老师' },
  { name: 'sound', url: '/sound?id=demo-sound', title: '口琴练习：小星星', author: 'Demo Student' },
] as const

async function noAxeViolations(page: Page): Promise<void> {
  const results = await axe(page).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

const audio = (page: Page) => page.locator('audio')
const currentTime = (page: Page) => audio(page).evaluate((a: HTMLAudioElement) => a.currentTime)

test.describe('share pages for a logged-out visitor', () => {
  for (const p of PAGES) {
    test(`${p.name} shows its content with title and author`, async ({ page }) => {
      await page.goto(p.url)
      await expect(page.getByRole('heading', { level: 2, name: p.title })).toBeVisible()
      await expect(page.getByText(p.author, { exact: true }).first()).toBeVisible()
      // Not sent to Login, and the way to the app is there.
      await expect(page).toHaveURL(new RegExp(p.url.replace(/[?]/g, '\\?')))
      await expect(page.getByRole('link', { name: '打开 App' })).toBeVisible()
      await expect(page.getByRole('button', { name: '分享' })).toBeVisible()
      await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))))
      await noAxeViolations(page)
      await screenshot(page, p.name)
    })
  }

  test('the reading record shows minutes, pages, the streak and the notes', async ({ page }) => {
    await page.goto('/share/read?id=demo-read')
    const stats = page.locator('.read__stats')
    await expect(stats).toContainText('45')
    await expect(stats).toContainText('38')
    await expect(stats).toContainText('17')
    await expect(page.getByText('今天读完了《草房子》', { exact: false })).toBeVisible()
    await expect(page.getByText('2023年2月9日 20:15')).toBeVisible()
  })

  test('English on request', async ({ page }) => {
    await page.goto('/share/read?id=demo-read&lang=en')
    await expect(page.getByText('Streak', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Open the app' })).toBeVisible()
  })
})

test.describe('offline after one visit', () => {
  test('the reading record and its cover still show with the network off', async ({ page, context }) => {
    await page.goto('/share/read?id=demo-read')
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    // The first load installs the service worker; the visit it serves fills the caches.
    await page.reload()
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: SW_CONTROL_MS }).toBe(true)
    const heading = page.getByRole('heading', { level: 2, name: '草房子' })
    await expect(heading).toBeVisible()
    const cover = page.locator('img.read__cover')
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)

    await context.setOffline(true)
    await page.reload()
    await expect(heading).toBeVisible()
    await expect(page.getByText('Demo Student', { exact: true })).toBeVisible()
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    await context.setOffline(false)
  })
})

test.describe('the Sound player', () => {
  test('waits for the listener, then plays, seeks, changes speed and pauses', async ({ page }) => {
    await page.goto('/sound?id=demo-sound')
    const play = page.getByRole('button', { name: /^播放 · / })
    await expect(play).toBeVisible()
    await expect(page.getByTestId('total')).toHaveText('0:20')
    // Nothing autoplays.
    expect(await audio(page).evaluate((a: HTMLAudioElement) => a.paused)).toBe(true)
    expect(await currentTime(page)).toBe(0)

    await play.click()
    await expect(page.getByRole('button', { name: /^暂停 · / })).toBeVisible()
    await expect.poll(() => currentTime(page)).toBeGreaterThan(0.3)
    await expect(page.getByTestId('elapsed')).not.toHaveText('0:00')

    await page.getByRole('slider', { name: '播放进度' }).fill('15')
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(15)
    await expect(page.getByTestId('elapsed')).toHaveText(/^0:1[5-9]$/)

    await page.getByRole('button', { name: '播放速度 1×' }).click()
    await expect(page.getByRole('button', { name: '播放速度 1.25×' })).toBeVisible()
    expect(await audio(page).evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.25)

    await page.getByRole('button', { name: /^暂停 · / }).click()
    await expect(page.getByRole('button', { name: /^播放 · / })).toBeVisible()
    expect(await audio(page).evaluate((a: HTMLAudioElement) => a.paused)).toBe(true)
    await screenshot(page, 'sound-playing')
  })

  test('the work plays its recording too', async ({ page }) => {
    await page.goto('/share/opus?id=demo-opus')
    await page.getByRole('button', { name: /^播放 · / }).click()
    await expect.poll(() => currentTime(page)).toBeGreaterThan(0.3)
    await page.getByRole('button', { name: /^暂停 · / }).click()
  })
})

test.describe('actions and states', () => {
  test('share copies the link where there is no share sheet', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true })
    })
    await page.goto('/share/task?id=demo-task')
    await page.getByRole('button', { name: '分享' }).click()
    await expect(page.getByText('内容已复制')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL('/share/task?id=demo-task', page.url()).href)
  })

  test('share uses the system sheet when there is one', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shared: unknown[] }
      w.shared = []
      Object.defineProperty(navigator, 'share', { value: (data: unknown) => (w.shared.push(data), Promise.resolve()), configurable: true })
      Object.defineProperty(navigator, 'canShare', { value: () => true, configurable: true })
    })
    await page.goto('/sound?id=demo-sound')
    await page.getByRole('button', { name: '分享' }).click()
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared: { title: string; url: string }[] }).shared)).toEqual([
      expect.objectContaining({ title: '口琴练习：小星星', url: new URL('/sound?id=demo-sound', page.url()).href }),
    ])
  })

  test('inside WeChat the share card is set through the JS-SDK', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Mobile MicroMessenger/8.0.40', viewport: { width: 375, height: 812 } })
    const page = await context.newPage()
    let signedUrl = ''
    await page.route('**/api/weixin/js/init', async (route) => {
      signedUrl = (route.request().postDataJSON() as { url: string }).url
      await route.fulfill({ json: { code: 0, msg: 'success', data: { appId: 'wx-test', timestamp: 1, nonceStr: 'n', signature: 's' } } })
    })
    // A stand-in for WeChat's SDK that records what the page asks of it.
    await page.route('https://res.wx.qq.com/**', (route) =>
      route.fulfill({
        contentType: 'application/javascript',
        body: 'window.wxCalls=[];window.wx={config:function(c){wxCalls.push(["config",c.appId])},ready:function(f){f()},error:function(){},updateAppMessageShareData:function(d){wxCalls.push(["chat",d.title,d.imgUrl])},updateTimelineShareData:function(d){wxCalls.push(["moments",d.title])}};',
      }),
    )
    await page.goto('/share/opus?id=demo-opus')
    await expect.poll(() => page.evaluate(() => (window as unknown as { wxCalls?: unknown[] }).wxCalls ?? [])).toEqual([
      ['config', 'wx-test'],
      ['chat', '门前的银杏树', expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/content\/media\//)],
      ['moments', '门前的银杏树'],
    ])
    expect(signedUrl).toBe(new URL('/share/opus?id=demo-opus', page.url()).href)
    await context.close()
  })

  test('outside WeChat no SDK is loaded', async ({ page }) => {
    const requested: string[] = []
    page.on('request', (r) => requested.push(r.url()))
    await page.goto('/share/opus?id=demo-opus')
    await expect(page.getByRole('heading', { level: 2, name: '门前的银杏树' })).toBeVisible()
    expect(requested.filter((u) => u.includes('res.wx.qq.com') || u.includes('/weixin/js/init'))).toEqual([])
  })

  test('open in app leads to Download', async ({ page }) => {
    await page.goto('/share/opus?id=demo-opus')
    await page.getByRole('link', { name: '打开 App' }).click()
    await expect(page).toHaveURL(/\/download$/)
  })

  for (const url of ['/share/opus?id=00000000-0000-4000-8000-000000000000', '/share/read?id=nope', '/share/task', '/sound?id=%3Cscript%3E']) {
    test(`${url} shows the not-available state`, async ({ page }) => {
      await page.goto(url)
      const state = page.getByTestId('not-available')
      await expect(state).toBeVisible()
      await expect(state.getByRole('heading', { name: '此内容不可用' })).toBeVisible()
      if (url.startsWith('/share/opus')) await screenshot(page, 'share-not-available')
    })
  }
})
