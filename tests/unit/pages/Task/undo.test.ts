// @vitest-environment node
/** 我已完成's undo window: nothing leaves before 5000 ms, the call leaves at 5000 ms, 撤销 stops it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { holdForUndo, UNDO_MS } from '../../../../src/pages/Task/undo'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('holdForUndo', () => {
  it('is five seconds', () => {
    expect(UNDO_MS).toBe(5000)
  })

  it('sends nothing at 4999 ms and sends once at 5000 ms', async () => {
    const go = vi.fn()
    const held = holdForUndo(go)
    await vi.advanceTimersByTimeAsync(4999)
    expect(go).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(go).toHaveBeenCalledTimes(1)
    // Once sent, it is done: 撤销 no longer takes it back, and nothing is sent twice.
    expect(held.cancel()).toBe(false)
    held.flush()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(go).toHaveBeenCalledTimes(1)
  })

  it('撤销 at 4999 ms sends nothing, then or later', async () => {
    const go = vi.fn()
    const held = holdForUndo(go)
    await vi.advanceTimersByTimeAsync(4999)
    expect(held.cancel()).toBe(true)
    await vi.advanceTimersByTimeAsync(60_000)
    held.flush()
    expect(go).not.toHaveBeenCalled()
  })

  it('leaving the page sends a held tap at once, and only once', async () => {
    const go = vi.fn()
    const held = holdForUndo(go)
    await vi.advanceTimersByTimeAsync(1200)
    held.flush()
    expect(go).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(5000)
    expect(go).toHaveBeenCalledTimes(1)
  })
})
