/**
 * The value of the last render, for an effect that runs on its own schedule (once, or when one thing
 * changes) yet acts with what the page holds now: what React's `useEffectEvent` does, in a form the
 * hooks lint (`react-hooks/exhaustive-deps`) knows, so an effect lists its real dependencies and reads the
 * handlers through this instead of leaving them out.
 */
import { useLayoutEffect, useRef } from 'react'

export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value)
  useLayoutEffect(() => {
    ref.current = value
  })
  return ref
}
