/** The prerendered pages' inline starter: the app starts after load and the first paint's report (a painted frame where paints are not timed), or at the first input; Login's first chunk at that report. */
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

/** Frames drawn only when the test says so (`draw()`: one frame, its callbacks), as on a machine too busy to draw them. */
function frames() {
  let queue: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => queue.push(callback))
  const draw = () => {
    const now = queue
    queue = []
    for (const callback of now) callback(performance.now())
  }
  return { draw }
}

/**
 * A browser with paint timing. `paint()`: the first contentful paint has happened and is in the timeline;
 * `report()`: the task that reports it to the page's observers runs, in the order they began observing.
 */
function paintTiming() {
  let entries: PerformanceEntry[] = []
  const observers: Array<{ callback: PerformanceObserverCallback; observer: PerformanceObserver; on: boolean }> = []
  const entry = (observer: PerformanceObserver) => observers.find((o) => o.observer === observer)!
  vi.stubGlobal('PerformancePaintTiming', class {})
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(callback: PerformanceObserverCallback) {
        observers.push({ callback, observer: this as unknown as PerformanceObserver, on: false })
      }
      observe() {
        entry(this as unknown as PerformanceObserver).on = true
      }
      disconnect() {
        entry(this as unknown as PerformanceObserver).on = false
      }
    },
  )
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) => entries.filter((e) => e.name === name))
  /** A frame has reached the screen: by default a contentful one (both entries); `['first-paint']`, one with nothing contentful. */
  const paint = (names = ['first-paint', 'first-contentful-paint']) => {
    entries = names.map((name) => ({ name, entryType: 'paint' }) as PerformanceEntry)
  }
  const report = () => {
    const list = { getEntries: () => entries, getEntriesByName: (name: string) => entries.filter((e) => e.name === name), getEntriesByType: () => entries }
    for (const o of observers.filter((x) => x.on)) o.callback(list as unknown as PerformanceObserverEntryList, o.observer)
  }
  /** An observer of the page's that began observing before the starter (a password manager's). */
  const observeFirst = (callback: () => void) => new PerformanceObserver(callback).observe({ type: 'paint', buffered: true })
  return { paint, report, observeFirst }
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

  it('where the browser times paints, waits until the first contentful paint is reported, asking for no frame but the first', () => {
    pageState('complete')
    const { paint, report } = paintTiming()
    const frame = vi.spyOn(window, 'requestAnimationFrame')
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load)
    paint()
    for (let i = 0; i < 5; i++) frameThenTask()
    expect(load).not.toHaveBeenCalled()
    expect(preloads()).toHaveLength(0)
    report()
    expect(load).toHaveBeenCalledTimes(1)
    expect(frame).toHaveBeenCalledTimes(1)
  })

  it('does nothing between the paint and its report, and its work in that report after the observers before it', () => {
    pageState('complete')
    const { paint, report, observeFirst } = paintTiming()
    const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="manifest"]')].map((l) => l.rel)
    const seenByFirst: Array<{ links: string[]; loads: number }> = []
    observeFirst(() => seenByFirst.push({ links: links(), loads: load.mock.calls.length }))
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load, ['/assets/first-g.js'], '/manifest.webmanifest')
    // Painted, and frames drawn, but not yet reported to the page's observers.
    paint()
    for (let i = 0; i < 3; i++) frameThenTask()
    expect(links()).toEqual([])
    expect(load).not.toHaveBeenCalled()
    report()
    expect(seenByFirst).toEqual([{ links: [], loads: 0 }])
    expect(links()).toEqual(['manifest'])
    expect(load.mock.calls.map(([url]) => url)).toEqual(['/assets/first-g.js'])
  })

  it('goes on 500 ms after a first paint reported with nothing contentful in it', () => {
    pageState('complete')
    const { paint, report } = paintTiming()
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load)
    vi.advanceTimersToNextFrame()
    vi.advanceTimersByTime(300)
    paint(['first-paint'])
    report()
    vi.advanceTimersByTime(499)
    expect(load).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('with nothing reported 500 ms after its first frame, goes on only once two more frames have been drawn', () => {
    pageState('complete')
    paintTiming()
    const { draw } = frames()
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load)
    draw()
    vi.advanceTimersByTime(500)
    vi.advanceTimersByTime(5000)
    expect(load).not.toHaveBeenCalled()
    draw()
    expect(load).not.toHaveBeenCalled()
    draw()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('on a busy machine, a first frame reported only long after the wait still comes before the app: no timer starts it early', () => {
    pageState('complete')
    const { paint, report } = paintTiming()
    const { draw } = frames()
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load)
    draw()
    // The first frame reaches the screen 2 s after it was drawn; no other frame is drawn before it does.
    vi.advanceTimersByTime(2000)
    expect(load).not.toHaveBeenCalled()
    paint()
    report()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('a first paint with nothing contentful, reported while it counts frames, gets its own 500 ms', () => {
    pageState('complete')
    const { paint, report } = paintTiming()
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load)
    vi.advanceTimersToNextFrame()
    vi.advanceTimersByTime(500)
    vi.advanceTimersToNextFrame()
    paint(['first-paint'])
    report()
    for (let i = 0; i < 3; i++) vi.advanceTimersToNextFrame()
    vi.advanceTimersByTime(400)
    expect(load).not.toHaveBeenCalled()
    vi.advanceTimersByTime(100)
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
    expect(load.mock.calls.map(([url]) => url)).toEqual(['/assets/first-g.js'])
    await Promise.resolve()
    vi.advanceTimersByTime(5000)
    expect(load.mock.calls.map(([url]) => url)).toEqual(['/assets/first-g.js'])
    expect(preloads()).toHaveLength(0)
    window.dispatchEvent(new Event('load'))
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
    expect(manifests()).toEqual(['/manifest.webmanifest'])
    expect(load).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('load'))
    expect(load).toHaveBeenCalledWith('/assets/index-a.js')
    expect(manifests()).toEqual(['/manifest.webmanifest'])
  })

  it("puts the page's icon in place of the empty one once the app's logic has loaded, not before", async () => {
    pageState('loading')
    const { paint, report } = paintTiming()
    document.head.innerHTML = '<link rel="icon" href="data:,">'
    const icon = 'data:image/svg+xml,%3Csvg%2F%3E'
    let loaded: () => void = () => {}
    load.mockImplementation((url) => (url === '/assets/index-a.js' ? new Promise<void>((resolve) => (loaded = resolve)) : Promise.resolve()))
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load, ['/assets/first-g.js'], '/manifest.webmanifest', {}, icon)
    const icons = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].map((l) => [l.getAttribute('href'), l.type])
    paint()
    report()
    window.dispatchEvent(new Event('load'))
    await vi.waitFor(() => expect(load).toHaveBeenCalledWith('/assets/index-a.js'))
    expect(icons()).toEqual([['data:,', '']])
    loaded()
    await vi.waitFor(() => expect(icons()).toEqual([[icon, 'image/svg+xml']]))
  })

  it('links no icon on a page that has its own', async () => {
    pageState('complete')
    document.head.innerHTML = '<link rel="icon" href="/favicon.ico">'
    startAfterPaint('/assets/index-a.js', MODULES, VIEW, load, [], '', {}, 'data:image/svg+xml,%3Csvg%2F%3E')
    frameThenTask()
    await vi.waitFor(() => expect(load).toHaveBeenCalledWith('/assets/index-a.js'))
    await Promise.resolve()
    expect([...document.head.querySelectorAll('link[rel="icon"]')].map((l) => l.getAttribute('href'))).toEqual(['/favicon.ico'])
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
