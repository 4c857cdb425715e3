/**
 * The signed-in marker's store (start/lib/signedInMarker.ts) on a fake Cache Storage: the reader's
 * language kept beside the marker for the daily open's frames — written with the marker and when a
 * language is applied, read back as zh-Hans when missing or corrupt, removed with the marker; and the
 * app's language reaching it (state/lang.ts applyLang, state/session/machine.ts dispatch).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LANG_URL, MARKER_CACHE, MARKER_URL, readSignedIn, setFrameLang, setSignedInMarker } from '../../../../src/start/lib/signedInMarker'
import { setFrameRows } from '../../../../src/start/lib/homeRows'
import { appState, reset as resetApp } from '../../../../src/state/app'
import { authState } from '../../../../src/state/auth'
import { applyLang } from '../../../../src/state/lang'
import { dispatch, resetSession } from '../../../../src/state/session/machine'

/** Cache Storage as the page and the worker share it: named caches of URL → response. */
function fakeCaches() {
  const named = new Map<string, Map<string, Response>>()
  const cacheOf = (entries: Map<string, Response>) => ({
    put: async (url: string, response: Response) => void entries.set(url, response.clone()),
    match: async (url: string) => entries.get(url)?.clone(),
  })
  return {
    named,
    api: {
      has: async (name: string) => named.has(name),
      open: async (name: string) => {
        if (!named.has(name)) named.set(name, new Map())
        return cacheOf(named.get(name)!)
      },
      delete: async (name: string) => named.delete(name),
    },
  }
}

let caches: ReturnType<typeof fakeCaches>
beforeEach(() => {
  caches = fakeCaches()
  vi.stubGlobal('caches', caches.api)
})
afterEach(() => {
  vi.unstubAllGlobals()
  resetApp()
  resetSession()
})

/** Writes `body` as the kept language entry, as a corrupted or older store might hold it. */
async function keepLang(body: string): Promise<void> {
  await (await caches.api.open(MARKER_CACHE)).put(LANG_URL, new Response(body))
}

describe("the reader's language beside the signed-in marker", () => {
  it('is written with the marker and read back with it', async () => {
    await setSignedInMarker('42', 'en')
    expect(await readSignedIn()).toEqual({ account: '42', rows: null, lang: 'en' })
    await setSignedInMarker('42', 'zh-Hans')
    expect((await readSignedIn())?.lang).toBe('zh-Hans')
  })

  it('follows a language applied while someone is signed in', async () => {
    await setSignedInMarker('42', 'zh-Hans')
    await setFrameLang('en')
    expect(await readSignedIn()).toEqual({ account: '42', rows: null, lang: 'en' })
    await setFrameLang('zh-Hans')
    expect((await readSignedIn())?.lang).toBe('zh-Hans')
  })

  it('is not written while no one is signed in: the marker brings it', async () => {
    await setFrameLang('en')
    expect(caches.named.has(MARKER_CACHE)).toBe(false)
    expect(await readSignedIn()).toBeNull()
  })

  it.each([
    ['not JSON', '{lang'],
    ['a language we do not have', JSON.stringify({ lang: 'fr' })],
    ['not a string', JSON.stringify({ lang: 1 })],
    ['a bare string', JSON.stringify('en')],
    ['null', 'null'],
  ])('reads as zh-Hans when it is %s', async (_what, body) => {
    await setSignedInMarker('42', 'en')
    await keepLang(body)
    expect(await readSignedIn()).toEqual({ account: '42', rows: null, lang: 'zh-Hans' })
  })

  it('reads as zh-Hans when a marker has none (one written before languages were kept)', async () => {
    await (await caches.api.open(MARKER_CACHE)).put(MARKER_URL, new Response(JSON.stringify({ account: '42' })))
    expect(await readSignedIn()).toEqual({ account: '42', rows: null, lang: 'zh-Hans' })
  })

  it('is removed with the marker: the next account starts from its own language, not the last one', async () => {
    await setSignedInMarker('42', 'en')
    await setFrameRows('42', { reading: ['三体'], works: [], tasks: [] })
    await setSignedInMarker(null)
    expect(caches.named.has(MARKER_CACHE)).toBe(false)
    expect(await readSignedIn()).toBeNull()
    await setSignedInMarker('43')
    expect(await readSignedIn()).toEqual({ account: '43', rows: null, lang: 'zh-Hans' })
  })

  it('never throws: a store that refuses leaves no marker and no language', async () => {
    const refusing = { has: vi.fn(async () => true), open: vi.fn(async () => Promise.reject(new Error('blocked'))), delete: vi.fn(async () => Promise.reject(new Error('blocked'))) }
    vi.stubGlobal('caches', refusing)
    await expect(setSignedInMarker('42', 'en')).resolves.toBeUndefined()
    await expect(setFrameLang('en')).resolves.toBeUndefined()
    await expect(readSignedIn()).resolves.toBeNull()
    vi.stubGlobal('caches', undefined)
    await expect(setFrameLang('en')).resolves.toBeUndefined()
    await expect(readSignedIn()).resolves.toBeNull()
  })
})

describe("the app's language reaches the frames", () => {
  it('applyLang keeps the language it shows beside the marker', async () => {
    await setSignedInMarker('42', 'zh-Hans')
    applyLang('en')
    await vi.waitFor(async () => expect((await readSignedIn())?.lang).toBe('en'))
    expect(document.documentElement.lang).toBe('en')
    applyLang('zh-Hans')
    await vi.waitFor(async () => expect((await readSignedIn())?.lang).toBe('zh-Hans'))
  })

  it('the session machine sets the marker with the language the app shows', async () => {
    appState.lang = 'en'
    authState.userInfo = { id: '42' } as never
    dispatch({ type: 'restored', token: true, tempToken: false })
    dispatch({ type: 'profileIn' })
    await vi.waitFor(async () => expect(await readSignedIn()).toEqual({ account: '42', rows: null, lang: 'en' }))
  })
})
