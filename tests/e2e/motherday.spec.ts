/**
 * Mother's Day as people use it: a logged-out visitor writes a card and records a voice message
 * (Chromium's fake microphone), is asked to log in and keeps the draft, makes the card, and a logged-out
 * visitor then reads it and plays the recording.
 */
import { chromium, expect, type Browser } from '@playwright/test'
import { chromiumLaunchOptions } from '../../scripts/chromium-args.mjs'
import { test } from '../support/fixtures'
import { screenshot } from '../support/screenshot'
import { submitPasswordLogin } from '../support/login'

const VIEW = { width: 375, height: 812 }
let browser: Browser

test.beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required']))
})
test.afterAll(async () => {
  await browser?.close()
})

test('a card with a recorded message, made through login, is readable and playable logged out', async ({ baseURL }) => {
  const maker = await browser.newContext({ viewport: VIEW, baseURL, permissions: ['microphone'] })
  const page = await maker.newPage()
  await page.goto('/motherday')
  const message = '妈妈，谢谢您每天早上为我做早饭。'
  await page.getByLabel('祝福语').fill(message)
  await page.getByLabel('花园').check()
  await page.getByRole('button', { name: '开始录音' }).click()
  // The recorder counts seconds; stop after two.
  await expect(page.getByRole('button', { name: /停止录音 2 秒/ })).toBeVisible()
  await page.getByRole('button', { name: /停止录音/ }).click()
  await expect(page.getByRole('button', { name: '重新录制' })).toBeVisible()
  await screenshot(page, 'motherday-editor-375x812')

  // Making it asks for login; the draft and the recording wait.
  await page.getByRole('button', { name: '登录后生成贺卡' }).click()
  await expect(page).toHaveURL(/\/login\?redirect=Motherday/)
  await submitPasswordLogin(page)
  await expect(page).toHaveURL(/\/motherday$/)
  await expect(page.getByLabel('祝福语')).toHaveValue(message)
  await expect(page.getByLabel('花园')).toBeChecked()
  await expect(page.getByRole('button', { name: '重新录制' })).toBeVisible()

  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/cards/audio') && r.request().method() === 'POST')
  await page.getByRole('button', { name: '生成贺卡' }).click()
  expect(((await (await uploaded).json()) as { code: number }).code).toBe(0)
  await expect(page).toHaveURL(/\/motherday\?id=[0-9a-f-]{36}$/)
  const url = page.url()
  await expect(page.getByRole('button', { name: '分享给妈妈' })).toBeVisible()

  // Anyone, logged out, reads it and plays the recording.
  const visitor = await browser.newContext({ viewport: VIEW, baseURL })
  const v = await visitor.newPage()
  await v.goto(url)
  await expect(v.getByText(message)).toBeVisible()
  await expect(v.getByText('爱你的 Demo Student')).toBeVisible()
  await expect(v.getByRole('button', { name: '我也要做一张' })).toBeVisible()
  const audio = v.locator('.mcard__audio audio')
  await expect(audio).toHaveAttribute('src', /\/api\/cards\/audio\//)
  const played = await audio.evaluate(async (el: HTMLAudioElement) => {
    await el.play()
    await new Promise<void>((resolve) => {
      const check = () => (el.currentTime > 0.2 ? resolve() : requestAnimationFrame(check))
      check()
    })
    el.pause()
    return el.currentTime
  })
  expect(played).toBeGreaterThan(0.2)
  await screenshot(v, 'motherday-card-375x812')

  // A card id that does not exist says so.
  await v.goto('/motherday?id=no-such-card')
  await expect(v.getByText('这张贺卡不存在，或作者没有公开')).toBeVisible()
  await visitor.close()
  await maker.close()
})

test('in English at 320 px the editor fits, asks for a message first, and the demo card reads', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await page.goto('/motherday?lang=en')
  await expect(page.getByRole('heading', { name: "Mother's Day", level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Log in to make the card' }).click()
  await expect(page.getByText('Please write a message')).toBeVisible()
  await expect(page).toHaveURL(/\/motherday\?lang=en$/)
  await expect(page.getByText('0/140')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  for (const name of ['Carnation', 'Sunrise', 'Garden', 'Letter']) {
    const box = await page.locator('label', { hasText: name }).boundingBox()
    expect(box?.height, name).toBeGreaterThanOrEqual(44)
  }
  await screenshot(page, 'motherday-en-320x640')
  await page.goto('/motherday?id=demo-card')
  await expect(page.getByText('With love, Demo Student')).toBeVisible()
  await expect(page.locator('.mcard audio')).toHaveCount(0)
})
