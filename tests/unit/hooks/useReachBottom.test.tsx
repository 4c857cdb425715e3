import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isNearBottom, REACH_BOTTOM_THROTTLE_MS, throttle, useReachBottom } from '../../../src/hooks/useReachBottom'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('isNearBottom', () => {
  it.each([
    [0, 500, 1000, false],
    [449, 500, 1000, false],
    [450, 500, 1000, true],
    [500, 500, 1000, true],
    [0, 500, 400, true],
  ])('scrollTop %i, clientHeight %i, scrollHeight %i → %s', (scrollTop, clientHeight, scrollHeight, near) => {
    expect(isNearBottom({ scrollTop, clientHeight, scrollHeight })).toBe(near)
  })
})

describe('throttle', () => {
  it('runs the first call at once and one trailing call when the window ends', async () => {
    const fn = vi.fn()
    const t = throttle(fn, 350)
    t.call()
    expect(fn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(100)
    t.call()
    t.call()
    await vi.advanceTimersByTimeAsync(249)
    expect(fn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fn).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(fn).toHaveBeenCalledTimes(2)
  })

  it('a call after the window runs at once; cancel drops a pending call', async () => {
    const fn = vi.fn()
    const t = throttle(fn, 350)
    t.call()
    await vi.advanceTimersByTimeAsync(350)
    t.call()
    expect(fn).toHaveBeenCalledTimes(2)
    t.call()
    t.cancel()
    await vi.advanceTimersByTimeAsync(1000)
    expect(fn).toHaveBeenCalledTimes(2)
  })
})

function List({ onReach }: { onReach: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  useReachBottom(onReach, { target: ref })
  return <div ref={ref} data-testid="list" />
}

function scrollTo(el: HTMLElement, scrollTop: number) {
  Object.defineProperty(el, 'scrollTop', { configurable: true, value: scrollTop })
  fireEvent.scroll(el)
}

describe('useReachBottom', () => {
  it('calls back on reaching the bottom, throttled to 350 ms', async () => {
    expect(REACH_BOTTOM_THROTTLE_MS).toBe(350)
    const onReach = vi.fn()
    render(<List onReach={onReach} />)
    const el = screen.getByTestId('list')
    Object.defineProperty(el, 'clientHeight', { configurable: true, value: 500 })
    Object.defineProperty(el, 'scrollHeight', { configurable: true, value: 1000 })

    scrollTo(el, 200)
    expect(onReach).not.toHaveBeenCalled()
    scrollTo(el, 460)
    expect(onReach).toHaveBeenCalledTimes(1)
    // Scrolling while at the bottom is not a new arrival.
    scrollTo(el, 480)
    expect(onReach).toHaveBeenCalledTimes(1)
    // Leave and arrive again 100 ms later: held until the 350 ms window ends.
    await vi.advanceTimersByTimeAsync(50)
    scrollTo(el, 100)
    await vi.advanceTimersByTimeAsync(50)
    scrollTo(el, 500)
    await vi.advanceTimersByTimeAsync(249)
    expect(onReach).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(onReach).toHaveBeenCalledTimes(2)
  })

  it('watches the window when no scroller is given', () => {
    function Page({ onReach }: { onReach: () => void }) {
      useReachBottom(onReach)
      return null
    }
    const onReach = vi.fn()
    render(<Page onReach={onReach} />)
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 2000 })
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 })
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1000 })
    fireEvent.scroll(window)
    expect(onReach).not.toHaveBeenCalled()
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1150 })
    fireEvent.scroll(window)
    expect(onReach).toHaveBeenCalledTimes(1)
  })

  it('stops listening after unmount', async () => {
    const onReach = vi.fn()
    const { unmount } = render(<List onReach={onReach} />)
    const el = screen.getByTestId('list')
    Object.defineProperty(el, 'clientHeight', { configurable: true, value: 500 })
    Object.defineProperty(el, 'scrollHeight', { configurable: true, value: 1000 })
    unmount()
    scrollTo(el, 500)
    await vi.advanceTimersByTimeAsync(400)
    expect(onReach).not.toHaveBeenCalled()
  })
})
