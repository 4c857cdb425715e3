/** Saves a full-page screenshot under tests/e2e/screenshots/ for people to look at. */
import type { Page } from '@playwright/test'

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: `tests/e2e/screenshots/${name}.png`, fullPage: true })
}
