/** What the app's push store (src/lib/push/store.ts) holds in the page, read without disturbing it. */
import { expect, type Page } from '@playwright/test'

/** The signed-in starts the app has counted on this device (IndexedDB, src/lib/push/store.ts). */
export const startsCounted = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('habor-push')
        // Not there yet: never create it here (the app's own open would then find no store to make).
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => resolve(0)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('device')) return resolve(0)
          const get = db.transaction('device').objectStore('device').get('starts')
          get.onsuccess = () => {
            db.close()
            resolve(typeof get.result === 'number' ? get.result : 0)
          }
          get.onerror = () => resolve(0)
        }
      }),
  )

/**
 * Opens Home for the first time on this device, then starts the app a second time, as a student would:
 * the notification tip shows from the second signed-in start. Each start is waited for until it is
 * counted, since a reload before the first count is stored would leave the second start counted as the first.
 */
export async function secondStart(page: Page): Promise<void> {
  await page.goto('/home')
  await expect.poll(() => startsCounted(page)).toBe(1)
  await expect(page.getByRole('complementary', { name: '开启通知' })).toHaveCount(0)
  await page.reload()
  await expect.poll(() => startsCounted(page)).toBe(2)
}
