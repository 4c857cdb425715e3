// @vitest-environment node
// (The real server runs in this file; happy-dom's URL would break its module paths. The browser parts the
// code touches are stubbed below.)
/**
 * The client's side of Web Push: subscribing with the server's real VAPID key (a real server answers
 * through the faked fetch; only the browser's PushManager and Notification are stand-ins), where push can
 * work, the notification tip's rule at its edges, and the service worker's message and click routing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { forThisSignIn, readPush, routeClick } from '../../../sw/push'
import { authState } from '../../../src/state/auth'
import { enablePush, keyBytes, PUSH_SUBSCRIBE_TIMEOUT_MS, pushDevice, pushSupport, tipWanted, within } from '../../../src/state/push'
import { fakeFetch, fakeSession, setup } from '../support/http'

/** The parts of the server this file uses (it is type-checked with the server, not with the app). */
interface ServerApp {
  inject(o: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }): Promise<{ statusCode: number; body: string; json<T = unknown>(): T }>
  close(): Promise<unknown>
  db: { selectFrom(t: 'push_subscriptions'): { select(c: string[]): { execute(): Promise<unknown[]> } } }
}
let app: ServerApp
let dir: string
let token: string

/** The little of a browser the subscribe path reads: storage, navigator, matchMedia, atob. */
function stubBrowser(): void {
  const store = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
    key: (i: number) => [...store.keys()][i] ?? null,
    get length() {
      return store.size
    },
    clear: () => store.clear(),
  })
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile', maxTouchPoints: 5, serviceWorker: {} })
  vi.stubGlobal('matchMedia', () => ({ matches: false }))
}

beforeEach(stubBrowser)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'habor-unit-push-'))
  // A path the app's type check does not follow: the server is compiled for Node, the app for the browser.
  const serverModule = '../../../server/app'
  const { build } = (await import(/* @vite-ignore */ serverModule)) as { build(o: object): Promise<ServerApp> }
  app = await build({ dataDir: dir, distDir: join(dir, 'none'), jwtSecret: 'unit-push-secret-unit-push-secret', push: { pollMs: 0 } })
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: '13800138000', password: 'Passw0rd!', deviceType: 'browser', deviceCode: 'unit', appId: 'jsj-habor' } })
  token = (login.json() as { data: { token: string } }).data.token
})
afterAll(async () => {
  await app.close()
  rmSync(dir, { recursive: true, force: true })
})

/** fetch answered by the real server. */
function serverFetch() {
  return fakeFetch(async (req) => {
    const res = await app.inject({ method: req.method, url: req.url, headers: req.headers, payload: typeof req.body === 'string' ? req.body : undefined })
    return { status: res.statusCode, body: res.body }
  })
}

const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'
const AUTH = 'tBHItJI5svbpez7KI4CCXg'

describe('subscribing', () => {
  it('asks permission, subscribes with the server’s own VAPID key and stores the subscription for this session', async () => {
    setup(fakeSession({ token }))
    serverFetch()
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => 'granted') })
    vi.stubGlobal('PushManager', function PushManager() {})
    const subscribe = vi.fn(async (o: { applicationServerKey: Uint8Array }) => ({
      options: { applicationServerKey: o.applicationServerKey.buffer },
      toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/unit-device', keys: { p256dh: P256DH, auth: AUTH } }),
      unsubscribe: vi.fn(),
    }))
    const registration = { pushManager: { getSubscription: vi.fn(async () => null), subscribe } } as unknown as ServiceWorkerRegistration

    expect(await enablePush(Promise.resolve(registration))).toBe('subscribed')

    const key = (await app.inject({ method: 'GET', url: '/api/push/key' })).json<{ data: { publicKey: string } }>().data.publicKey
    const sent = subscribe.mock.calls[0]![0] as unknown as { userVisibleOnly: boolean; applicationServerKey: Uint8Array }
    expect(sent.userVisibleOnly).toBe(true)
    expect([...sent.applicationServerKey]).toEqual([...Buffer.from(key, 'base64url')])
    expect(sent.applicationServerKey.length).toBe(65)
    expect(authState.pushClientId).toBe('https://fcm.googleapis.com/fcm/send/unit-device')
    const stored = await app.db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth', 'lang']).execute()
    expect(stored).toEqual([{ endpoint: 'https://fcm.googleapis.com/fcm/send/unit-device', p256dh: P256DH, auth: AUTH, lang: 'zh-Hans' }])
  })

  it('does nothing but say so when the student refuses permission', async () => {
    setup(fakeSession({ token }))
    const { calls } = serverFetch()
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => 'denied') })
    vi.stubGlobal('PushManager', function PushManager() {})
    const subscribe = vi.fn()
    expect(await enablePush(Promise.resolve({ pushManager: { getSubscription: vi.fn(), subscribe } } as unknown as ServiceWorkerRegistration))).toBe('denied')
    expect(subscribe).not.toHaveBeenCalled()
    expect(calls).toEqual([])
  })

  it('gives a push service that does not answer PUSH_SUBSCRIBE_TIMEOUT_MS: at 4999 ms still waiting, at 5000 ms not available', async () => {
    vi.useFakeTimers()
    try {
      let outcome = 'waiting'
      within(new Promise(() => undefined), PUSH_SUBSCRIBE_TIMEOUT_MS).catch(() => (outcome = 'timed out'))
      await vi.advanceTimersByTimeAsync(4999)
      expect(outcome).toBe('waiting')
      await vi.advanceTimersByTimeAsync(1)
      expect(outcome).toBe('timed out')
      expect(await within(Promise.resolve('ok'), PUSH_SUBSCRIBE_TIMEOUT_MS)).toBe('ok')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a push service that refuses (AbortError) makes Web Push not available here, not an error', async () => {
    setup(fakeSession({ token }))
    serverFetch()
    pushDevice.unavailable = false
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => 'granted') })
    vi.stubGlobal('PushManager', function PushManager() {})
    const subscribe = vi.fn(async () => {
      throw new DOMException('Registration failed - push service error', 'AbortError')
    })
    expect(await enablePush(Promise.resolve({ pushManager: { getSubscription: vi.fn(async () => null), subscribe } } as unknown as ServiceWorkerRegistration))).toBe('unavailable')
    expect(pushDevice.unavailable).toBe(true)
    expect(tipWanted({ starts: 2, dismissed: false, loggedIn: true, subscribed: false, support: 'ready', permission: 'granted', unavailable: true })).toBe(false)
  })

  it('decodes base64url keys with and without padding', () => {
    expect([...keyBytes('AQID')]).toEqual([1, 2, 3])
    expect([...keyBytes('_-8')]).toEqual([255, 239])
    expect([...keyBytes('_-8=')]).toEqual([255, 239])
  })
})

describe('where push works', () => {
  const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36'
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1'
  const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15'
  it.each([
    [android, 5, false, true, 'ready'],
    [iphone, 5, false, false, 'ios-home-screen'],
    [ipad, 5, false, false, 'ios-home-screen'],
    [ipad, 0, false, false, 'unsupported'],
    [iphone, 5, true, false, 'unsupported'],
    [iphone, 5, true, true, 'ready'],
    [android, 5, false, false, 'unsupported'],
  ] as const)('%#: %s → %s', (userAgent, maxTouchPoints, standalone, hasPush, expected) => {
    expect(pushSupport({ userAgent, maxTouchPoints, standalone, hasPush })).toBe(expected)
  })
})

describe('the notification tip', () => {
  const base = { starts: 2, dismissed: false, loggedIn: true, subscribed: false, support: 'ready', permission: 'default' } as const
  it('waits for the second start', () => {
    expect(tipWanted({ ...base, starts: 0 })).toBe(false)
    expect(tipWanted({ ...base, starts: 1 })).toBe(false)
    expect(tipWanted({ ...base, starts: 2 })).toBe(true)
    expect(tipWanted({ ...base, starts: 30 })).toBe(true)
  })
  it('never shows once closed, subscribed, refused, signed out or impossible', () => {
    expect(tipWanted({ ...base, dismissed: true })).toBe(false)
    expect(tipWanted({ ...base, subscribed: true })).toBe(false)
    expect(tipWanted({ ...base, permission: 'denied' })).toBe(false)
    expect(tipWanted({ ...base, permission: 'granted', subscribed: true })).toBe(false)
    expect(tipWanted({ ...base, loggedIn: false })).toBe(false)
    expect(tipWanted({ ...base, support: 'unsupported', permission: 'n/a' })).toBe(false)
  })
  it('still offers it when the browser allows notifications but this sign-in holds no subscription (a second start)', () => {
    expect(tipWanted({ ...base, permission: 'granted' })).toBe(true)
    expect(tipWanted({ ...base, permission: 'granted', starts: 1 })).toBe(false)
  })
  it('shows the home-screen way on iOS Safari', () => {
    expect(tipWanted({ ...base, support: 'ios-home-screen', permission: 'n/a' })).toBe(true)
    expect(tipWanted({ ...base, support: 'ios-home-screen', permission: 'n/a', starts: 1 })).toBe(false)
  })
})

describe('the service worker', () => {
  const origin = 'https://habor.example'
  it('shows only what this app sent: a known kind and an in-app path', () => {
    const data = (v: unknown) => ({ json: () => v })
    const good = { kind: 'task', title: 't', body: 'b', url: '/task?id=1', tag: 'task-1', session: 's-1', unread: 2 }
    expect(readPush(data(good))).toEqual(good)
    expect(readPush(data({ ...good, session: undefined }))).toBeNull()
    expect(readPush(data({ ...good, unread: -1 }))).toBeNull()
    expect(readPush(null)).toBeNull()
    expect(readPush({ json: () => JSON.parse('not json') as unknown })).toBeNull()
    expect(readPush(data({ ...good, url: '//evil.example/x' }))).toBeNull()
    expect(readPush(data({ ...good, url: 'https://evil.example/x' }))).toBeNull()
    expect(readPush(data({ ...good, kind: 'ad' }))).toBeNull()
  })

  it('shows a push only for the sign-in stored on this device, and none when nobody is signed in', () => {
    const m = { kind: 'task', title: 't', body: 'b', url: '/task?id=1', tag: 'task-1', session: 's-1' } as const
    expect(forThisSignIn(m, 's-1')).toBe(true)
    expect(forThisSignIn(m, 's-2')).toBe(false)
    expect(forThisSignIn(m, null)).toBe(false)
  })

  it('routes a click through an open window of the app, or opens one, and never leaves the app', async () => {
    const openWindow = vi.fn(async () => undefined)
    expect(await routeClick('/task?id=1', [], openWindow, origin)).toBe('opened')
    expect(openWindow).toHaveBeenCalledWith('/task?id=1')

    const win = { url: `${origin}/home`, focus: vi.fn(async () => undefined), postMessage: vi.fn() }
    const other = { url: 'https://elsewhere.example/', focus: vi.fn(async () => undefined), postMessage: vi.fn() }
    expect(await routeClick('/invite', [other, win], openWindow, origin)).toBe('focused')
    expect(win.focus).toHaveBeenCalled()
    expect(win.postMessage).toHaveBeenCalledWith({ type: 'push-open', url: '/invite' })
    expect(other.postMessage).not.toHaveBeenCalled()

    expect(await routeClick('https://evil.example/phish', [win], openWindow, origin)).toBe('ignored')
    expect(openWindow).toHaveBeenCalledTimes(1)
  })
})
