/** The prerendered pages' inline starter: the app starts after load and a painted frame, or at the first input. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startAfterPaint } from '../../../src/app/startAfterPaint'

const MODULES = ['/assets/index-a.js', '/assets/client-b.js', '/assets/Login-c.js']
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]

function pageState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state })
}

let load: ReturnType<typeof vi.fn<(url: string) => Promise<unknown>>>
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] })
  load = vi.fn<(url: string) => Promise<unknown>>(() => Promise.resolve())
  document.head.replaceChildren()
})
afterEach(() => {
  vi.useRealTimers()
  delete (document as { readyState?: unknown }).readyState
})

describe('startAfterPaint', () => {
  it('waits for the load event, then for a painted frame, then starts the app once', () => {
    pageState('loading')
    startAfterPaint('/assets/index-a.js', MODULES, load)
    vi.advanceTimersByTime(5000)
    expect(load).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('load'))
    expect(load).not.toHaveBeenCalled()
    vi.advanceTimersToNextFrame()
    vi.advanceTimersByTime(1)
    expect(load).toHaveBeenCalledTimes(1)
    expect(load).toHaveBeenCalledWith('/assets/index-a.js')
    vi.advanceTimersByTime(5000)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('asks for every module at once, as CORS module preloads', () => {
    pageState('complete')
    startAfterPaint('/assets/index-a.js', MODULES, load)
    expect(preloads()).toHaveLength(0)
    vi.advanceTimersToNextFrame()
    vi.advanceTimersByTime(1)
    expect(preloads().map((l) => new URL(l.href).pathname)).toEqual(MODULES)
    expect(preloads().every((l) => l.crossOrigin === '')).toBe(true)
  })

  it.each(['pointerdown', 'keydown', 'focusin'])('a %s before then starts it at once, and only once', (type) => {
    pageState('loading')
    startAfterPaint('/assets/index-a.js', MODULES, load)
    window.dispatchEvent(new Event(type))
    expect(load).toHaveBeenCalledTimes(1)
    window.dispatchEvent(new Event('load'))
    vi.advanceTimersToNextFrame()
    vi.advanceTimersByTime(1)
    window.dispatchEvent(new Event('pointerdown'))
    expect(load).toHaveBeenCalledTimes(1)
    expect(preloads()).toHaveLength(MODULES.length)
  })

  it('uses nothing from outside its own body, as the build copies its source into each page', () => {
    pageState('complete')
    // Rebuilt from its source text alone, as the inline script does, it still starts the app.
    const copy = new Function(`return (${startAfterPaint.toString()})`)() as typeof startAfterPaint
    copy('/assets/index-a.js', MODULES, load)
    vi.advanceTimersToNextFrame()
    vi.advanceTimersByTime(1)
    expect(load).toHaveBeenCalledWith('/assets/index-a.js')
  })
})
