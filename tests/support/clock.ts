/** The page's fake clock (page.clock), held still at "now" for a test that then moves it itself. */
import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Pauses the page's clock a moment after its current time. pauseAt only moves forward, and the page's time
 * keeps running while the call travels: on a busy machine a fixed step ahead can already be past, so the
 * step doubles until the pause lands.
 */
export async function pauseClockNow(page: Page): Promise<void> {
  for (let ahead = 100; ; ahead *= 2) {
    const now = await page.evaluate(() => Date.now())
    try {
      await page.clock.pauseAt(now + ahead)
      return
    } catch (e) {
      if (!/to the past/.test(String(e)) || ahead >= 3_200) throw e
    }
  }
}

/**
 * Moves the paused clock in small steps until `locator` shows (React reveals lazy content on timers of its
 * own): a 50 ms step at each of toPass's tries, so the page's time moves by a second or so at most, however
 * slow the machine.
 */
export async function stepUntilVisible(page: Page, locator: Locator): Promise<void> {
  await expect(async () => {
    if (!(await locator.isVisible())) await page.clock.runFor(50)
    await expect(locator).toBeVisible({ timeout: 1 })
  }).toPass()
}

/**
 * Resolves once what the page's timers just set off has rendered: React renders in MessageChannel tasks,
 * which the paused clock does not hold, so a few round trips through one let them run first. Without it a
 * check that nothing changed could pass before a change already set off had shown.
 */
export async function rendered(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve()
        channel.port2.postMessage(null)
      })
    }
  })
}

/**
 * How long a test waits for the service worker to take control of the page: it first precaches the build
 * (about 1 MB), which under stress --cpu 2 outlasted expect's 5 s default, and on a machine four to six
 * times slower than a quiet one came close to 30 s. A wait for an event that comes, not a time the test asserts.
 */
export const SW_CONTROL_MS = 60_000
