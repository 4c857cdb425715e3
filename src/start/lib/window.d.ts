/**
 * The globals by which the starter of a prerendered page (start/startAfterPaint.ts) and the app's logic
 * talk, declared once (docs/performance.md "From the first byte to the first tap and the daily open's
 * frame"). The starter is inlined into the HTML and imports nothing, so a global is the only way between them.
 */
interface Window {
  /** The keys of the taps held before the app started, in order, each once (start/lib/prestart.ts). */
  __prestart?: string[]
  /** Asks for the view's modules; set by the starter once it has asked for the logic's. */
  __preloadView?: () => void
  /** Shows that the app's scripts did not load and tries `retry` again later (main.tsx, for the view). */
  __startStuck?: (retry: () => void) => void
}
