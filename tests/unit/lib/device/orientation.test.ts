import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ORIENTATION_DELAY_MS,
  applyOrientation,
  createOrientationQueue,
  dismissRotateHint,
  getRotateHint,
  lockFor,
  resetOrientation,
  shouldApply,
  type LockTarget,
} from '../../../../src/lib/device/orientation'
import { initStorage, read } from '../../../../src/lib/storage'

describe('lockFor', () => {
  it.each([
    ['portrait', 'portrait', null],
    ['portrait', 'landscape', 'portrait-primary'],
    ['landscape', 'portrait', 'landscape-primary'],
    ['landscape', 'landscape', null],
    ['auto', 'portrait', null],
    ['auto', 'landscape', null],
  ] as const)('declared %s, current %s → %s', (declared, current, expected) => {
    expect(lockFor(declared, current)).toBe(expected)
  })
})

describe('shouldApply (docs/product.md "Pages": when the app is loaded or the user is logged in)', () => {
  it.each([
    [false, false, false],
    [true, false, true],
    [false, true, true],
    [true, true, true],
  ])('loaded %s, loggedIn %s → %s', (loaded, loggedIn, expected) => {
    expect(shouldApply({ loaded, loggedIn })).toBe(expected)
  })
})

function deferred() {
  let resolve!: () => void
  let reject!: (e: unknown) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('the orientation queue', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('locks nothing at 49 ms and locks at 50 ms', async () => {
    const lock = vi.fn(() => Promise.resolve())
    const queue = createOrientationQueue({ lock, onFailed: vi.fn() })
    queue.request('landscape-primary')
    await vi.advanceTimersByTimeAsync(ORIENTATION_DELAY_MS - 1)
    expect(lock).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(lock).toHaveBeenCalledExactlyOnceWith('landscape-primary')
  })

  it('handles one change at a time: the next waits for the lock in flight, then its own 50 ms', async () => {
    const first = deferred()
    const calls: LockTarget[] = []
    const lock = vi.fn((t: LockTarget) => {
      calls.push(t)
      return calls.length === 1 ? first.promise : Promise.resolve()
    })
    const queue = createOrientationQueue({ lock, onFailed: vi.fn() })
    queue.request('landscape-primary')
    queue.request('portrait-primary')
    expect(queue.size()).toBe(2)
    await vi.advanceTimersByTimeAsync(50)
    expect(calls).toEqual(['landscape-primary'])
    await vi.advanceTimersByTimeAsync(500)
    expect(calls).toEqual(['landscape-primary'])
    first.resolve()
    await vi.advanceTimersByTimeAsync(49)
    expect(calls).toEqual(['landscape-primary'])
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toEqual(['landscape-primary', 'portrait-primary'])
    await vi.advanceTimersByTimeAsync(0)
    expect(queue.size()).toBe(0)
  })

  it('drops a request equal to the last one waiting', async () => {
    const lock = vi.fn(() => Promise.resolve())
    const queue = createOrientationQueue({ lock, onFailed: vi.fn() })
    queue.request('portrait-primary')
    queue.request('portrait-primary')
    await vi.advanceTimersByTimeAsync(200)
    expect(lock).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['rejects', () => Promise.reject(new DOMException('not fullscreen', 'NotSupportedError'))],
    [
      'throws',
      () => {
        throw new TypeError('lock is not a function')
      },
    ],
  ])('a lock that %s reports the failure and the queue goes on', async (_how, failing) => {
    const onFailed = vi.fn()
    const lock = vi.fn<(t: LockTarget) => Promise<void>>(failing)
    const queue = createOrientationQueue({ lock, onFailed })
    queue.request('landscape-primary')
    queue.request('portrait-primary')
    await vi.advanceTimersByTimeAsync(50)
    expect(onFailed).toHaveBeenCalledTimes(1)
    expect(onFailed.mock.calls[0]?.[0]).toBe('landscape-primary')
    await vi.advanceTimersByTimeAsync(50)
    expect(onFailed).toHaveBeenCalledTimes(2)
    expect(onFailed.mock.calls[1]?.[0]).toBe('portrait-primary')
  })

  it('clear() cancels what has not started', async () => {
    const lock = vi.fn(() => Promise.resolve())
    const queue = createOrientationQueue({ lock, onFailed: vi.fn() })
    queue.request('landscape-primary')
    await vi.advanceTimersByTimeAsync(20)
    queue.clear()
    await vi.advanceTimersByTimeAsync(200)
    expect(lock).not.toHaveBeenCalled()
    expect(queue.size()).toBe(0)
  })
})

describe('applyOrientation and the rotate hint', () => {
  const loaded = { loaded: true, loggedIn: false, handheld: true }
  beforeEach(() => {
    vi.useFakeTimers()
    resetOrientation()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
    resetOrientation()
  })

  it('a mismatch raises the hint with the page; a failed lock at 50 ms keeps it, without an unhandled rejection', async () => {
    const lock = vi.fn(() => Promise.reject(new Error('not fullscreen')))
    vi.stubGlobal('screen', { orientation: { lock } })
    applyOrientation('landscape', 'portrait', loaded)
    expect(getRotateHint()).toEqual({ wanted: 'landscape', dismissed: false })
    await vi.advanceTimersByTimeAsync(49)
    expect(lock).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(lock).toHaveBeenCalledTimes(1)
    expect(getRotateHint()).toEqual({ wanted: 'landscape', dismissed: false })
  })

  it('no lock function at all (iOS Safari) raises the hint too', async () => {
    vi.stubGlobal('screen', { orientation: {} })
    applyOrientation('portrait', 'landscape', { loaded: false, loggedIn: true, handheld: true })
    await vi.advanceTimersByTimeAsync(50)
    expect(getRotateHint().wanted).toBe('portrait')
  })

  it('in fullscreen, where a lock can work, the hint waits for the lock to fail', async () => {
    vi.stubGlobal('screen', { orientation: { lock: () => Promise.reject(new Error('refused')) } })
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(display-mode: standalone)' }))
    applyOrientation('landscape', 'portrait', loaded)
    expect(getRotateHint().wanted).toBeNull()
    await vi.advanceTimersByTimeAsync(50)
    expect(getRotateHint()).toEqual({ wanted: 'landscape', dismissed: false })
  })

  it('a successful lock takes the hint away', async () => {
    const lock = vi.fn(() => Promise.resolve())
    vi.stubGlobal('screen', { orientation: { lock } })
    applyOrientation('landscape', 'portrait', loaded)
    await vi.advanceTimersByTimeAsync(50)
    expect(lock).toHaveBeenCalledWith('landscape-primary')
    expect(getRotateHint().wanted).toBeNull()
  })

  it('does nothing before the app is loaded when logged out, on a desktop, on a match or on auto', async () => {
    const lock = vi.fn(() => Promise.resolve())
    vi.stubGlobal('screen', { orientation: { lock } })
    applyOrientation('landscape', 'portrait', { loaded: false, loggedIn: false, handheld: true })
    applyOrientation('landscape', 'portrait', { loaded: true, loggedIn: true, handheld: false })
    applyOrientation('portrait', 'portrait', loaded)
    applyOrientation('auto', 'landscape', loaded)
    await vi.advanceTimersByTimeAsync(500)
    expect(lock).not.toHaveBeenCalled()
  })

  it('the hint can be dismissed, and the next page clears it', async () => {
    vi.stubGlobal('screen', { orientation: {} })
    applyOrientation('landscape', 'portrait', loaded)
    await vi.advanceTimersByTimeAsync(50)
    dismissRotateHint()
    expect(getRotateHint()).toEqual({ wanted: 'landscape', dismissed: true })
    applyOrientation('portrait', 'portrait', loaded)
    expect(getRotateHint()).toEqual({ wanted: null, dismissed: false })
  })

  it('a closed hint stays closed on later visits, for that orientation only', async () => {
    await initStorage()
    localStorage.clear()
    vi.stubGlobal('screen', { orientation: {} })
    applyOrientation('landscape', 'portrait', loaded)
    await vi.advanceTimersByTimeAsync(50)
    dismissRotateHint()
    expect(read('rotateHintDismissed')).toEqual(['landscape'])
    applyOrientation('landscape', 'portrait', loaded)
    await vi.advanceTimersByTimeAsync(50)
    expect(getRotateHint()).toEqual({ wanted: 'landscape', dismissed: true })
    applyOrientation('portrait', 'landscape', loaded)
    await vi.advanceTimersByTimeAsync(50)
    expect(getRotateHint()).toEqual({ wanted: 'portrait', dismissed: false })
    localStorage.clear()
  })

  it("a late failure of the previous page's lock raises no hint on the next page", async () => {
    const pending = deferred()
    vi.stubGlobal('screen', { orientation: { lock: () => pending.promise } })
    applyOrientation('landscape', 'portrait', loaded)
    await vi.advanceTimersByTimeAsync(50)
    applyOrientation('portrait', 'portrait', loaded)
    pending.reject(new Error('not fullscreen'))
    await vi.advanceTimersByTimeAsync(100)
    expect(getRotateHint().wanted).toBeNull()
  })
})
