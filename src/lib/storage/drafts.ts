/**
 * Unsent form text, kept in storage under `drafts` as the user types (docs/contract.md: logout keeps drafts), so a
 * forced logout loses nothing: after signing in again the form shows it.
 */
import { read, write } from './storage'

export function readDraft(key: string): string {
  return read('drafts')?.[key] ?? ''
}

export function saveDraft(key: string, value: string): void {
  const drafts = { ...(read('drafts') ?? {}) }
  if (value) drafts[key] = value
  else delete drafts[key]
  try {
    write('drafts', drafts)
  } catch (e) {
    console.warn('[drafts] could not keep the draft:', (e as Error).message)
  }
}

export function clearDrafts(prefix: string): void {
  const drafts = read('drafts')
  if (!drafts) return
  const rest = Object.fromEntries(Object.entries(drafts).filter(([k]) => !k.startsWith(prefix)))
  try {
    write('drafts', rest)
  } catch {
    // Nothing to keep if writing fails: the old drafts stay, which is harmless.
  }
}
