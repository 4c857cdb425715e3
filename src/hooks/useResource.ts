/**
 * A page's data: loading → ready | empty | failed, with a retry. Pages render their skeleton, empty state,
 * error state, or — when the request timed out or the network is gone — SPEC §8's tap-to-retry screen.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { CODE } from '../contract/codes'
import { isRequestError } from '../lib/http/errors'

export type ResourceState<T> =
  | { kind: 'loading' }
  | { kind: 'ready'; data: T }
  /** The server answered 100001 'data empty' (missing, private or deleted content). */
  | { kind: 'empty' }
  /** Timed out or no network: show the tap-to-retry screen. */
  | { kind: 'offline' }
  | { kind: 'failed'; message: string }

export function resourceStateOf<T>(error: unknown): ResourceState<T> {
  if (isRequestError(error)) {
    if (error.code === CODE.DATA_EMPTY) return { kind: 'empty' }
    if (error.kind === 'timeout' || error.kind === 'network') return { kind: 'offline' }
    return { kind: 'failed', message: error.message }
  }
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) }
}

/** Runs `load` on mount and whenever `key` changes; `retry` runs it again. Late answers of an older key are dropped. */
export function useResource<T>(load: () => Promise<T>, key: string): [ResourceState<T>, () => void] {
  const [state, setState] = useState<ResourceState<T>>({ kind: 'loading' })
  const latest = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const run = useCallback(() => {
    const id = ++latest.current
    setState({ kind: 'loading' })
    // The answer's render is a transition: a long list or article renders in slices that leave the
    // page responsive, instead of one long task.
    const settle = (next: ResourceState<T>) => id === latest.current && startTransition(() => setState(next))
    loadRef.current().then(
      (data) => settle({ kind: 'ready', data }),
      (e: unknown) => settle(resourceStateOf<T>(e)),
    )
  }, [])
  useEffect(() => {
    run()
    // Unmounting or a new key makes answers still in flight stale.
    const counter = latest
    return () => {
      counter.current++
    }
  }, [run, key])
  return [state, run]
}
