/**
 * A page's data: loading → ready | empty | failed, with a retry. Pages render their skeleton, empty state,
 * error state, or — when the request timed out or the network is gone — docs/product.md "Errors"'s tap-to-retry screen.
 * A page can ask for its answers to be remembered (lib/offline/copies.ts: per account, in IndexedDB):
 * offline, the last answer is shown again, marked with when it was seen; a page never seen says so.
 * Whatever failed for the network is tried again by itself when the connection returns.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { CODE } from '../contract/codes'
import { isRequestError, isUnreachable } from '../lib/http/errors'
import { REACHABLE_EVENT } from '../lib/http/reach'
import { peekCopy, readCopy, saveCopy } from '../lib/offline/copies'
import { sessionAccount } from '../state/session/machine'

export type ResourceState<T> =
  | { kind: 'loading' }
  /** `seenAt`: shown from the last answer (offline), seen at that time. */
  | { kind: 'ready'; data: T; seenAt?: number }
  /** The server answered 100001 'data empty' (missing, private or deleted content). */
  | { kind: 'empty' }
  /** Timed out or no network: show the tap-to-retry screen. `neverSeen`: the page remembers its answers, and has none for this account. */
  | { kind: 'offline'; neverSeen?: boolean }
  | { kind: 'failed'; message: string }

export function resourceStateOf<T>(error: unknown): ResourceState<T> {
  if (isRequestError(error)) {
    if (error.code === CODE.DATA_EMPTY) return { kind: 'empty' }
    if (isUnreachable(error)) return { kind: 'offline' }
    return { kind: 'failed', message: error.message }
  }
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) }
}

/** The signed-in account whose copies are read and written ('' when none: nothing is remembered). */
const account = sessionAccount

/** This account's copy as read ahead (`primeCopy`), when the page revalidates: its first render shows it. */
function ahead<T>(revalidate: boolean, name: string, check: ((d: unknown) => d is T) | undefined): ResourceState<T> | undefined {
  const seen = revalidate && check ? peekCopy(account(), name, check) : undefined
  return seen ? { kind: 'ready', data: seen.data } : undefined
}

export interface RememberOptions<T> {
  /** The copy's name: one per data set, so include what selects it (the organisation, the id). */
  remember?: string
  /** What a copy read back must be to be shown (it is never trusted as it is). */
  check?: (d: unknown) => d is T
  /**
   * Stale-while-revalidate: online too, this account's copy shows at once (unmarked) while the request
   * runs, and the answer replaces it. A copy read ahead at start-up (`primeCopy`) is there in the first render.
   */
  revalidate?: boolean
}

/**
 * Runs `load` on mount and whenever `key` changes; `retry` runs it again. Late answers of an older key are
 * dropped. `remember` and `check`: the last answer is kept for offline use under that name, for the
 * signed-in account, and shown again only if it passes `check`.
 */
export function useResource<T>(load: () => Promise<T>, key: string, options: RememberOptions<T> = {}): [ResourceState<T>, () => void] {
  const name = options.check ? (options.remember ?? '') : ''
  const revalidate = Boolean(options.revalidate && name)
  const checkRef = useRef(options.check)
  checkRef.current = options.check
  const [state, setState] = useState<ResourceState<T>>(() => ahead(revalidate, name, checkRef.current) ?? { kind: 'loading' })
  const latest = useRef(0)
  /** The copy name of the data shown: another name (another organisation) shows nothing of the last. */
  const shownName = useRef(name)
  const loadRef = useRef(load)
  loadRef.current = load
  const run = useCallback(() => {
    const id = ++latest.current
    let answered = false
    const check = checkRef.current
    const early = ahead(revalidate, name, check)
    // Revalidating what is shown already (a pull-down refresh): it stays until the answer replaces it.
    setState((shown) => (revalidate && shown.kind === 'ready' && shownName.current === name ? shown : (early ?? { kind: 'loading' })))
    shownName.current = name
    if (!early && revalidate && check) {
      // Not read ahead: the copy still shows as soon as IndexedDB gives it, unless the answer came first.
      void readCopy(account(), name, check).then((seen) => {
        if (seen && !answered && id === latest.current) setState({ kind: 'ready', data: seen.data })
      })
    }
    // The answer's render is a transition: a long list or article renders in slices that leave the
    // page responsive, instead of one long task.
    const settle = (next: ResourceState<T>) => {
      answered = true
      return id === latest.current && startTransition(() => setState(next))
    }
    loadRef.current().then(
      (data) => {
        const check = checkRef.current
        // Offline, an answer can only have come from the service worker's cache (the share pages' content):
        // it is shown as what was seen, with the time of this account's copy, and the copy is left as it is.
        if (name && check && navigator.onLine === false) {
          void readCopy(account(), name, check).then((seen) => settle({ kind: 'ready', data, seenAt: seen?.at }))
          return
        }
        if (name) void saveCopy(account(), name, data)
        settle({ kind: 'ready', data })
      },
      (e: unknown) => {
        const next = resourceStateOf<T>(e)
        const check = checkRef.current
        if (next.kind !== 'offline' || !name || !check) return settle(next)
        void readCopy(account(), name, check).then((seen) => settle(seen ? { kind: 'ready', data: seen.data, seenAt: seen.at } : { kind: 'offline', neverSeen: true }))
      },
    )
  }, [name, revalidate])
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
