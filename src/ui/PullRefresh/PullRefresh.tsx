/**
 * Pull-down refresh around a page (docs/product.md): touch gestures feed the reducer of pullRefresh.ts; the
 * content follows the finger with a transform (no layout shift) and springs back in 0.25 s.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type TransitionEvent } from 'react'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import { IDLE, PULL_REST, PULL_THRESHOLD, createPullController, damp, isSettling, type PullState } from './pullRefresh'
import { PullRefreshContext, type RefreshHook } from './usePullRefresh'
import './PullRefresh.css'

/** The spinner stays up at least this long, so a fast refresh still reads as one. */
export const MIN_REFRESH_MS = 400

const atTop = (): boolean => (document.scrollingElement?.scrollTop ?? 0) <= 0

export function PullRefresh({ children }: { children: ReactNode }) {
  const lang = useLang()
  const [state, setState] = useState<PullState>(IDLE)
  const [generation, setGeneration] = useState(0)
  const rootRef = useRef<HTMLDivElement>(null)
  const hooks = useRef<RefreshHook[]>([])

  const register = useCallback((hook: RefreshHook) => {
    hooks.current.push(hook)
    return () => {
      hooks.current = hooks.current.filter((h) => h !== hook)
    }
  }, [])

  const controller = useMemo(
    () =>
      createPullController(async () => {
        const hook = hooks.current[hooks.current.length - 1]
        const minimum = new Promise<void>((resolve) => setTimeout(resolve, MIN_REFRESH_MS))
        // Without a page hook the page is re-mounted, which loads it afresh.
        await Promise.all([hook ? hook() : Promise.resolve(setGeneration((g) => g + 1)), minimum])
      }, setState),
    [],
  )
  useEffect(() => () => controller.dispose(), [controller])

  useEffect(() => {
    const root = rootRef.current
    if (!root) return
    let start: { x: number; y: number } | null = null
    let vertical: boolean | null = null

    const onStart = (e: TouchEvent) => {
      const s = controller.get().status
      const touch = e.touches[0]
      if (e.touches.length !== 1 || !touch || !atTop() || (s !== 'idle' && s !== 'pulling' && s !== 'reached')) {
        start = null
        return
      }
      start = { x: touch.clientX, y: touch.clientY }
      vertical = null
    }
    const onMove = (e: TouchEvent) => {
      const touch = e.touches[0]
      if (!start || !touch) return
      const dx = touch.clientX - start.x
      const dy = touch.clientY - start.y
      if (vertical === null) {
        if (Math.abs(dx) < 4 && Math.abs(dy) < 4) return
        // A sideways swipe (slides, carousels) or an upward scroll is not a pull.
        vertical = Math.abs(dy) > Math.abs(dx) && dy > 0
        if (!vertical) {
          start = null
          return
        }
      }
      if (e.cancelable) e.preventDefault()
      controller.dispatch({ type: 'moved', distance: damp(dy) })
    }
    const onEnd = () => {
      if (!start) return
      start = null
      controller.dispatch({ type: 'released' })
    }
    root.addEventListener('touchstart', onStart, { passive: true })
    // Not passive: while pulling, the browser must not scroll or run its own pull-to-refresh.
    root.addEventListener('touchmove', onMove, { passive: false })
    root.addEventListener('touchend', onEnd)
    root.addEventListener('touchcancel', onEnd)
    return () => {
      root.removeEventListener('touchstart', onStart)
      root.removeEventListener('touchmove', onMove)
      root.removeEventListener('touchend', onEnd)
      root.removeEventListener('touchcancel', onEnd)
    }
  }, [controller])

  const onTransitionEnd = (e: TransitionEvent<HTMLDivElement>) => {
    if (e.target === e.currentTarget && e.propertyName === 'transform') controller.dispatch({ type: 'transition-ended' })
  }

  const { status, distance } = state
  const moving = status === 'pulling' || status === 'reached'
  const label =
    status === 'refreshing' ? 'pull.refreshing' : status === 'reached' ? 'pull.reached' : 'pull.pulling'
  const shown = status !== 'idle'
  return (
    <PullRefreshContext.Provider value={register}>
      <div ref={rootRef} className="pull-refresh" data-status={status}>
        <div
          className="pull-refresh__indicator"
          style={{ transform: `translateY(${distance - PULL_REST}px)`, opacity: Math.min(1, distance / PULL_THRESHOLD) }}
          role="status"
          aria-live="polite"
          aria-hidden={!shown}
        >
          {status === 'refreshing' ? (
            <span className="pull-refresh__spinner" aria-hidden="true" />
          ) : (
            <svg className="pull-refresh__arrow" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M12 5v14M6 13l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          )}
          {shown && !isSettling(status) && <span>{translate(lang, label)}</span>}
        </div>
        <div
          className={moving ? 'pull-refresh__content' : 'pull-refresh__content pull-refresh__content--animated'}
          style={distance > 0 || isSettling(status) ? { transform: `translateY(${distance}px)` } : undefined}
          onTransitionEnd={onTransitionEnd}
        >
          <div key={generation} className="pull-refresh__page">
            {children}
          </div>
        </div>
      </div>
    </PullRefreshContext.Provider>
  )
}
