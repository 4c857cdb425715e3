/**
 * The logged-in event of docs/product.md and the "quiet" window: no dependencies, so the start-up code can listen
 * without loading the sign-in flows. While quiet (launch's profile reload, logout's server call) the
 * network layer shows no toast, so a stale cached session ends on Login without an error flash.
 */
type Listener = () => void

const listeners = new Set<Listener>()
let quiet = 0

export function onLoggedIn(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Every listener hears it; one that throws is reported and does not undo the sign-in that emitted it. */
export function emitLoggedIn(): void {
  for (const listener of [...listeners]) {
    try {
      listener()
    } catch (e) {
      console.error('[auth] a logged-in listener failed:', e)
    }
  }
}

export async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  quiet++
  try {
    return await fn()
  } finally {
    quiet--
  }
}

export const isQuiet = (): boolean => quiet > 0
