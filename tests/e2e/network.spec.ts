/**
 * Two tabs of one browser hit 401 at once: one /refresh between them (Web Locks + BroadcastChannel +
 * shared storage in a real browser) and both continue. The client modules come from the development
 * server; its /api calls are forwarded to the real server under test, counting the refreshes.
 */
import { expect, type Page } from '@playwright/test'
import { test } from '../support/fixtures'
import { devURL } from '../../playwright.config'

interface TabHttp {
  request(opts: { url: string; data?: Record<string, unknown> }): Promise<{ statusCode: number; data: { code: number; data: { id: string } } }>
}
interface TabWindow {
  habor: { http: TabHttp; token: () => string }
}

/** Loads the client into the page and wires it to the real auth store and storage, as main.tsx does. */
async function openTab(page: Page): Promise<void> {
  await page.goto(`${devURL}/kit.html`)
  await page.evaluate(async () => {
    const load = (path: string) => import(/* @vite-ignore */ path)
    const [http, storage, auth] = await Promise.all([load('/src/lib/http/index.ts'), load('/src/lib/storage/index.ts'), load('/src/state/auth.ts')])
    await storage.initStorage()
    auth.hydrate()
    const state = auth.authState as { token: string; refreshToken: string; tempToken: string }
    http.configureHttp({
      session: {
        get: () => ({ token: state.token, refreshToken: state.refreshToken, tempToken: state.tempToken }),
        persisted: () => ({ token: storage.read('token') ?? '', refreshToken: storage.read('refreshToken') ?? '' }),
        setTokens: auth.updateSessionTokens,
      },
    })
    ;(window as unknown as TabWindow).habor = { http, token: () => state.token }
  })
}

test('two tabs hitting 401 at once make one refresh between them and both continue', async ({ context, request, baseURL }) => {
  const login = await request.post(`${baseURL}/api/login`, {
    headers: { 'App-ID': 'jsj-habor' },
    data: { username: '13800138000', password: 'Passw0rd!', deviceType: 'browser', deviceCode: 'e2e-two-tabs', appId: 'jsj-habor' },
  })
  const { data: pair } = (await login.json()) as { data: { token: string; refreshToken: string } }
  expect(pair.refreshToken).toBeTruthy()

  const refreshes: string[] = []
  await context.route('**/api/**', async (route) => {
    const url = new URL(route.request().url())
    if (url.pathname === '/api/refresh') refreshes.push(route.request().headers().authorization ?? '')
    const response = await route.fetch({ url: `${baseURL}${url.pathname}${url.search}` })
    await route.fulfill({ response })
  })

  const a = await context.newPage()
  await openTab(a)
  // Both tabs start from a stored session whose access token the server refuses (401) and a valid refresh token.
  await a.evaluate(async (refreshToken) => {
    const storage = await import(/* @vite-ignore */ '/src/lib/storage/index.ts' as string)
    await storage.initStorage()
    storage.write('token', 'expired.access.token')
    storage.write('refreshToken', refreshToken)
  }, pair.refreshToken)
  await openTab(a)
  const b = await context.newPage()
  await openTab(b)

  const call = (p: Page) => p.evaluate(() => (window as unknown as TabWindow).habor.http.request({ url: '/auth/student', data: { appId: 'jsj-habor' } }))
  const [ra, rb] = await Promise.all([call(a), call(b)])

  expect(refreshes).toEqual([`Bearer ${pair.refreshToken}`])
  expect([ra.statusCode, ra.data.code, rb.statusCode, rb.data.code]).toEqual([200, 0, 200, 0])
  expect(ra.data.data.id).toBe(rb.data.data.id)
  const tokens = await Promise.all([a, b].map((p) => p.evaluate(() => (window as unknown as TabWindow).habor.token())))
  expect(tokens[0]).not.toBe('expired.access.token')
  expect(tokens[1]).toBe(tokens[0])
})
