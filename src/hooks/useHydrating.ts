/**
 * Whether this render hydrates a prerendered page (start/mount.tsx). What the browser may change before
 * the page is hydrated (an install prompt, a waiting update, the device read from the user agent) renders
 * as the page was prerendered while this is true, or React finds HTML that does not match, throws the
 * page's DOM away and renders it again; React renders once more right after, with the real state. On a slow
 * phone the page hydrates late, so such a change often comes first (docs/performance.md "Hydration").
 */
import { useSyncExternalStore } from 'react'

const never = () => () => undefined

export const useHydrating = (): boolean =>
  useSyncExternalStore(
    never,
    () => false,
    () => true,
  )
