/**
 * One list of the Teacher page: loading → ready | failed, with a retry. `refresh` asks again quietly (a
 * live notice, an action that changed it): what is shown stays until the new answer, and a failed quiet
 * refresh keeps it. Answers of an older key, or arriving after the page left, are dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

export type Loaded<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; error: unknown }

export function useLoad<T>(load: (() => Promise<T>) | null, key: string): [Loaded<T>, () => void, () => void] {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' })
  const asked = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load

  const run = useCallback((quiet: boolean) => {
    const fn = loadRef.current
    if (!fn) return
    const n = ++asked.current
    if (!quiet) setState({ kind: 'loading' })
    fn().then(
      (data) => n === asked.current && setState({ kind: 'ready', data }),
      (error: unknown) => n === asked.current && setState((s) => (quiet && s.kind === 'ready' ? s : { kind: 'failed', error })),
    )
  }, [])

  useEffect(() => {
    run(false)
    const counter = asked
    return () => {
      counter.current++
    }
  }, [key, run])

  return [state, () => run(false), () => run(true)]
}
