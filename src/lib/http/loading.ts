/**
 * The loading indicator of docs/product.md "Timing and limits": 'loading...' with a mask only once some request has been running
 * for 2000 ms, hidden 500 ms after the last running request ends (a quick follow-up request keeps it up
 * instead of flickering).
 */
import { httpConfig } from './config'
import { httpText } from './texts'

export const LOADING_SHOW_AFTER_MS = 2000
export const LOADING_HIDE_AFTER_MS = 500

let running = 0
let shown = false
let hideTimer: ReturnType<typeof setTimeout> | undefined

function show(): void {
  if (shown) return
  shown = true
  httpConfig().showLoading(httpText('loading'))
}

function hide(): void {
  hideTimer = undefined
  if (!shown || running > 0) return
  shown = false
  httpConfig().hideLoading()
}

/** Marks one request as running; the returned function ends it (idempotent). */
export function trackLoading(): () => void {
  running++
  if (hideTimer !== undefined) {
    clearTimeout(hideTimer)
    hideTimer = undefined
  }
  const showTimer = setTimeout(show, LOADING_SHOW_AFTER_MS)
  let ended = false
  return () => {
    if (ended) return
    ended = true
    clearTimeout(showTimer)
    running--
    if (running === 0 && shown) hideTimer = setTimeout(hide, LOADING_HIDE_AFTER_MS)
  }
}

/** Forgets every running request (tests). */
export function resetLoading(): void {
  if (hideTimer !== undefined) clearTimeout(hideTimer)
  hideTimer = undefined
  running = 0
  shown = false
}
