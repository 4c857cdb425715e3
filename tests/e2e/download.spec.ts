/** The Download page on each platform, against the real server. */
import { expect } from '@playwright/test'
import { test } from '../support/fixtures'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { screenshot } from '../support/screenshot'

const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const WECHAT_UA = `${IPHONE_UA} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`

test.describe('Download page', () => {
  test.afterEach(({ habor }) => rmSync(join(habor.dataDir, 'downloads'), { recursive: true, force: true }))

  test('Android: downloads the package with a progress bar', async ({ browser, habor }) => {
    const downloads = join(habor.dataDir, 'downloads')
    mkdirSync(downloads, { recursive: true })
    writeFileSync(join(downloads, 'habor-1.5.5.apk'), Buffer.alloc(3 * 1024 * 1024, 1))
    const context = await browser.newContext({ userAgent: ANDROID_UA, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, acceptDownloads: true })
    const page = await context.newPage()
    await page.goto('/download')
    await expect(page.getByText('版本 1.5.5 · 3.0 MB')).toBeVisible()
    await screenshot(page, 'download-android-375x812')
    const file = page.waitForEvent('download')
    await page.getByRole('button', { name: '下载安卓版' }).click()
    expect((await file).suggestedFilename()).toBe('habor-1.5.5.apk')
    await expect(page.getByText('下载完成')).toBeVisible()
    await context.close()
  })

  test('iPhone: add-to-home-screen steps', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await page.goto('/download')
    await expect(page.getByText('在 iPhone / iPad 上添加到主屏幕')).toBeVisible()
    await expect(page.getByRole('listitem')).toHaveCount(3)
    await screenshot(page, 'download-ios-375x812')
    await context.close()
  })

  test('WeChat: an overlay asks to open the page in a browser, and can be closed', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await page.goto('/download')
    const dialog = page.getByRole('dialog', { name: '请在浏览器中打开' })
    await expect(dialog).toBeVisible()
    await screenshot(page, 'download-wechat-375x812')
    await dialog.getByRole('button', { name: '我知道了' }).click()
    await expect(dialog).toBeHidden()
    await context.close()
  })

  test('a request that hangs shows the tap-to-retry text, and a tap retries', async ({ page }) => {
    await page.clock.install()
    let hang = true
    let asked = 0
    await page.route('**/api/download/info', async (route) => {
      asked++
      if (hang) return // never answered: the client's own time-out must end it
      await route.continue()
    })
    await page.goto('/download')
    // Fake time also holds back the app's start: advance it until the page asks for its data.
    await expect(async () => {
      await page.clock.runFor(100)
      expect(asked).toBe(1)
    }).toPass()
    await page.clock.fastForward(16_000)
    const retry = page.getByRole('button', { name: '重试' })
    await expect(page.getByText('连接超时，点击重试')).toBeVisible()
    hang = false
    await retry.click()
    await expect(page.getByText('连接超时，点击重试')).toBeHidden()
    await expect(page.getByText('随时随地阅读与表达')).toBeVisible()
  })

  // On a slow phone the browser's install prompt (at the load event) can come before the page is
  // hydrated; rendered at once, it would not match the prerendered HTML, and React would throw the page's
  // DOM away and render it again (a Lighthouse run under load caught React's error #418 so).
  test('an install prompt before the page is hydrated keeps the prerendered page, then shows its button', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: ANDROID_UA, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    // The page's own chunk is held, so the part of the page it renders waits, prerendered, to be hydrated.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/Download-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/download')
    const name = page.locator('h2.download__name')
    await name.evaluate((el) => ((window as unknown as { prerenderedName: Element }).prerenderedName = el))
    // The app listens for the prompt from the load event on: offer one until it is taken (the listener
    // cancels it, as the app keeps the prompt for its own button).
    await page.waitForFunction(() => {
      const prompt = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      })
      dispatchEvent(prompt)
      return prompt.defaultPrevented
    })
    release()
    await expect(page.getByRole('button', { name: '安装到桌面' })).toBeVisible()
    expect(await name.evaluate((el) => el === (window as unknown as { prerenderedName: Element }).prerenderedName)).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })
})
