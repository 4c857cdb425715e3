/**
 * A card made offline stays findable (docs/offline.md): once it lands the student is told on whatever
 * page they are, with its link, and Motherday lists it under 我的贺卡 as sent. A card whose first answer
 * was lost opens without "网络不通…" lying over it.
 */
import { expect, type Route } from '@playwright/test'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'
import { signInUnderWorker } from '../support/login'

test.use({ viewport: { width: 375, height: 812 } })

test('a card made offline, then Home, then online: the student is told with its link, and 我的贺卡 lists it as sent', async ({ page, context }) => {
  test.slow()
  await signInUnderWorker(page)
  await page.goto('/motherday')
  await expect(page.getByLabel('祝福语')).toBeVisible()

  await context.setOffline(true)
  const message = `车上写的贺卡 ${Date.now()}`
  await page.getByLabel('祝福语').fill(message)
  await page.getByRole('button', { name: '生成贺卡' }).click()
  await expect(page.getByRole('region', { name: '待同步的贺卡' }).getByText(message)).toBeVisible()

  await page.getByRole('button', { name: '回到首页' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await context.setOffline(false)

  const toast = page.locator('[data-overlay="toast"]')
  await expect(toast).toContainText('离线时做的贺卡已发送')
  await screenshot(page, 'card-landed-toast-375x812')
  await toast.getByRole('link', { name: '打开贺卡' }).click()
  await expect(page).toHaveURL(/\/motherday\?id=[^&]+$/)
  await expect(page.getByRole('article', { name: '母亲节贺卡' })).toContainText(message)

  await page.goto('/motherday')
  const mine = page.getByRole('region', { name: '我的贺卡' })
  const row = mine.getByRole('listitem').filter({ hasText: message })
  await expect(row).toHaveCount(1)
  await expect(row.getByText('已发送')).toBeVisible()
  await expect(page.getByRole('region', { name: '待同步的贺卡' })).toHaveCount(0)
  await screenshot(page, 'my-cards-375x812')
  await row.getByRole('link').click()
  await expect(page.getByRole('article', { name: '母亲节贺卡' })).toContainText(message)
})

test('a card whose first answer was lost opens without the "no connection" toast over it', async ({ page, context }) => {
  await signInUnderWorker(page)
  let posts = 0
  const loseFirstAnswer = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue()
    posts += 1
    if (posts > 1) return route.continue()
    await route.fetch()
    return route.abort('connectionreset')
  }
  await context.route(/\/api\/cards$/, loseFirstAnswer)
  await page.goto('/motherday')
  // Recorded in the page: was "网络不通…" ever on screen together with the card that opened?
  await page.evaluate(() => {
    const w = window as unknown as { clash: boolean }
    w.clash = false
    new MutationObserver(() => {
      if (document.querySelector('article.mcard') && document.querySelector('.motherday__view') && (document.body.textContent ?? '').includes('网络不通')) w.clash = true
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  const message = `回答丢了的贺卡 ${Date.now()}`
  await page.getByLabel('祝福语').fill(message)
  await page.getByRole('button', { name: '生成贺卡' }).click()
  await expect(page).toHaveURL(/\/motherday\?id=[^&]+$/)
  await expect(page.getByRole('article', { name: '母亲节贺卡' })).toContainText(message)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(posts).toBe(2)
  expect(await page.evaluate(() => (window as unknown as { clash: boolean }).clash)).toBe(false)
  await context.unroute(/\/api\/cards$/, loseFirstAnswer)
})
