/**
 * Navigation usable outside React (docs/product.md "Pages": push, pushTab, replace, replaceAll, back). Each history entry
 * of ours carries its index in history.state, so replaceAll can walk back to the app's first entry and
 * replace it: the target then is the only app entry Back can reach.
 */
import { navigate } from 'wouter/use-browser-location'
import { TAB_BAR, pageByPath } from '../../manifest/pages'
import { setNavType, type NavType } from './app'

interface EntryState {
  habor: { idx: number }
}

function entryIndex(state: unknown = typeof history === 'undefined' ? null : history.state): number {
  const idx = (state as Partial<EntryState> | null)?.habor?.idx
  return typeof idx === 'number' && idx >= 0 ? idx : 0
}

const entry = (idx: number): EntryState => ({ habor: { idx } })

/** The index of the current entry within the app's own history (0 = the first page opened). */
export const currentIndex = (): number => entryIndex()

export const currentUrl = (): string => `${location.pathname}${location.search}`

function normalise(to: string): string {
  const url = new URL(to, location.origin)
  return `${url.pathname}${url.search}`
}

/** docs/product.md "Pages": navigating to the same path as the current one is refused. */
export function isSameTarget(to: string): boolean {
  return normalise(to) === currentUrl()
}

/** Marks the first entry so later pushes count from it (called once at boot). */
export function initHistory(): void {
  if ((history.state as Partial<EntryState> | null)?.habor) return
  history.replaceState({ ...(history.state as object | null), ...entry(0) }, '')
}

let popListening = false
function listenForBack(): void {
  if (popListening) return
  popListening = true
  addEventListener('popstate', () => setNavType('back'))
}

function go(type: NavType, to: string, replace: boolean, idx: number): boolean {
  if (isSameTarget(to)) return false
  listenForBack()
  setNavType(type)
  navigate(normalise(to), { replace, state: entry(idx) })
  return true
}

export function push(to: string): boolean {
  return go('push', to, false, currentIndex() + 1)
}

/** A tab switch: tab pages replace each other rather than stacking (the specification's tab bar list is empty). */
export function pushTab(to: string): boolean {
  const page = pageByPath(new URL(to, location.origin).pathname)
  const isTab = page !== undefined && (TAB_BAR as readonly string[]).includes(page.name)
  return go('pushTab', to, isTab, isTab ? currentIndex() : currentIndex() + 1)
}

export function replace(to: string): boolean {
  return go('replace', to, true, currentIndex())
}

function waitForPop(delta: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      removeEventListener('popstate', done)
      clearTimeout(timer)
      resolve()
    }
    // A browser that ignores history.go (no earlier entry, test DOMs) must not hang navigation.
    const timer = setTimeout(done, 500)
    addEventListener('popstate', done)
    history.go(delta)
  })
}

/** Replaces the whole app history with `to` (docs/product.md "Pages" replaceAll; unknown routes go to Download this way). */
export async function replaceAll(to: string): Promise<boolean> {
  const idx = currentIndex()
  if (idx === 0 && isSameTarget(to)) return false
  if (idx > 0) await waitForPop(-idx)
  listenForBack()
  setNavType('replaceAll')
  navigate(normalise(to), { replace: true, state: entry(0) })
  return true
}

/**
 * Back within the app. On the app's first entry there is nothing of ours to go back to: the browser or
 * the installed app's own Back leaves (the specification: back on Login quits), so this returns false.
 */
export function back(delta = 1): boolean {
  const idx = currentIndex()
  if (idx === 0) return false
  listenForBack()
  setNavType('back')
  history.go(-Math.min(Math.max(1, delta), idx))
  return true
}
