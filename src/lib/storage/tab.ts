/**
 * Tab-scoped values: kept in sessionStorage, in the store's format (./storage.ts): gone when the tab
 * closes, kept across its reloads, and never in the app's own store, so they are not the signed-in
 * student's and logout neither reads nor needs them. The guardian's page keeps its sign-in here (the page
 * is often opened on the child's phone; docs/privacy.md). A module of its own, so only the pages that use
 * it carry it (not /login's start).
 */
import { STORAGE_PREFIX } from './prefix'
import { sealing } from './storage'

/** What a tab-scoped value must look like to be read back; anything else reads as missing. */
export type TabValidator<T> = (data: unknown) => data is T

function tabBackend(): Storage | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}

const tabKey = (name: string): string => `${STORAGE_PREFIX}tab_${name}`

/** The tab's value `name`, or undefined when it is missing, corrupt or fails `valid`. */
export function tabRead<T>(name: string, valid: TabValidator<T>): T | undefined {
  const raw = tabBackend()?.getItem(tabKey(name))
  if (raw == null) return undefined
  try {
    const parsed: unknown = JSON.parse(sealing().open(raw))
    const data = (parsed as { data?: unknown } | null)?.data
    return valid(data) ? data : undefined
  } catch {
    return undefined
  }
}

/** Writes the tab's value `name`; a tab without session storage (a private mode that refuses it) keeps nothing. */
export function tabWrite(name: string, data: unknown): void {
  try {
    tabBackend()?.setItem(tabKey(name), sealing().seal(JSON.stringify({ v: 1, data })))
  } catch {
    // Nothing kept: the next reload asks for a code again, as before.
  }
}

export function tabRemove(name: string): void {
  tabBackend()?.removeItem(tabKey(name))
}
