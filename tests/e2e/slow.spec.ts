/**
 * Slow is not down: on a school network a request may take seconds and still arrive. A slow answer keeps
 * the page's loading state and never brings up the retry screen before the request's own time-out (15 s
 * for page data); only a request that is still unanswered at its time-out does, and a slow sign-in keeps
 * its busy button and what was typed.
 */
import { expect, type Page } from '@playwright/test'
import { test } from '../support/fixtures'
import { pauseClockNow } from '../support/clock'
import { screenshot } from '../support/screenshot'
import { DEMO_STUDENT, resumeDemoSession } from '../support/session'

test.use({ viewport: { width: 375, height: 812 } })

/**
 * Opens /invite, whose request the test's route holds, with the page's (faked) clock stopped as soon as the
 * document is there: from then on its time moves only as the test says, in 100 ms steps until `asked()`
 * counts the request. Gives the page's own time when the request left and now, a step apart at most
 * however long a busy machine takes, so the request's 15 s time-out is the test's to reach.
 */
async function openInviteAsked(page: Page, asked: () => number): Promise<{ askedAt: number; pausedAt: number }> {
  await page.addInitScript(() => {
    const w = window as unknown as { __askedAt?: number }
    const send = window.fetch
    window.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/api/invite')) w.__askedAt ??= Date.now()
      return send(input, init)
    }
  })
  await page.goto('/invite', { waitUntil: 'commit' })
  await pauseClockNow(page)
  await expect(async () => {
    if (asked() === 0) await page.clock.runFor(100)
    expect(asked()).toBe(1)
  }).toPass()
  const times = await page.evaluate(() => ({ askedAt: (window as unknown as { __askedAt: number }).__askedAt, pausedAt: Date.now() }))
  expect(times.pausedAt - times.askedAt).toBeLessThan(14_000)
  return times
}

test('page data that takes 6 s keeps the skeleton, shows no retry screen, and then appears', async ({ page, request }) => {
  await page.clock.install()
  await resumeDemoSession(page, request, 'e2e-slow-invite')
  // The answer is held until the page's clock has moved 6 s past the request, then let through.
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  let held = 0
  await page.route('**/api/invite', async (route) => {
    held++
    await released
    await route.continue()
  })
  const { askedAt, pausedAt } = await openInviteAsked(page, () => held)
  // The clock then stands at 6 s after the request (or a little later, if the machine already took longer).
  const card = page.locator('.invite__card')
  await expect(card).toHaveAttribute('aria-busy', 'true')
  await page.clock.runFor(Math.max(0, askedAt + 6_000 - pausedAt))
  // Through the whole wait: still loading, never the time-out screen.
  await expect(card).toHaveAttribute('aria-busy', 'true')
  await expect(page.locator('.retry-screen')).toHaveCount(0)
  release()
  await page.clock.resume()
  await expect(page.getByTestId('invite-code')).toHaveText('DEMO2023')
  expect(held).toBe(1)
  await expect(page.locator('.retry-screen')).toHaveCount(0)
})

test('page data still unanswered 14 s after it was asked is still loading; past its 15 s time-out the retry screen says so, and a retry loads it', async ({ page, request }) => {
  await page.clock.install()
  await resumeDemoSession(page, request, 'e2e-slow-timeout')
  let hold = true
  let asked = 0
  await page.route('**/api/invite', async (route) => {
    asked++
    if (hold) return // never answered: only the client's time-out ends it
    await route.continue()
  })
  // Measured from the request: the exact 15 000 ms edge is the client's unit test, this is the whole page
  // at both sides of it, 14 s after the request, then 15.5 s.
  const { askedAt, pausedAt } = await openInviteAsked(page, () => asked)
  await expect(page.locator('.invite__card')).toHaveAttribute('aria-busy', 'true')
  await page.clock.runFor(askedAt + 14_000 - pausedAt)
  await expect(page.locator('.invite__card')).toHaveAttribute('aria-busy', 'true')
  await expect(page.locator('.retry-screen')).toHaveCount(0)
  await page.clock.runFor(1_500)
  await expect(page.locator('.retry-screen')).toContainText('连接超时')
  await screenshot(page, 'slow-timeout-375x812')
  hold = false
  await page.clock.resume()
  await page.locator('.retry-screen__tap').click()
  await expect(page.getByTestId('invite-code')).toHaveText('DEMO2023')
})

test('a sign-in that takes 5 s keeps its busy button and what was typed, then lands on Home', async ({ page }) => {
  await page.clock.install()
  // The answer is held until the page's clock has moved 5 s past the request, then let through.
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  let held = 0
  await page.route('**/api/login', async (route) => {
    held++
    await released
    await route.continue()
  })
  await page.goto('/login')
  await page.locator('form[data-ready]').waitFor()
  await page.getByLabel('手机号').fill(DEMO_STUDENT.phone)
  await page.getByLabel('密码', { exact: true }).fill(DEMO_STUDENT.password)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect.poll(() => held).toBe(1)
  await pauseClockNow(page)
  await page.clock.runFor(5_000)
  await expect(page.getByRole('button', { name: '正在登录…' })).toHaveAttribute('aria-busy', 'true')
  await expect(page.getByLabel('手机号')).toHaveValue(DEMO_STUDENT.phone)
  await expect(page.getByRole('alert')).toHaveCount(0)
  release()
  await page.clock.resume()
  await expect(page).toHaveURL(/\/home$/)
  expect(held).toBe(1)
})
