/**
 * Start-up, in order: docs/performance.md "From the first byte to the first tap and the daily open's frame".
 *
 * The other half of the prerendered pages' starter (start/startAfterPaint.ts): what a student did on the
 * page before the app had started. The app's logic may carry out held taps early (onTapHeld, releaseTap);
 * the page calls takePrestart() once, as it takes the page over.
 */

/** The event the starter sends when it holds a tap (start/startAfterPaint.ts names it in its own body). */
const TAP_HELD_EVENT = 'habor:tap-held'

const heldList = (): string[] | undefined => window.__prestart

/** Calls `handle` with each held tap's key, those held already and those held later, until the page starts. */
export function onTapHeld(handle: (key: string) => void): void {
  const each = () => {
    for (const key of [...(heldList() ?? [])]) handle(key)
  }
  addEventListener(TAP_HELD_EVENT, each)
  each()
}

/** Asks for the view's modules, which the starter of a prerendered page names (start/startAfterPaint.ts). */
export function preloadView(): void {
  window.__preloadView?.()
}

/** Takes a held tap off the list the page will carry out: the app's logic has carried it out already. Its control stays busy. */
export function releaseTap(key: string): void {
  const list = heldList()
  const at = list?.indexOf(key) ?? -1
  if (list && at >= 0) list.splice(at, 1)
}

export interface Prestart {
  /** The keys of the held taps, in the order they were made, each once. */
  taps: string[]
  /** The value a field (by id) holds now, '' when there is none. */
  value: (id: string) => string
  /** Whether a checkbox (by id) is ticked now. */
  checked: (id: string) => boolean
  /** Whether a control (by id) is marked selected (a tab the student switched to). */
  selected: (id: string) => boolean
}

interface Kept {
  values: Record<string, string>
  checked: Record<string, boolean>
  selected: Record<string, boolean>
}
let kept: Kept = { values: {}, checked: {}, selected: {} }

/**
 * Keeps what the prerendered page under `root` holds (field values, ticks, selected tabs) before the app
 * renders afresh over it (when it cannot hydrate it, e.g. in another language), for takePrestart().
 */
export function keepPrestart(root: Element): void {
  kept = { values: {}, checked: {}, selected: {} }
  for (const input of root.querySelectorAll<HTMLInputElement>('input[id]')) {
    if (input.type === 'checkbox') kept.checked[input.id] = input.checked
    else kept.values[input.id] = input.value
  }
  for (const tab of root.querySelectorAll('[role="tab"][id]')) kept.selected[tab.id] = tab.getAttribute('aria-selected') === 'true'
}

/** Reads the held taps (and forgets them), clears their busy marks and marks the page as started. */
export function takePrestart(): Prestart {
  const held = heldList()
  const taps = [...(held ?? [])]
  if (held) held.length = 0
  for (const control of document.querySelectorAll('[data-prestart][aria-busy]')) {
    control.removeAttribute('aria-busy')
    control.classList.remove('btn--busy')
  }
  document.documentElement.setAttribute('data-started', '')
  const element = (id: string) => document.getElementById(id)
  const was = kept
  kept = { values: {}, checked: {}, selected: {} }
  return {
    taps,
    value: (id) => (element(id) as HTMLInputElement | null)?.value || was.values[id] || '',
    checked: (id) => (element(id) as HTMLInputElement | null)?.checked === true || was.checked[id] === true,
    selected: (id) => element(id)?.getAttribute('aria-selected') === 'true' || was.selected[id] === true,
  }
}
