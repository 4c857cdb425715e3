/**
 * A page's data: loading → ready | empty | failed, with a retry. Pages render their skeleton, empty state,
 * error state, or — when the request timed out or the network is gone — docs/product.md "Errors"'s tap-to-retry screen.
 * A page of the student's own data can ask for it to be remembered: offline, the last answer is shown
 * again, marked with when it was seen. Whatever failed for the network is tried again by itself when the
 * connection returns.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { CODE } from '../contract/codes'
import { isRequestError, isUnreachable } from '../lib/http/errors'
import { REACHABLE_EVENT } from '../lib/http/reach'
import { read, write } from '../lib/storage'

export type ResourceState<T> =
  | { kind: 'loading' }
  /** `seenAt`: shown from the last answer (offline), seen at that time. */
  | { kind: 'ready'; data: T; seenAt?: number }
  /** The server answered 100001 'data empty' (missing, private or deleted content). */
  | { kind: 'empty' }
  /** Timed out or no network: show the tap-to-retry screen. */
  | { kind: 'offline' }
  | { kind: 'failed'; message: string }

export function resourceStateOf<T>(error: unknown): ResourceState<T> {
  if (isRequestError(error)) {
    if (error.code === CODE.DATA_EMPTY) return { kind: 'empty' }
    if (isUnreachable(error)) return { kind: 'offline' }
    return { kind: 'failed', message: error.message }
  }
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) }
}

/** The last answer remembered under `name`, if any. */
function lastSeen<T>(name: string): { data: T; at: number } | undefined {
  try {
    return read('lastSeen')?.[name] as { data: T; at: number } | undefined
  } catch {
    return undefined
  }
}

function remember(name: string, data: unknown): void {
  try {
    write('lastSeen', { ...(read('lastSeen') ?? {}), [name]: { at: Date.now(), data } })
  } catch {
    // Too large for storage, or storage unavailable: nothing is shown offline, which is no worse than before.
  }
}

/**
 * Runs `load` on mount and whenever `key` changes; `retry` runs it again. Late answers of an older key are
 * dropped. `remember`: a name under which the last answer is kept for offline use (one per data set, so
 * include what selects it, such as the organisation).
 */
export function useResource<T>(load: () => Promise<T>, key: string, options: { remember?: string } = {}): [ResourceState<T>, () => void] {
  const [state, setState] = useState<ResourceState<T>>({ kind: 'loading' })
  const latest = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const name = options.remember ?? ''
  const run = useCallback(() => {
    const id = ++latest.current
    setState({ kind: 'loading' })
    // The answer's render is a transition: a long list or article renders in slices that leave the
    // page responsive, instead of one long task.
    const settle = (next: ResourceState<T>) => id === latest.current && startTransition(() => setState(next))
    loadRef.current().then(
      (data) => {
        if (name) remember(name, data)
        settle({ kind: 'ready', data })
      },
      (e: unknown) => {
        const next = resourceStateOf<T>(e)
        const seen = next.kind === 'offline' && name ? lastSeen<T>(name) : undefined
        settle(seen ? { kind: 'ready', data: seen.data, seenAt: seen.at } : next)
      },
    )
  }, [name])
  useEffect(() => {
    run()
    // Unmounting or a new key makes answers still in flight stale.
    const counter = latest
    return () => {
      counter.current++
    }
  }, [run, key])
  // Back online (or past the Wi-Fi's sign-in page): what the network kept from us is asked for again, without a tap.
  const waiting = state.kind === 'offline' || (state.kind === 'ready' && state.seenAt !== undefined)
  useEffect(() => {
    if (!waiting) return
    addEventListener('online', run)
    addEventListener(REACHABLE_EVENT, run)
    return () => {
      removeEventListener('online', run)
      removeEventListener(REACHABLE_EVENT, run)
    }
  }, [waiting, run])
  return [state, run]
}
