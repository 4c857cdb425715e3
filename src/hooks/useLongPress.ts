/**
 * Long press of docs/product.md "Timing and limits": fires after 350 ms of holding still; more than 10 px of movement (or lifting
 * the pointer, or the browser cancelling it) cancels. The click that follows a fired long press is
 * swallowed so one gesture never does two things.
 */
import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react'

export const LONG_PRESS_MS = 350
/** Movement allowed while pressing, in CSS px; beyond it the press is a scroll or drag. */
export const LONG_PRESS_MOVE_PX = 10

export interface LongPressOptions {
  delay?: number
  tolerance?: number
}

export interface LongPressHandlers<T extends Element> {
  onPointerDown: (event: PointerEvent<T>) => void
  onPointerMove: (event: PointerEvent<T>) => void
  onPointerUp: () => void
  onPointerCancel: () => void
  onPointerLeave: () => void
  onClickCapture: (event: MouseEvent<T>) => void
  onContextMenu: (event: MouseEvent<T>) => void
}

/** Whether a move from (x0, y0) to (x1, y1) stays within the tolerance (distance ≤ tolerance). */
export function withinTolerance(x0: number, y0: number, x1: number, y1: number, tolerance = LONG_PRESS_MOVE_PX): boolean {
  return Math.hypot(x1 - x0, y1 - y0) <= tolerance
}

export function useLongPress<T extends Element = HTMLElement>(
  onLongPress: (target: T) => void,
  { delay = LONG_PRESS_MS, tolerance = LONG_PRESS_MOVE_PX }: LongPressOptions = {},
): LongPressHandlers<T> {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const origin = useRef<{ x: number; y: number } | null>(null)
  const fired = useRef(false)
  const callback = useRef(onLongPress)
  useEffect(() => {
    callback.current = onLongPress
  })
  useEffect(() => () => clearTimeout(timer.current), [])

  const cancel = () => {
    clearTimeout(timer.current)
    timer.current = undefined
    origin.current = null
  }

  return {
    onPointerDown: (event) => {
      // Only the primary button of a mouse; any touch or pen contact.
      if (event.pointerType === 'mouse' && event.button !== 0) return
      cancel()
      fired.current = false
      origin.current = { x: event.clientX, y: event.clientY }
      const target = event.currentTarget
      timer.current = setTimeout(() => {
        timer.current = undefined
        origin.current = null
        fired.current = true
        callback.current(target)
      }, delay)
    },
    onPointerMove: (event) => {
      const start = origin.current
      if (start && !withinTolerance(start.x, start.y, event.clientX, event.clientY, tolerance)) cancel()
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onClickCapture: (event) => {
      if (!fired.current) return
      fired.current = false
      event.preventDefault()
      event.stopPropagation()
    },
    onContextMenu: (event) => {
      // A touch held still opens the system menu on Android; the long press replaces it.
      if (timer.current !== undefined || fired.current) event.preventDefault()
    },
  }
}
