/** The app's live channel as the browser tests wait for it. */
import type { Page } from '@playwright/test'

/**
 * Resolves once the page's live channel is subscribed: its socket to /mqtt has had the broker's CONNACK
 * and SUBACK. Call before the navigation that opens it.
 */
export function subscribed(page: Page): Promise<void> {
  return page
    .waitForEvent('websocket', (ws) => ws.url().endsWith('/mqtt'))
    .then(async (ws) => {
      await ws.waitForEvent('framereceived')
      await ws.waitForEvent('framereceived')
    })
}
