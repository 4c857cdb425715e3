/**
 * docs/product.md "Pages": a 0.3 s slide-in-right when a page is reached by push or back, nothing otherwise, nothing under
 * prefers-reduced-motion. Only transform animates, so nothing around the page moves (no layout shift).
 * Mounted once per location, so the decision is taken from how this page was reached.
 */
import { useState, type ReactNode } from 'react'
import { prefersReducedMotion } from '../../hooks/useReducedMotion'
import { appState, setNavType, type NavType } from '../../state/app'
import './PageTransition.css'

/** docs/product.md "Timing and limits": page transition duration. */
export const PAGE_TRANSITION_MS = 300

// The browser's own Back (and the installed app's) is a popstate. The router re-renders from its own
// popstate listener, and React flushes that render in a microtask before later listeners run, so the
// 'back' must be recorded by a listener registered before the router's: this one, at module load.
if (typeof window !== 'undefined') addEventListener('popstate', () => setNavType('back'))

export function slidesIn(navType: NavType, reducedMotion: boolean): boolean {
  return !reducedMotion && (navType === 'push' || navType === 'back')
}

export function PageTransition({ children }: { children: ReactNode }) {
  // Read once at mount: how this page was reached, not how the next one will be.
  const [{ nav, slide }] = useState(() => ({ nav: appState.navType, slide: slidesIn(appState.navType, prefersReducedMotion()) }))
  return (
    <div className={slide ? 'page-transition page-transition--slide' : 'page-transition'} data-nav={nav}>
      {children}
    </div>
  )
}
