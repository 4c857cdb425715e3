/**
 * The app shell in a real browser: the page column and its centring, the slide-in on push/back only,
 * pull-down refresh by touch, and the rotate hint on a landscape page in a portrait window.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { test } from '../support/fixtures'
import AES from 'crypto-js/aes.js'
import { devURL } from '../../playwright.config'
import { pauseClockNow, rendered } from '../support/clock'
import { screenshot } from '../support/screenshot'

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 800 }

/** The app's own navigation module, as the dev server serves it (the production bundle has no module URLs). */
async function navigate(page: Page, fn: 'push' | 'replace' | 'back', to = ''): Promise<void> {
  await page.evaluate(`import('/src/state/navigation.ts').then((nav) => nav.${fn}(${JSON.stringify(to)}))`)
}

/** Records the animations that start from now on, by name. */
async function recordAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __animations: string[] }
    w.__animations = []
    document.addEventListener('animationstart', (e) => w.__animations.push(e.animationName))
  })
}
/** Waits until the element's own animations (fade/scale in) are done, so a screenshot shows the end state. */
const settled = (locator: Locator) => locator.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)).then(() => undefined))
/** The animations started since recordAnimations; animationstart fires a frame after the render, so poll it. */
const animations = (page: Page) => page.evaluate(() => (window as unknown as { __animations: string[] }).__animations)
/**
 * Resolves after the browser has painted `count` more frames: a CSS animation that a render started has
 * fired animationstart by then, so its absence afterwards is an answer, not a guess about timing.
 */
const framesPainted = (page: Page, count = 3) =>
  page.evaluate((n) => new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)))
    step(n)
  }), count)

for (const viewport of [PHONE, DESKTOP]) {
  const size = `${viewport.width}x${viewport.height}`

  test.describe(`shell at ${size}`, () => {
    test.use({ viewport })

    test('the page column keeps its maximum width and is centred, with nothing wider than the window', async ({ page }) => {
      await page.goto('/download')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('下载')
      const main = await page.locator('.scaffold__main').boundingBox()
      if (!main) throw new Error('no page column')
      const width = Math.min(viewport.width, 750)
      expect(main.width).toBeCloseTo(width, 0)
      expect(main.x).toBeCloseTo((viewport.width - width) / 2, 0)
      const bar = await page.locator('.scaffold__bar-inner').boundingBox()
      expect(bar?.x).toBeCloseTo(main.x, 0)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      // One design unit is the column's 750th: 0.5 px on a 375 px phone, 1 px in a 750 px column.
      const unit = await page.locator('.shell').evaluate((el) => {
        const probe = document.createElement('div')
        probe.style.width = 'calc(750 * var(--u))'
        el.append(probe)
        const w = probe.getBoundingClientRect().width
        probe.remove()
        return w
      })
      expect(unit).toBeCloseTo(width, 0)
      await screenshot(page, `shell-download-${size}`)
    })

    test('push, Back and the browser Back slide in; replace does not; no layout shift', async ({ page }) => {
      await page.goto(`${devURL}/download`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('下载')
      await page.evaluate(() => {
        const w = window as unknown as { __shift: number }
        w.__shift = 0
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__shift += (e as unknown as { value: number }).value
        }).observe({ type: 'layout-shift', buffered: false })
      })
      await recordAnimations(page)

      await navigate(page, 'push', '/agreement')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('用户协议')
      await expect(page.locator('.page-transition')).toHaveAttribute('data-nav', 'push')
      await expect(page.locator('.page-transition')).toHaveClass(/page-transition--slide/)
      await expect.poll(() => animations(page)).toContain('page-slide-in')
      const duration = await page.locator('.page-transition').evaluate((el) => getComputedStyle(el).animationDuration)
      expect(duration).toBe('0.3s')

      await recordAnimations(page)
      await page.getByRole('button', { name: '返回' }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('下载')
      await expect(page.locator('.page-transition')).toHaveAttribute('data-nav', 'back')
      await expect.poll(() => animations(page)).toContain('page-slide-in')

      await navigate(page, 'push', '/agreement')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('用户协议')
      // Let the push's own slide end first, so only what the replace starts is recorded.
      await page.locator('.page-transition').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
      await recordAnimations(page)
      await navigate(page, 'replace', '/forget')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('找回密码')
      await expect(page.locator('.page-transition')).toHaveAttribute('data-nav', 'replace')
      await expect(page.locator('.page-transition')).not.toHaveClass(/page-transition--slide/)
      await framesPainted(page)
      expect(await animations(page)).not.toContain('page-slide-in')

      // The browser's own Back after a replace is a back too.
      await page.goBack()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('下载')
      await expect(page.locator('.page-transition')).toHaveAttribute('data-nav', 'back')
      await expect(page.locator('.page-transition')).toHaveClass(/page-transition--slide/)

      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift)
      expect(shift).toBeLessThan(0.01)
    })

    test('no slide under prefers-reduced-motion', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto(`${devURL}/download`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('下载')
      await recordAnimations(page)
      await navigate(page, 'push', '/agreement')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('用户协议')
      await expect(page.locator('.page-transition')).toHaveAttribute('data-nav', 'push')
      await expect(page.locator('.page-transition')).not.toHaveClass(/page-transition--slide/)
      await framesPainted(page)
      expect(await animations(page)).not.toContain('page-slide-in')
    })
  })
}

/** Real touch input through the DevTools protocol; one session holds the touch from start to end. */
async function touchInput(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  return (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: 187, y }] })
}

test.describe('pull-down refresh', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test('a touch pull past the threshold shows the spinner and fires the refresh hook; a short one does not', async ({ page }) => {
    // The page's clock, so that the spinner's least time (400 ms) cannot run out before it is looked at.
    await page.clock.install()
    await page.goto('/download')
    // The prerendered page shows before its code runs; the title changes once the page has hydrated.
    await expect(page).toHaveTitle('Habor - 下载')
    const touch = await touchInput(page)
    const content = page.locator('.download')
    await expect(content).toBeVisible()
    const root = page.locator('.pull-refresh')
    await expect(root).toHaveAttribute('data-status', 'idle')
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overscrollBehaviorY)).toBe('none')

    // A short pull (30 px of finger, 15 px shown) aborts and leaves the page as it was.
    await content.evaluate((el) => el.setAttribute('data-before-refresh', ''))
    await touch('touchStart', 200)
    for (const y of [210, 220, 230]) await touch('touchMove', y)
    await expect(root).toHaveAttribute('data-status', 'pulling')
    await touch('touchEnd', 230)
    await expect(root).toHaveAttribute('data-status', 'idle')
    await expect(page.locator('.download[data-before-refresh]')).toHaveCount(1)

    // A long pull reaches the threshold; release refreshes (the default hook re-mounts the page).
    await touch('touchStart', 200)
    for (let y = 210; y <= 360; y += 15) await touch('touchMove', y)
    await expect(root).toHaveAttribute('data-status', 'reached')
    await expect(page.getByText('释放立即刷新')).toBeVisible()
    await pauseClockNow(page)
    await touch('touchEnd', 360)
    await expect(root).toHaveAttribute('data-status', 'refreshing')
    await expect(page.locator('.pull-refresh__spinner')).toBeVisible()
    await screenshot(page, 'shell-pull-refresh-375x812')
    await page.clock.resume()
    await expect(root).toHaveAttribute('data-status', 'idle')
    await expect(page.locator('.download')).toBeVisible()
    await expect(page.locator('.download[data-before-refresh]')).toHaveCount(0)
  })
})

/** A stored value as the app's storage module writes it (docs/contract.md: AES of {v, data} under the dev key). */
function storedToken(token: string): string {
  return AES.encrypt(JSON.stringify({ v: 1, data: token }), 'jsj-habor-dev-storage').toString()
}

test.describe('orientation', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test('a landscape page in a portrait window that cannot lock shows a closable hint, gone once turned', async ({ page, request }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    // A real session of the demo student, stored as the app stores it, so launch resumes it.
    const login = await request.post('/api/login', {
      headers: { 'App-ID': 'jsj-habor' },
      data: { username: '13800138000', password: 'Passw0rd!', deviceType: 'mobile', deviceCode: 'e2e-rotate', appId: 'jsj-habor' },
    })
    const { data: pair } = (await login.json()) as { data: { token: string; refreshToken: string } }
    await page.addInitScript(
      ({ token, refresh }) => {
        localStorage.setItem('jsj_habor_token', token)
        localStorage.setItem('jsj_habor_refreshToken', refresh)
      },
      { token: storedToken(pair.token), refresh: storedToken(pair.refreshToken) },
    )
    await page.goto('/home')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('首页')
    const hint = page.getByRole('status').filter({ hasText: '横屏浏览效果更佳' })
    await expect(hint).toBeVisible()
    await settled(hint)
    const close = page.getByRole('button', { name: '关闭旋转提示' })
    const box = await close.boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual(44)
    expect(box?.height).toBeGreaterThanOrEqual(44)
    // Not a wall: the page underneath still takes taps.
    const covered = await page.evaluate(() => {
      const h1 = document.querySelector('h1')?.getBoundingClientRect()
      return h1 ? document.elementFromPoint(h1.x + h1.width / 2, h1.y + h1.height / 2)?.tagName : 'none'
    })
    expect(covered).toBe('H1')
    await screenshot(page, 'shell-rotate-hint-375x812')

    await page.setViewportSize({ width: 812, height: 375 })
    await expect(hint).toHaveCount(0)
    await screenshot(page, 'shell-home-812x375')

    await page.setViewportSize(PHONE)
    await expect(hint).toBeVisible()
    await close.click()
    await expect(hint).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('a portrait page opened first, logged out, is left alone', async ({ page }) => {
    await page.clock.install()
    await page.setViewportSize({ width: 812, height: 375 })
    await page.goto('/download')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('下载')
    // Past every timer the orientation logic sets (the lock attempt, the hint's delay), at once.
    await page.clock.runFor(5_000)
    await expect(page.getByRole('button', { name: '关闭旋转提示' })).toHaveCount(0)
  })
})

test.describe('overlay and modal', () => {
  test.use({ viewport: PHONE })

  test('a toast shows as a status and leaves by itself; the modal traps focus and Esc cancels it', async ({ page }) => {
    // The toast's time is the page's: it leaves at TOAST_DURATION_MS exactly, however slow the machine.
    await page.clock.install()
    await page.goto(`${devURL}/download`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('下载')
    const toast = page.getByRole('status').filter({ hasText: '内容已复制' })
    // The overlay's host is a lazy module, which React reveals on timers of its own: it is shown once
    // (a toast that stays) while the clock runs, and the toast under test starts on the paused clock.
    await page.evaluate(`import('/src/ui/Overlay/overlay.ts').then((o) => o.showToast('内容已复制', { icon: 'success', duration: Infinity }))`)
    await expect(toast).toBeVisible()
    await pauseClockNow(page)
    const duration = (await page.evaluate(`import('/src/ui/Overlay/overlay.ts').then((o) => (o.showToast('内容已复制', { icon: 'success' }), o.TOAST_DURATION_MS))`)) as number
    await expect(toast).toBeVisible()
    await settled(toast)
    await screenshot(page, 'shell-toast-375x812')
    await page.clock.runFor(duration - 1)
    await rendered(page)
    await expect(toast).toBeVisible()
    await page.clock.runFor(1)
    await expect(toast).toHaveCount(0)
    await page.clock.resume()

    await page.evaluate(`import('/src/ui/Modal/modal.ts').then((m) => {
      window.__answer = m.showModal({ title: '退出登录', content: '确定要退出当前账号吗？' })
    })`)
    const dialog = page.getByRole('dialog', { name: '退出登录' })
    await expect(dialog).toBeVisible()
    await expect(page.getByRole('button', { name: '确定' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: '取消' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: '确定' })).toBeFocused()
    await settled(dialog)
    await screenshot(page, 'shell-modal-375x812')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    expect(await page.evaluate('window.__answer')).toEqual({ confirm: false, cancel: true })
  })
})
