/**
 * Reached-bottom for lists (docs/product.md "Timing and limits"): calls back when a scroller (or the window) comes within `offset`
 * px of its end, at most once per 350 ms; a reach inside the window is delivered when it ends.
 */
import { useEffect, useRef, type RefObject } from 'react'

export const REACH_BOTTOM_THROTTLE_MS = 350
/** Distance from the end, in CSS px, that counts as the bottom. */
export const REACH_BOTTOM_OFFSET = 50

export interface ScrollMetrics {
  scrollTop: number
  clientHeight: number
  scrollHeight: number
}

export function isNearBottom({ scrollTop, clientHeight, scrollHeight }: ScrollMetrics, offset = REACH_BOTTOM_OFFSET): boolean {
  return scrollHeight - (scrollTop + clientHeight) <= offset
}

/**
 * Leading and trailing throttle: the first call runs at once; calls in the next `ms` run once, when the
 * window ends. `cancel` drops a pending trailing call.
 */
export function throttle(fn: () => void, ms: number): { call: () => void; cancel: () => void } {
  let last = Number.NEGATIVE_INFINITY
  let pending: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    pending = undefined
    last = Date.now()
    fn()
  }
  return {
    call: () => {
      const wait = last + ms - Date.now()
      if (wait <= 0 && pending === undefined) run()
      else if (pending === undefined) pending = setTimeout(run, wait)
    },
    cancel: () => {
      clearTimeout(pending)
      pending = undefined
    },
  }
}

export interface ReachBottomOptions {
  /** The scrolling element; the window when omitted. */
  target?: RefObject<HTMLElement | null>
  offset?: number
  throttleMs?: number
  disabled?: boolean
}

export function useReachBottom(
  onReachBottom: () => void,
  { target, offset = REACH_BOTTOM_OFFSET, throttleMs = REACH_BOTTOM_THROTTLE_MS, disabled = false }: ReachBottomOptions = {},
): void {
  const callback = useRef(onReachBottom)
  useEffect(() => {
    callback.current = onReachBottom
  })

  useEffect(() => {
    if (disabled) return
    const element = target?.current ?? null
    const metrics = (): ScrollMetrics =>
      element
        ? element
        : {
            scrollTop: window.scrollY,
            clientHeight: window.innerHeight,
            scrollHeight: document.documentElement.scrollHeight,
          }
    const throttled = throttle(() => callback.current(), throttleMs)
    // Edge-triggered: one call per arrival at the bottom, not one per scroll event while there.
    let wasNear = false
    const onScroll = () => {
      const near = isNearBottom(metrics(), offset)
      if (near && !wasNear) throttled.call()
      wasNear = near
    }
    const source: HTMLElement | Window = element ?? window
    source.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      source.removeEventListener('scroll', onScroll)
      throttled.cancel()
    }
  }, [target, offset, throttleMs, disabled])
}
