import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LONG_PRESS_MOVE_PX, LONG_PRESS_MS, useLongPress, withinTolerance } from '../../../src/hooks/useLongPress'

function Target({ onLongPress, onClick }: { onLongPress: () => void; onClick?: () => void }) {
  const handlers = useLongPress<HTMLButtonElement>(onLongPress)
  return (
    <button type="button" onClick={onClick} {...handlers}>
      hold
    </button>
  )
}

function setup(onClick?: () => void) {
  const onLongPress = vi.fn()
  render(<Target onLongPress={onLongPress} onClick={onClick} />)
  return { onLongPress, el: screen.getByRole('button') }
}

const down = (el: Element, x = 100, y = 100, pointerType = 'touch') => fireEvent.pointerDown(el, { clientX: x, clientY: y, pointerType, button: 0 })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useLongPress', () => {
  it('uses the constants of docs/product.md "Timing and limits"', () => {
    expect(LONG_PRESS_MS).toBe(350)
    expect(LONG_PRESS_MOVE_PX).toBe(10)
  })

  it('nothing at 349 ms; fires at 350 ms, once', async () => {
    const { onLongPress, el } = setup()
    down(el)
    await vi.advanceTimersByTimeAsync(349)
    expect(onLongPress).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(onLongPress).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(onLongPress).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['10 px right is still a press', 110, 100, 1],
    ['10 px down is still a press', 100, 110, 1],
    ['11 px right cancels', 111, 100, 0],
    ['11 px up cancels', 100, 89, 0],
    ['8 px right and 8 px down (11.3 px) cancels', 108, 108, 0],
    ['6 px right and 8 px down (10 px) is still a press', 106, 108, 1],
  ])('%s', async (_, x, y, calls) => {
    const { onLongPress, el } = setup()
    down(el)
    await vi.advanceTimersByTimeAsync(100)
    fireEvent.pointerMove(el, { clientX: x, clientY: y })
    await vi.advanceTimersByTimeAsync(250)
    expect(onLongPress).toHaveBeenCalledTimes(calls)
  })

  it.each([
    ['lifting the finger', (el: Element) => fireEvent.pointerUp(el)],
    ['the browser cancelling the pointer', (el: Element) => fireEvent.pointerCancel(el)],
    ['leaving the element', (el: Element) => fireEvent.pointerLeave(el)],
  ])('%s before 350 ms cancels', async (_, end) => {
    const { onLongPress, el } = setup()
    down(el)
    await vi.advanceTimersByTimeAsync(349)
    end(el)
    await vi.advanceTimersByTimeAsync(10)
    expect(onLongPress).not.toHaveBeenCalled()
  })

  it('ignores a secondary mouse button', async () => {
    const { onLongPress, el } = setup()
    fireEvent.pointerDown(el, { clientX: 0, clientY: 0, pointerType: 'mouse', button: 2 })
    await vi.advanceTimersByTimeAsync(400)
    expect(onLongPress).not.toHaveBeenCalled()
  })

  it('swallows the click after a long press, but not a short tap', async () => {
    const onClick = vi.fn()
    const { el } = setup(onClick)
    down(el)
    await vi.advanceTimersByTimeAsync(350)
    fireEvent.pointerUp(el)
    fireEvent.click(el)
    expect(onClick).not.toHaveBeenCalled()
    down(el)
    await vi.advanceTimersByTimeAsync(100)
    fireEvent.pointerUp(el)
    fireEvent.click(el)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('an unmount while pressing cancels the pending long press', async () => {
    const onLongPress = vi.fn()
    const { unmount } = render(<Target onLongPress={onLongPress} />)
    down(screen.getByRole('button'))
    unmount()
    await vi.advanceTimersByTimeAsync(400)
    expect(onLongPress).not.toHaveBeenCalled()
  })

  it('withinTolerance is a distance, not a per-axis check', () => {
    expect(withinTolerance(0, 0, 6, 8)).toBe(true)
    expect(withinTolerance(0, 0, 8, 8)).toBe(false)
  })
})
