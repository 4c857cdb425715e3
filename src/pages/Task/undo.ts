/**
 * 我已完成 can be taken back for a few seconds: the tap is held, and only when the time is up does the call
 * leave (or the outbox take it, offline). Leaving the page or the app sends it at once, since the student
 * meant it (docs/product.md "Class tasks").
 */
export const UNDO_MS = 5000

export interface Held {
  /** Takes the tap back; false when it was already sent. */
  cancel(): boolean
  /** Sends it now, if it is still held. */
  flush(): void
}

export function holdForUndo(go: () => void, ms: number = UNDO_MS): Held {
  let waiting = true
  const fire = () => {
    if (!waiting) return
    waiting = false
    clearTimeout(timer)
    go()
  }
  const timer = setTimeout(fire, ms)
  return {
    cancel() {
      if (!waiting) return false
      waiting = false
      clearTimeout(timer)
      return true
    },
    flush: fire,
  }
}
