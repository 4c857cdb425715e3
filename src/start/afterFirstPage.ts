/**
 * Start-up, in order: docs/performance.md "From the first byte to the first tap and the daily open's frame".
 *
 * Defers work that would compete with the first page (the service worker's install fetches the whole
 * precache, about 120 files): it runs once a page has rendered (`appState.loaded`) and the main thread is
 * idle, or after FIRST_PAGE_WAIT_MS whatever happens, so a page that never finishes still gets it.
 */
import { subscribe } from 'valtio'
import { appState } from '../state/app'

/** The longest the work waits for the first page. */
export const FIRST_PAGE_WAIT_MS = 10_000
/** How long an idle moment is waited for once the page is there. */
export const IDLE_WAIT_MS = 2000

/**
 * Runs `run` once: `then(once)` is called when the first page has rendered, and `once` runs `run` (a second
 * call does nothing); after `maxWaitMs` it runs whatever happens.
 */
function whenFirstPage(run: () => void, maxWaitMs: number, then: (once: () => void) => void): void {
  let done = false
  let loaded = false
  const once = () => {
    if (done) return
    done = true
    stop()
    clearTimeout(fallback)
    run()
  }
  const fallback = setTimeout(once, maxWaitMs)
  // The page is seen once: stop listening then.
  const seen = () => {
    if (loaded || !appState.loaded) return
    loaded = true
    stop()
    then(once)
  }
  const stop = subscribe(appState, seen)
  seen()
}

export function afterFirstPage(run: () => void): void {
  whenFirstPage(run, FIRST_PAGE_WAIT_MS, (once) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(once, { timeout: IDLE_WAIT_MS }) : setTimeout(once, 0)))
}

/**
 * Runs `run` once the first page has rendered (`appState.loaded`), without waiting for an idle moment, or
 * after `maxWaitMs` whatever happens: for what must not compete with that page but should follow it at
 * once (the live channel, app/network.ts).
 */
export function onFirstPage(run: () => void, maxWaitMs: number): void {
  whenFirstPage(run, maxWaitMs, (once) => once())
}
