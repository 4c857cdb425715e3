/**
 * Pull-down refresh of docs/product.md as a pure reducer plus a small controller for its timers. States: pulling,
 * reached (past the threshold), aborting (released early), refreshing (released past the threshold),
 * restoring (after stop); idle between gestures. The aborting and restoring animations end on
 * transitionend or, because that event may never fire, on a 350 ms fallback.
 */

/** docs/product.md "Timing and limits": pull-to-refresh threshold, in CSS px of visible pull. */
export const PULL_THRESHOLD = 45
/** docs/product.md: transitions take 0.2–0.3 s; this is the CSS duration used. */
export const PULL_TRANSITION_MS = 250
/** docs/product.md: the fallback when transitionend does not arrive. */
export const PULL_FALLBACK_MS = 350
/** How far the indicator rests while refreshing. */
export const PULL_REST = PULL_THRESHOLD
/** The finger moves further than the content: resistance grows past the threshold. */
export function damp(dy: number): number {
  if (dy <= 0) return 0
  const half = dy / 2
  return half <= PULL_THRESHOLD ? half : PULL_THRESHOLD + (half - PULL_THRESHOLD) / 2
}

export type PullStatus = 'idle' | 'pulling' | 'reached' | 'aborting' | 'refreshing' | 'restoring'

export interface PullState {
  status: PullStatus
  /** Visible pull in CSS px. */
  distance: number
}

export type PullEvent =
  | { type: 'moved'; distance: number }
  | { type: 'released' }
  | { type: 'transition-ended' }
  | { type: 'fallback-elapsed' }
  | { type: 'refresh-stopped' }

export const IDLE: PullState = { status: 'idle', distance: 0 }

export function pullReducer(state: PullState, event: PullEvent): PullState {
  switch (state.status) {
    case 'idle':
    case 'pulling':
    case 'reached':
      if (event.type === 'moved') {
        if (event.distance <= 0) return IDLE
        return { status: event.distance >= PULL_THRESHOLD ? 'reached' : 'pulling', distance: event.distance }
      }
      if (event.type === 'released') {
        if (state.status === 'pulling') return { status: 'aborting', distance: 0 }
        if (state.status === 'reached') return { status: 'refreshing', distance: PULL_REST }
      }
      return state
    case 'aborting':
    case 'restoring':
      return event.type === 'transition-ended' || event.type === 'fallback-elapsed' ? IDLE : state
    case 'refreshing':
      return event.type === 'refresh-stopped' ? { status: 'restoring', distance: 0 } : state
  }
}

/** States that animate back to rest and therefore wait for transitionend or the fallback. */
export const isSettling = (s: PullStatus): boolean => s === 'aborting' || s === 'restoring'

export interface PullController {
  dispatch: (event: PullEvent) => void
  get: () => PullState
  dispose: () => void
}

/**
 * Runs the reducer and its effects: entering refreshing calls `onRefresh` (its settling, success or not,
 * stops the refresh); entering aborting or restoring arms the 350 ms fallback.
 */
export function createPullController(onRefresh: () => Promise<void>, onChange: (s: PullState) => void): PullController {
  let state = IDLE
  let fallback: ReturnType<typeof setTimeout> | undefined
  let disposed = false

  const dispatch = (event: PullEvent): void => {
    if (disposed) return
    const next = pullReducer(state, event)
    if (next === state) return
    const entered = next.status !== state.status ? next.status : null
    state = next
    if (fallback !== undefined && entered) {
      clearTimeout(fallback)
      fallback = undefined
    }
    onChange(state)
    if (entered && isSettling(entered)) {
      fallback = setTimeout(() => {
        fallback = undefined
        dispatch({ type: 'fallback-elapsed' })
      }, PULL_FALLBACK_MS)
    }
    if (entered === 'refreshing') {
      let run: Promise<void>
      try {
        run = Promise.resolve(onRefresh())
      } catch (error) {
        run = Promise.reject(error)
      }
      run
        .catch((error: unknown) => console.warn('[pull-refresh] the refresh hook failed', error))
        .finally(() => dispatch({ type: 'refresh-stopped' }))
    }
  }

  return {
    dispatch,
    get: () => state,
    dispose() {
      disposed = true
      if (fallback !== undefined) clearTimeout(fallback)
    },
  }
}
