// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  IDLE,
  PULL_FALLBACK_MS,
  PULL_REST,
  PULL_THRESHOLD,
  createPullController,
  damp,
  pullReducer,
  type PullEvent,
  type PullState,
} from '../../../../src/ui/PullRefresh/pullRefresh'

const at = (status: PullState['status'], distance = 0): PullState => ({ status, distance })
const moved = (distance: number): PullEvent => ({ type: 'moved', distance })
const released: PullEvent = { type: 'released' }
const ended: PullEvent = { type: 'transition-ended' }
const fallback: PullEvent = { type: 'fallback-elapsed' }
const stopped: PullEvent = { type: 'refresh-stopped' }

describe('pullReducer: every transition of docs/product.md', () => {
  it.each<[string, PullState, PullEvent, PullState]>([
    ['idle → pulling on a pull', IDLE, moved(10), at('pulling', 10)],
    ['idle stays idle on no pull', IDLE, moved(0), IDLE],
    ['pulling follows the finger', at('pulling', 10), moved(44), at('pulling', 44)],
    ['pulling → reached at the threshold 45', at('pulling', 44), moved(45), at('reached', 45)],
    ['reached → pulling back under the threshold', at('reached', 50), moved(44.9), at('pulling', 44.9)],
    ['pulling → idle when pushed back to 0', at('pulling', 10), moved(0), IDLE],
    ['pulling → aborting on release (released early)', at('pulling', 30), released, at('aborting', 0)],
    ['reached → refreshing on release', at('reached', 60), released, at('refreshing', PULL_REST)],
    ['aborting → idle on transitionend', at('aborting'), ended, IDLE],
    ['aborting → idle on the fallback', at('aborting'), fallback, IDLE],
    ['aborting ignores a new pull', at('aborting'), moved(20), at('aborting')],
    ['refreshing ignores pulls and releases', at('refreshing', PULL_REST), moved(80), at('refreshing', PULL_REST)],
    ['refreshing ignores transitionend', at('refreshing', PULL_REST), ended, at('refreshing', PULL_REST)],
    ['refreshing → restoring on stop', at('refreshing', PULL_REST), stopped, at('restoring', 0)],
    ['restoring → idle on transitionend', at('restoring'), ended, IDLE],
    ['restoring → idle on the fallback', at('restoring'), fallback, IDLE],
    ['restoring ignores a new pull', at('restoring'), moved(20), at('restoring')],
    ['idle ignores a release', IDLE, released, IDLE],
    ['idle ignores a stray stop', IDLE, stopped, IDLE],
  ])('%s', (_name, state, event, expected) => {
    expect(pullReducer(state, event)).toEqual(expected)
  })
})

describe('damp', () => {
  it.each([
    [-20, 0],
    [0, 0],
    [60, 30],
    [90, PULL_THRESHOLD],
    [190, PULL_THRESHOLD + 25],
  ])('a finger move of %s px shows %s px', (dy, shown) => {
    expect(damp(dy)).toBe(shown)
  })
})

describe('createPullController', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function setup(onRefresh: () => Promise<void> = () => Promise.resolve()) {
    const seen: PullState['status'][] = []
    const refresh = vi.fn(onRefresh)
    const c = createPullController(refresh, (s) => seen.push(s.status))
    return { c, seen, refresh }
  }

  it('aborting falls back to idle at 350 ms when transitionend never fires, not at 349', async () => {
    const { c } = setup()
    c.dispatch(moved(20))
    c.dispatch(released)
    expect(c.get().status).toBe('aborting')
    await vi.advanceTimersByTimeAsync(PULL_FALLBACK_MS - 1)
    expect(c.get().status).toBe('aborting')
    await vi.advanceTimersByTimeAsync(1)
    expect(c.get()).toEqual(IDLE)
  })

  it('transitionend ends aborting early and the fallback then changes nothing', async () => {
    const { c, seen } = setup()
    c.dispatch(moved(20))
    c.dispatch(released)
    await vi.advanceTimersByTimeAsync(250)
    c.dispatch(ended)
    expect(c.get()).toEqual(IDLE)
    c.dispatch(moved(10))
    await vi.advanceTimersByTimeAsync(PULL_FALLBACK_MS)
    expect(c.get().status).toBe('pulling')
    expect(seen).toEqual(['pulling', 'aborting', 'idle', 'pulling'])
  })

  it('release past the threshold fires the hook once; its end restores, then idle at 350 ms', async () => {
    let finish!: () => void
    const { c, seen, refresh } = setup(() => new Promise<void>((r) => (finish = r)))
    c.dispatch(moved(30))
    c.dispatch(moved(50))
    c.dispatch(released)
    expect(refresh).toHaveBeenCalledTimes(1)
    c.dispatch(released)
    c.dispatch(moved(70))
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(5000)
    expect(c.get().status).toBe('refreshing')
    finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(c.get().status).toBe('restoring')
    await vi.advanceTimersByTimeAsync(PULL_FALLBACK_MS - 1)
    expect(c.get().status).toBe('restoring')
    await vi.advanceTimersByTimeAsync(1)
    expect(seen).toEqual(['pulling', 'reached', 'refreshing', 'restoring', 'idle'])
  })

  it('a failing hook still stops the refresh', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { c } = setup(() => Promise.reject(new Error('offline')))
    c.dispatch(moved(60))
    c.dispatch(released)
    await vi.advanceTimersByTimeAsync(0)
    expect(c.get().status).toBe('restoring')
    expect(warn).toHaveBeenCalled()
  })

  it('a disposed controller ignores its pending fallback', async () => {
    const { c, seen } = setup()
    c.dispatch(moved(20))
    c.dispatch(released)
    c.dispose()
    await vi.advanceTimersByTimeAsync(PULL_FALLBACK_MS)
    expect(seen).toEqual(['pulling', 'aborting'])
  })
})
