// @vitest-environment node
/** Work deferred until the first page has rendered and the browser is idle (the service worker's install). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterFirstPage, FIRST_PAGE_WAIT_MS, IDLE_WAIT_MS, onFirstPage } from '../../../src/start/afterFirstPage'
import { FIRST_PAGE_LIVE_WAIT_MS } from '../../../src/app/network'
import { reset, setLoaded } from '../../../src/state/app'

/** valtio tells subscribers in a microtask. */
const settle = () => vi.advanceTimersByTimeAsync(0)

let idle: { cb: () => void; timeout?: number }[]
beforeEach(() => {
  vi.useFakeTimers()
  reset()
  idle = []
  vi.stubGlobal('requestIdleCallback', (cb: () => void, opts?: { timeout?: number }) => idle.push({ cb, timeout: opts?.timeout }))
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('afterFirstPage', () => {
  it('waits for the first page, then for an idle moment, and runs once', async () => {
    const run = vi.fn()
    afterFirstPage(run)
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS - 1)
    expect(idle).toHaveLength(0)
    expect(run).not.toHaveBeenCalled()
    setLoaded(true)
    await settle()
    expect(run).not.toHaveBeenCalled()
    expect(idle).toHaveLength(1)
    expect(idle[0]!.timeout).toBe(IDLE_WAIT_MS)
    idle[0]!.cb()
    expect(run).toHaveBeenCalledTimes(1)
    // Neither later changes nor the fallback run it again.
    setLoaded(false)
    setLoaded(true)
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS)
    for (const i of idle) i.cb()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('asks for an idle moment at once when a page is already there', async () => {
    setLoaded(true)
    await settle()
    const run = vi.fn()
    afterFirstPage(run)
    expect(idle).toHaveLength(1)
    idle[0]!.cb()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('runs anyway once the first page has taken 10 s: nothing at 9999 ms, the work at 10000 ms', async () => {
    const run = vi.fn()
    afterFirstPage(run)
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS - 1)
    expect(run).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(1)
    setLoaded(true)
    await settle()
    for (const i of idle) i.cb()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('without requestIdleCallback (Safari), runs in the next task after the page', async () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    const run = vi.fn()
    afterFirstPage(run)
    setLoaded(true)
    await settle()
    expect(run).toHaveBeenCalledTimes(1)
  })
})

describe('onFirstPage (the live channel waits for it)', () => {
  it('runs once the first page is there, without waiting for an idle moment, and only once', async () => {
    const run = vi.fn()
    onFirstPage(run, FIRST_PAGE_LIVE_WAIT_MS)
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_LIVE_WAIT_MS - 1)
    expect(run).not.toHaveBeenCalled()
    setLoaded(true)
    await settle()
    expect(run).toHaveBeenCalledTimes(1)
    expect(idle).toHaveLength(0)
    setLoaded(false)
    setLoaded(true)
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_LIVE_WAIT_MS)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it(`runs after ${FIRST_PAGE_LIVE_WAIT_MS} ms when no page ever renders, not a moment before`, async () => {
    const run = vi.fn()
    onFirstPage(run, FIRST_PAGE_LIVE_WAIT_MS)
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_LIVE_WAIT_MS - 1)
    expect(run).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('runs at once when the page is there already', () => {
    setLoaded(true)
    const run = vi.fn()
    onFirstPage(run, FIRST_PAGE_LIVE_WAIT_MS)
    expect(run).toHaveBeenCalledTimes(1)
  })
})
