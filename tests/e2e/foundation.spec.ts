import { expect } from '@playwright/test'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'

test.describe('routes, guard and titles', () => {
  test('a logged-out visit to a login page lands on Login with the redirect query, and Back does not return', async ({ page }) => {
    await page.goto('/download')
    await page.goto('/2023/create?id=7')
    await expect(page).toHaveURL(/\/login\?redirect=Create&query=id%3D7$/)
    await expect(page).toHaveTitle('Habor - 登录')
    await screenshot(page, 'login-375x812')
    await page.goBack()
    await expect(page).toHaveURL(/\/download$/)
  })

  test('an unknown path lands on Download', async ({ page }) => {
    await page.goto('/nope')
    await expect(page).toHaveURL(/\/download$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('下载')
    await expect(page).toHaveTitle('Habor - 下载')
    await screenshot(page, 'download-375x812')
  })

  test('an unknown path after other pages replaces the whole app history', async ({ page }) => {
    await page.goto('/agreement')
    await page.evaluate(() => {
      history.pushState({ habor: { idx: 1 } }, '', '/forget')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.evaluate(() => {
      history.pushState({ habor: { idx: 2 } }, '', '/this/does/not/exist')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page).toHaveURL(/\/download$/)
    const idx = await page.evaluate(() => (history.state as { habor?: { idx: number } } | null)?.habor?.idx)
    expect(idx).toBe(0)
  })

  test('the page-file paths redirect to the short paths with the query kept', async ({ page }) => {
    await page.goto('/app/login')
    await expect(page).toHaveURL(/\/login$/)
    await page.goto('/platforms/h5/share/opus?id=demo-opus')
    await expect(page).toHaveURL(/\/share\/opus\?id=demo-opus$/)
    await expect(page).toHaveTitle('Habor - 作品')
  })

  test('the entry / goes to Login', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('English with ?lang=en is remembered', async ({ page }) => {
    await page.goto('/agreement?lang=en')
    await expect(page).toHaveTitle('Habor - User agreement')
    await page.goto('/sound')
    await expect(page).toHaveTitle('Habor - Sound')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await screenshot(page, 'sound-en-375x812')
  })
})
