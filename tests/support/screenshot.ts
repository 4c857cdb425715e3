/** Saves a full-page screenshot under tests/e2e/screenshots/ for people to look at. */
import type { Page } from '@playwright/test'

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  // Finite animations (the page slide-in) are run to their end, so the picture shows where things rest.
  await page.screenshot({ path: `tests/e2e/screenshots/${name}.png`, fullPage: true, animations: 'disabled' })
}
