/** prefers-reduced-motion as a React value, through one module-level media query subscription. */
import { useSyncExternalStore } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'

const media = (): MediaQueryList | undefined => (typeof matchMedia === 'function' ? matchMedia(QUERY) : undefined)

function subscribe(onChange: () => void): () => void {
  const list = media()
  list?.addEventListener('change', onChange)
  return () => list?.removeEventListener('change', onChange)
}

export const prefersReducedMotion = (): boolean => media()?.matches ?? false

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false)
}
