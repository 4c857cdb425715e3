/** The prerendered pages' inline starter: the app starts after load and the first paint's report (a painted frame where paints are not timed), or at the first input; Login's first chunk after that report. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startAfterPaint } from '../../../src/start/startAfterPaint'
import { onTapHeld, preloadView, releaseTap } from '../../../src/start/lib/prestart'

const MODULES = ['/assets/index-a.js', '/assets/start-b.js', '/assets/codec-c.js']
const VIEW = ['/assets/client-d.js', '/assets/view-e.js', '/assets/Login-f.js']
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]

function pageState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state })
}

/** One animation frame, then the task the starter queues from it. */
function frameThenTask() {
  vi.advanceTimersToNextFrame()
  vi.advanceTimersByTime(1)
}

/**
 * A browser with paint timing. `paint()`: the first contentful paint has happened and is in the timeline;
 * `report()`: the task that reports it to the page's observers runs (the page's own observers first).
 */
function paintTiming() {
  let entries: PerformanceEntry[] = []
  const observers: Array<{ callback: PerformanceObserverCallback; observer: PerformanceObserver; on: boolean }> = []
  vi.stubGlobal('PerformancePaintTiming', class {})
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(callback: PerformanceObserverCallback) {
        observers.push({ callback, observer: this as unknown as PerformanceObserver, on: false })
      }
      observe() {
        observers.find((o) => o.observer === (this as unknown as PerformanceObserver))!.on = true
      }
      disconnect() {
        observers.find((o) => o.observer === (this as unknown as PerformanceObserver))!.on = false
      }
    },
  )
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) => (name === 'first-contentful-paint' ? entries : []))
  const paint = () => {
    entries = [{ name: 'first-contentful-paint', entryType: 'paint' } as PerformanceEntry]
  }
  const report = () => {
    const list = { getEntries: () => entries, getEntriesByName: (name: string) => entries.filter((e) => e.name === name), getEntriesByType: () => entries }
    for (const o of observers.filter((x) => x.on)) o.callback(list as unknown as PerformanceObserverEntryList, o.observer)
  }
  return { paint, report }
}

let load: ReturnType<typeof vi.fn<(url: string) => Promise<unknown>>>
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] })
  load = vi.fn<(url: string) => Promise<unknown>>(() => Promise.resolve())
  document.head.replaceChildren()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  delete (document as { readyState?: unknown }).readyState
})

describe('startAfterPaint', () => {
  it('waits for the load event, then for a painted frame, then starts the app once', () => {
    pageState('loading')
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load)
    vi.advanceTimersByTime(5000)
    expect(load).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('load'))
    expect(load).not.toHaveBeenCalled()
    frameThenTask()
    expect(load).toHaveBeenCalledTimes(1)
    expect(load).toHaveBeenCalledWith('/assets/index-a.js')
    vi.advanceTimersByTime(5000)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('where the browser times paints, waits until the first contentful paint is reported, asking for no frame', () => {
    pageState('complete')
    const { paint, report } = paintTiming()
    const frame = vi.spyOn(window, 'requestAnimationFrame')
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load)
    paint()
    for (let i = 0; i < 5; i++) frameThenTask()
    expect(load).not.toHaveBeenCalled()
    expect(preloads()).toHaveLength(0)
    report()
    vi.advanceTimersByTime(1)
    expect(load).toHaveBeenCalledTimes(1)
    expect(frame).not.toHaveBeenCalled()
  })

  it('adds no link and imports nothing before the first paint is reported, nor in the task that reports it', () => {
    pageState('complete')
    const { paint, report } = paintTiming()
    const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="manifest"]')].map((l) => l.rel)
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load, ['/assets/first-g.js'], '/manifest.webmanifest')
    // Painted, and a frame or two drawn, but not yet reported to the page: a password manager fills the
    // form in the task that reports it, and nothing of the starter may run before that task.
    paint()
    for (let i = 0; i < 3; i++) frameThenTask()
    expect(links()).toEqual([])
    expect(load).not.toHaveBeenCalled()
    report()
    expect(links()).toEqual([])
    expect(load).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(links()).toContain('manifest')
    expect(load).toHaveBeenCalledWith('/assets/first-g.js')
  })

  it('goes on after a second if no paint is ever reported (a page opened behind another)', () => {
    pageState('complete')
    paintTiming()
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load)
    vi.advanceTimersByTime(999)
    expect(load).not.toHaveBeenCalled()
    vi.advanceTimersByTime(2)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("asks for the logic's modules at once, as CORS module preloads, and the view's only when the logic asks", () => {
    pageState('complete')
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load)
    expect(preloads()).toHaveLength(0)
    frameThenTask()
    expect(preloads().map((l) => new URL(l.href).pathname)).toEqual(MODULES)
    expect(preloads().every((l) => l.crossOrigin === '')).toBe(true)
    preloadView()
    expect(preloads().map((l) => new URL(l.href).pathname)).toEqual([...MODULES, ...VIEW])
  })

  it('imports the chunks to run first alone, and asks for the logic once they have run', async () => {
    pageState('complete')
    let loaded: () => void = () => {}
    load.mockImplementation((url) => (url === '/assets/first-g.js' ? new Promise<void>((resolve) => (loaded = resolve)) : Promise.resolve()))
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load, ['/assets/first-g.js'])
    frameThenTask()
    expect(load.mock.calls.map(([url]) => url)).toEqual(['/assets/first-g.js'])
    expect(preloads()).toHaveLength(0)
    loaded()
    await vi.waitFor(() => expect(load.mock.calls.map(([url]) => url)).toEqual(['/assets/first-g.js', '/assets/index-a.js']))
    expect(preloads().map((l) => new URL(l.href).pathname)).toEqual(MODULES)
  })

  it('asks for the chunks to run first once the first paint is reported, without waiting for the load event; the logic still waits for it', async () => {
    pageState('loading')
    const { paint, report } = paintTiming()
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load, ['/assets/first-g.js'])
    frameThenTask()
    expect(load).not.toHaveBeenCalled()
    paint()
    report()
    vi.advanceTimersByTime(1)
    expect(load.mock.calls.map(([url]) => url)).toEqual(['/assets/first-g.js'])
    await Promise.resolve()
    vi.advanceTimersByTime(5000)
    expect(load.mock.calls.map(([url]) => url)).toEqual(['/assets/first-g.js'])
    expect(preloads()).toHaveLength(0)
    window.dispatchEvent(new Event('load'))
    frameThenTask()
    // Imported once: the start after load finds them asked for already.
    await vi.waitFor(() => expect(load.mock.calls.map(([url]) => url)).toEqual(['/assets/first-g.js', '/assets/index-a.js']))
  })

  it('links the web app manifest once the first paint is reported, before the load event, and only once', () => {
    pageState('loading')
    const { paint, report } = paintTiming()
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load, [], '/manifest.webmanifest')
    const manifests = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]')].map((l) => l.getAttribute('href'))
    frameThenTask()
    expect(manifests()).toEqual([])
    paint()
    report()
    vi.advanceTimersByTime(1)
    expect(manifests()).toEqual(['/manifest.webmanifest'])
    expect(load).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('load'))
    frameThenTask()
    expect(load).toHaveBeenCalledWith('/assets/index-a.js')
    expect(manifests()).toEqual(['/manifest.webmanifest'])
  })

  it('asks for the logic even when a chunk to run first fails to load', async () => {
    pageState('complete')
    load.mockImplementation((url) => (url === '/assets/first-g.js' ? Promise.reject(new Error('offline')) : Promise.resolve()))
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load, ['/assets/first-g.js'])
    frameThenTask()
    await vi.waitFor(() => expect(load).toHaveBeenCalledWith('/assets/index-a.js'))
  })

  it('holds a tap on a marked control, shows it busy once, and tells the logic each time', () => {
    pageState('loading')
    document.body.innerHTML = '<button data-prestart="login">登录</button>'
    const button = document.querySelector('button')!
    const told = vi.fn()
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load)
    const keys: string[] = []
    onTapHeld((key) => {
      told()
      keys.push(key)
    })
    button.click()
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(keys).toEqual(['login'])
    // The logic carried it out: the page will not, and a second tap is told again.
    releaseTap('login')
    button.click()
    expect(keys).toEqual(['login', 'login'])
    // The tap starts the app, in the next task.
    expect(load).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(load).toHaveBeenCalledTimes(1)
    document.documentElement.setAttribute('data-started', '')
    button.click()
    expect(told).toHaveBeenCalledTimes(2)
    document.documentElement.removeAttribute('data-started')
    document.body.replaceChildren()
  })

  it('when the app does not load (a Wi-Fi sign-in page answers with HTML): ends the held tap, says so, and tries again every 3 s and at a tap until it loads', async () => {
    pageState('loading')
    document.body.innerHTML = '<button data-prestart="login">登录</button>'
    const button = document.querySelector('button')!
    const texts = { 'zh-Hans': { portal: '当前 Wi-Fi 需要先登录认证才能上网，认证后再试一次', cutOff: '连不上服务器', open: '打开认证页面' }, en: { portal: 'Wi-Fi', cutOff: 'Cut off', open: 'Open' } }
    const fetchSpy = vi.fn(async () => new Response('<html>portal</html>', { headers: { 'content-type': 'text/html' } }))
    vi.stubGlobal('fetch', fetchSpy)
    let portal = true
    load.mockImplementation(() => (portal ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve()))
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load, [], '', texts)
    button.click()
    expect(button.getAttribute('aria-busy')).toBe('true')
    vi.advanceTimersByTime(0)
    const note = () => document.querySelector('[role="alert"]')
    // Promises only, no timer (vi.waitFor would move the fake clock).
    const settle = async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve()
    }
    await settle()
    expect(note()?.textContent).toContain('当前 Wi-Fi 需要先登录认证才能上网')
    expect(fetchSpy).toHaveBeenCalledWith('/assets/index-a.js', expect.objectContaining({ redirect: 'manual' }))
    // The held tap ends: 登录 is not busy any more, and nothing is left for the page to carry out.
    expect(button.hasAttribute('aria-busy')).toBe(false)
    expect(window.__prestart).toEqual([])
    expect(note()?.querySelector('a')?.getAttribute('href')).toBe('/download?wifi=1')
    expect(load).toHaveBeenCalledTimes(1)
    // Tried again at 3 s, not before.
    vi.advanceTimersByTime(2999)
    expect(load).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(load).toHaveBeenCalledTimes(2)
    await settle()
    expect(button.hasAttribute('aria-busy')).toBe(false)
    // The Wi-Fi is signed in to: a tap tries at once, the app loads and the note goes.
    portal = false
    button.click()
    expect(load).toHaveBeenCalledTimes(3)
    await settle()
    expect(note()).toBeNull()
    document.body.replaceChildren()
  })

  it.each(['pointerdown', 'keydown', 'focusin'])('a %s before then starts it in the next task, and only once', (type) => {
    pageState('loading')
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load)
    window.dispatchEvent(new Event(type))
    // Not in the input's own task: that one ends first.
    expect(load).not.toHaveBeenCalled()
    expect(preloads()).toHaveLength(0)
    window.dispatchEvent(new Event(type))
    vi.advanceTimersByTime(0)
    expect(load).toHaveBeenCalledTimes(1)
    window.dispatchEvent(new Event('load'))
    frameThenTask()
    window.dispatchEvent(new Event('pointerdown'))
    vi.advanceTimersByTime(0)
    expect(load).toHaveBeenCalledTimes(1)
    expect(preloads()).toHaveLength(MODULES.length)
  })

  it('uses nothing from outside its own body, as the build copies its source into each page', () => {
    pageState('complete')
    // Rebuilt from its source text alone, as the inline script does, it still starts the app.
    const copy = new Function(`return (${startAfterPaint.toString()})`)() as typeof startAfterPaint
    copy('/assets/index-a.js', MODULES, VIEW, load)
    frameThenTask()
    expect(load).toHaveBeenCalledWith('/assets/index-a.js')
  })
})
