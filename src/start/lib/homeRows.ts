/**
 * Home's rows for the next daily open (docs/performance.md "From the first byte to the first tap and the
 * daily open's frame"): the one store that fills the frame. Home keeps the titles it lists beside the
 * signed-in marker (start/lib/signedInMarker.ts), and the service worker writes them into Home's frame
 * with frameRowsHtml before any script runs. Apart from the marker, so that Login's start, which writes
 * the marker, does not carry it.
 */
import { json, MARKER_CACHE, ROWS_URL, type FrameRows } from './signedInMarker'

/** Keeps the rows Home lists for `account`, for the frame of its next open. */
export async function setFrameRows(account: string, rows: FrameRows): Promise<void> {
  if (typeof caches === 'undefined' || !account) return
  try {
    await (await caches.open(MARKER_CACHE)).put(ROWS_URL, json({ account, rows }))
  } catch {
    // Not kept: the frame shows its placeholders until Home renders.
  }
}

/** Text as HTML: titles are what students typed, never markup. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] ?? c)

/**
 * A list of Home's desk rows as HTML, for a frame the worker answers without React: the markup Home's
 * Section renders for a DeskRow with no meta yet (pages/Home/sections/DeskRow.tsx), which a unit test
 * holds equal (tests/unit/start/lib/homeRows.test.tsx).
 */
export function frameRowsHtml(titles: readonly string[]): string {
  return titles.map((title) => `<li class="hs-item"><span class="hs-link"><span class="hs-link__title" data-user-content="true">${escapeHtml(title)}</span><span class="hs-link__meta hs-sk hs-sk--meta"></span></span></li>`).join('')
}
