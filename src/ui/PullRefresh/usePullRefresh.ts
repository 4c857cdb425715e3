/** How a page gives the shell its refresh hook: `usePullRefresh(async () => { await reload() })`. */
import { createContext, useContext, useEffect, useRef } from 'react'

export type RefreshHook = () => Promise<void>
/** Registers a page's hook; returns the unregister function. */
export type RegisterRefresh = (hook: RefreshHook) => () => void

export const PullRefreshContext = createContext<RegisterRefresh | null>(null)

/**
 * Sets the hook that pull-down refresh calls on a page whose row has `pullRefresh: true`; the spinner
 * shows until the returned promise settles. Without one the shell re-mounts the page, which loads afresh.
 */
export function usePullRefresh(onRefresh: RefreshHook): void {
  const register = useContext(PullRefreshContext)
  const latest = useRef(onRefresh)
  useEffect(() => {
    latest.current = onRefresh
  })
  useEffect(() => register?.(() => latest.current()), [register])
}
