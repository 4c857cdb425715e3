/**
 * Page orientation (docs/product.md "Pages"): the mismatch decision, the 50 ms queue that applies one lock at a time, and
 * the rotate-hint signal shown where a lock is impossible (iOS Safari, a tab that is not fullscreen).
 * No React here; the shell applies it on page load and src/hooks/useRotateHint reads the hint.
 */
import type { Orientation } from '../../../manifest/pages'
import { isStorageReady, read, write } from '../storage'

export type CurrentOrientation = 'portrait' | 'landscape'
export type LockTarget = 'portrait-primary' | 'landscape-primary'

/** docs/product.md "Timing and limits": orientation change delay. */
export const ORIENTATION_DELAY_MS = 50

/** The lock a page needs, or null when the declared orientation is auto or already the current one. */
export function lockFor(declared: Orientation, current: CurrentOrientation): LockTarget | null {
  if (declared === 'auto' || declared === current) return null
  return declared === 'portrait' ? 'portrait-primary' : 'landscape-primary'
}

/** docs/product.md "Pages": the preference is applied on page load only when the app is loaded or the user is logged in. */
export function shouldApply(flags: { loaded: boolean; loggedIn: boolean }): boolean {
  return flags.loaded || flags.loggedIn
}

export interface QueueDeps {
  lock: (target: LockTarget) => Promise<void>
  /** A lock that rejected (or threw): the caller shows the rotate hint instead. */
  onFailed: (target: LockTarget, error: unknown) => void
  /** A lock that took effect. */
  onLocked?: (target: LockTarget) => void
  delayMs?: number
}

export interface OrientationQueue {
  request: (target: LockTarget) => void
  /** Requests not yet started plus the one in flight. */
  size: () => number
  clear: () => void
}

/**
 * A queue that handles one change at a time: each request waits `delayMs`, then locks, and the next
 * starts only once that lock has settled. A request equal to the last one waiting (or, with none
 * waiting, the one in progress) is dropped.
 */
export function createOrientationQueue({ lock, onFailed, onLocked, delayMs = ORIENTATION_DELAY_MS }: QueueDeps): OrientationQueue {
  const waiting: LockTarget[] = []
  let busy = false
  let current: LockTarget | null = null
  let timer: ReturnType<typeof setTimeout> | undefined

  const run = (): void => {
    const target = waiting.shift()
    if (target === undefined) {
      busy = false
      current = null
      return
    }
    busy = true
    current = target
    timer = setTimeout(() => {
      timer = undefined
      let attempt: Promise<void>
      try {
        attempt = Promise.resolve(lock(target))
      } catch (error) {
        attempt = Promise.reject(error)
      }
      attempt.then(
        () => {
          onLocked?.(target)
          run()
        },
        (error: unknown) => {
          onFailed(target, error)
          run()
        },
      )
    }, delayMs)
  }

  return {
    request(target) {
      if ((waiting.length > 0 ? waiting[waiting.length - 1] : current) === target) return
      waiting.push(target)
      if (!busy) run()
    },
    size: () => waiting.length + (busy ? 1 : 0),
    clear() {
      waiting.length = 0
      if (timer !== undefined) {
        clearTimeout(timer)
        timer = undefined
        busy = false
        current = null
      }
    },
  }
}

interface LockableOrientation {
  lock?: (target: LockTarget) => Promise<void>
}

/** The browser's lock; rejects where it does not exist (iOS Safari, older browsers, test DOMs). */
export function browserLock(target: LockTarget): Promise<void> {
  const orientation = (globalThis.screen as { orientation?: LockableOrientation } | undefined)?.orientation
  if (typeof orientation?.lock !== 'function') return Promise.reject(new Error('screen.orientation.lock is not supported'))
  return orientation.lock(target)
}

/**
 * Whether a lock could work now: browsers lock only a fullscreen document or an installed app's window;
 * elsewhere (a browser tab, iOS Safari) it is refused, so the hint can be shown without waiting to be told.
 */
function mayLock(): boolean {
  const orientation = (globalThis.screen as { orientation?: LockableOrientation } | undefined)?.orientation
  if (typeof orientation?.lock !== 'function') return false
  if (globalThis.document?.fullscreenElement) return true
  const media = globalThis.matchMedia
  return typeof media === 'function' && (media('(display-mode: standalone)').matches || media('(display-mode: fullscreen)').matches)
}

/* The rotate hint: which orientation the user should turn to, and whether they closed the hint. */
export interface RotateHint {
  wanted: CurrentOrientation | null
  dismissed: boolean
}

let hint: RotateHint = { wanted: null, dismissed: false }
const listeners = new Set<() => void>()

function setHint(next: RotateHint): void {
  if (next.wanted === hint.wanted && next.dismissed === hint.dismissed) return
  hint = next
  listeners.forEach((l) => l())
}

export const getRotateHint = (): RotateHint => hint

export function subscribeRotateHint(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The orientations whose hint the user closed; remembered across visits and launches. */
function dismissedBefore(): readonly CurrentOrientation[] {
  return isStorageReady() ? (read('rotateHintDismissed') ?? []) : []
}

/** Closes the hint and remembers it: the same hint does not come back on later visits. */
export function dismissRotateHint(): void {
  if (!hint.wanted) return
  const wanted = hint.wanted
  setHint({ ...hint, dismissed: true })
  const before = dismissedBefore()
  if (isStorageReady() && !before.includes(wanted)) {
    try {
      write('rotateHintDismissed', [...before, wanted])
    } catch {
      // Storage full or blocked: the hint is closed for this visit all the same.
    }
  }
}

const orientationOf = (target: LockTarget): CurrentOrientation => (target === 'portrait-primary' ? 'portrait' : 'landscape')

/** The lock the current page asked for; a late failure of an earlier page's lock raises no hint. */
let latest: LockTarget | null = null

const queue = createOrientationQueue({
  lock: browserLock,
  onFailed: (target, error) => {
    if (target !== latest) return
    console.info('[orientation] lock unavailable, showing the rotate hint:', (error as Error)?.message ?? error)
    const wanted = orientationOf(target)
    setHint({ wanted, dismissed: dismissedBefore().includes(wanted) })
  },
  onLocked: (target) => {
    if (target === latest) setHint({ wanted: null, dismissed: false })
  },
})

export interface ApplyFlags {
  loaded: boolean
  loggedIn: boolean
  /** A phone or tablet. A desktop window cannot be rotated, so it is neither locked nor told to rotate. */
  handheld: boolean
}

/**
 * Applies a page's declared orientation (called by the shell as the page is laid out). A new page clears
 * the hint of the previous one; a mismatch queues the lock, and a failed lock raises the hint. Where the
 * lock is sure to be refused the hint is raised at once, with the page, so it takes its place before the
 * page is painted instead of pushing it down a moment later; a lock that takes effect removes it.
 */
export function applyOrientation(declared: Orientation, current: CurrentOrientation, flags: ApplyFlags): void {
  queue.clear()
  latest = flags.handheld && shouldApply(flags) ? lockFor(declared, current) : null
  const wanted = latest && !mayLock() ? orientationOf(latest) : null
  setHint({ wanted, dismissed: wanted !== null && dismissedBefore().includes(wanted) })
  if (latest) queue.request(latest)
}

/** Tests: forget the hint and anything queued. */
export function resetOrientation(): void {
  queue.clear()
  latest = null
  setHint({ wanted: null, dismissed: false })
}
