/**
 * What the app's push store (src/lib/push/store.ts) holds in the page, read without disturbing it, and a
 * push delivered to the page's service worker as a push service would wake it.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test'

/** A value of the app's push store on this device (IndexedDB), or undefined while there is none. */
const stored = (page: Page, key: string): Promise<unknown> =>
  page.evaluate(
    (key) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('habor-push')
        // Not there yet: never create it here (the app's own open would then find no store to make).
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => resolve(undefined)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('device')) return resolve(undefined)
          const get = db.transaction('device').objectStore('device').get(key)
          get.onsuccess = () => {
            db.close()
            resolve(get.result)
          }
          get.onerror = () => resolve(undefined)
        }
      }),
    key,
  )

/** The signed-in starts the app has counted on this device. */
export const startsCounted = async (page: Page): Promise<number> => {
  const starts = await stored(page, 'starts')
  return typeof starts === 'number' ? starts : 0
}

/**
 * The sign-in whose pushes the service worker shows, once the app has stored it (it does so as it starts,
 * after the page is up): a push delivered before then is dropped, as one for another sign-in would be.
 */
export const pushSession = async (page: Page): Promise<string | null> => {
  const session = await stored(page, 'session')
  return typeof session === 'string' ? session : null
}

/** Delivers `data` as a push to the service worker of the page's origin (Chrome DevTools Protocol). */
export async function deliverPush(context: BrowserContext, page: Page, data: unknown): Promise<void> {
  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
      const r = e.registrations.find((x) => !x.isDeleted)
      if (r) resolve(r.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId: await registrationId, data: JSON.stringify(data) })
  await cdp.detach()
}

/**
 * Delivers a push the service worker is to show, and waits until `seen()` equals `expected`, delivering it
 * again every 10 s until then (a push with the same tag replaces its notification, so a second delivery
 * adds nothing). The DevTools protocol answers a delivery before the worker runs its push event and
 * reports no failure; once in a CI run a delivered push was never seen, and a push service delivers again
 * what a device did not take. A worker that drops the push still fails the wait.
 */
export async function deliverUntilSeen(context: BrowserContext, page: Page, data: unknown, seen: () => Promise<unknown>, expected: unknown, timeout = 60_000): Promise<void> {
  await expect(async () => {
    await deliverPush(context, page, data)
    await expect.poll(seen, { timeout: 10_000 }).toEqual(expected)
  }).toPass({ timeout })
}

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
