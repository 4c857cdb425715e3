/**
 * The refusal of a recording because the account's recordings fill their quota (docs/security.md
 * "Limits of accounts, numbers and classes", HTTP 429 with `data.reason: 'storage-quota'`). Waiting does
 * not help, so it gets its own message instead of "try again": how much is used, and a way out (My cards,
 * where old cards and their recordings are deleted).
 */
import { fill } from '../../i18n/format'
import { isRequestError } from '../../lib/http/errors'
import { MY_CARDS_ID } from './MyCards'
import type { Texts } from './texts'

export interface StorageQuota {
  quotaBytes: number
  usedBytes: number
}

/** The quota and its use from a refusal's data (the envelope's `data`), else null. */
export function storageQuotaOf(data: unknown): StorageQuota | null {
  if (typeof data !== 'object' || data === null) return null
  const d = data as Record<string, unknown>
  if (d.reason !== 'storage-quota' || typeof d.quotaBytes !== 'number' || typeof d.usedBytes !== 'number') return null
  return { quotaBytes: d.quotaBytes, usedBytes: d.usedBytes }
}

/** The same, from an error of the network layer. */
export const storageQuotaError = (e: unknown): StorageQuota | null => (isRequestError(e) && e.statusCode === 429 ? storageQuotaOf(e.data) : null)

/** Bytes as MB (of 1 048 576) with at most one decimal: 50 MB, 49.6 MB. */
const mb = (bytes: number) => `${Math.round((bytes / 1048576) * 10) / 10} MB`

/** Takes the student to My cards (on the same page), where old cards and their recordings can be deleted. */
export function showMyCards(): void {
  const section = document.getElementById(MY_CARDS_ID)
  section?.scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })
  section?.focus({ preventScroll: true })
}

/** `waiting`: the card waits in the outbox (it can be deleted, not edited). */
export const storageFullText = (t: Texts, q: StorageQuota, waiting = false): string =>
  fill(waiting ? t.storageFullWaiting : t.storageFull, { quota: mb(q.quotaBytes), used: mb(Math.min(q.usedBytes, q.quotaBytes)) })
