/** Settings' cache: what clearing removes (runtime caches, non-session storage) and what it keeps. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { read, write } from '../../../../src/lib/storage'
import { cacheSize, clearCache } from '../../../../src/pages/Settings/cache'

function fakeCaches(names: string[]) {
  const left = new Set(names)
  return {
    left,
    api: {
      keys: vi.fn(async () => [...left]),
      delete: vi.fn(async (name: string) => left.delete(name)),
    },
  }
}

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

describe('clearCache', () => {
  it('deletes the runtime caches but not the precache, and the storage outside the session', async () => {
    const caches = fakeCaches(['workbox-precache-v2-http://x/', 'habor-content', 'habor-images', 'habor-code'])
    vi.stubGlobal('caches', caches.api)
    write('token', 't')
    write('refreshToken', 'r')
    write('deviceCode', 'd')
    write('lang', 'en')
    write('lastPhone', '13800138000')
    write('drafts', { 'motherday.message': 'hi' })
    write('smsCountdown', 5)

    expect(await clearCache()).toBe(3)
    expect([...caches.left]).toEqual(['workbox-precache-v2-http://x/'])
    expect([read('token'), read('refreshToken'), read('deviceCode'), read('lang')]).toEqual(['t', 'r', 'd', 'en'])
    expect([read('lastPhone'), read('drafts'), read('smsCountdown')]).toEqual([undefined, undefined, undefined])
  })

  it('still clears storage where Cache Storage does not exist', async () => {
    vi.stubGlobal('caches', undefined)
    write('lastPhone', '13800138000')
    expect(await clearCache()).toBe(0)
    expect(read('lastPhone')).toBeUndefined()
  })
})

describe('cacheSize', () => {
  it("reports the origin's usage, or 0 when the browser cannot tell", async () => {
    const estimate = vi.fn(async () => ({ usage: 4096, quota: 1e9 }))
    vi.stubGlobal('navigator', { ...navigator, storage: { estimate } })
    expect(await cacheSize()).toBe(4096)
    estimate.mockRejectedValueOnce(new Error('denied'))
    expect(await cacheSize()).toBe(0)
    vi.stubGlobal('navigator', { ...navigator, storage: undefined })
    expect(await cacheSize()).toBe(0)
  })
})
