/**
 * Home's rows for the next daily open (docs/performance.md "The daily open"), kept beside the signed-in
 * marker (start/lib/signedInMarker.ts) and read by the service worker. Apart from the marker, so that
 * Login's start, which writes the marker, does not carry it.
 */
import { json, MARKER_CACHE, ROWS_URL, type FrameRows } from './signedInMarker'

/** Keeps the rows Home lists for `account`, for the frame of its next open. */
export async function setFrameRows(account: string, rows: FrameRows): Promise<void> {
  if (typeof caches === 'undefined' || !account) return
  try {
    await (await caches.open(MARKER_CACHE)).put(ROWS_URL, json({ account, rows }))
  } catch {
    // Not kept: the frame shows its placeholders until the app fills it.
  }
}
