/**
 * Start-up, in order: docs/performance.md "From the first byte to the first tap and the daily open's frame".
 *
 * The frame of a login-only page (docs/performance.md "The daily open"): what the service worker paints
 * for a signed-in open of that page before any script has run. The build prerenders one per login-only
 * page of the page table (scripts/prerender.mjs, src/start/frames.tsx) and the app draws the real page in
 * the same places (start/mount.tsx keeps the frame over it until the page's scaffold is there).
 *
 * The same bar as PageScaffold on a page opened straight from a link (a signed-in student's way to Home
 * on the left, the page's title in the middle) over the page's column with placeholders: nothing of a
 * student, so it is right for every account. The title is in the frame's language: the build renders each
 * frame in every language and the service worker paints the reader's.
 */
import type { CSSProperties, ReactNode } from 'react'
import type { Lang } from '../../manifest/app'
import { DEFAULT_MAX_WIDTH, type PageRow } from '../../manifest/pages'

/** A placeholder block: `w` its width (CSS length, default the whole line), `h` its height in px (default a line of text). */
export function Sk({ w, h, round = false }: { w?: string; h?: number; round?: boolean }) {
  // Sized, not stretched: in a centred grid or a flex row an unsized block would have no width.
  const style: CSSProperties = { width: w ?? '100%' }
  if (h) style.height = `${h}px`
  return <span className={round ? 'frame-sk frame-sk--round' : 'frame-sk'} style={style} />
}

export function PageFrame({ page, lang, children }: { page: PageRow; lang: Lang; children: ReactNode }) {
  const max = `${page.maxWidth ?? DEFAULT_MAX_WIDTH}px`
  return (
    <div className="shell" style={{ ['--page-max' as string]: max }} data-page={page.name} data-frame={page.name}>
      <div className="scaffold" style={{ ['--page-max' as string]: max }}>
        <div className="scaffold__bar" aria-hidden="true">
          <div className="scaffold__bar-inner">
            {/* PageScaffold's way in on a page opened straight from a link: Home, for a signed-in student. */}
            <span className="scaffold__back">
              <svg viewBox="0 0 24 24" width="24" height="24">
                <path d="M4 11l8-7 8 7M6 9.5V20h4.5v-6h3v6H18V9.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </span>
            <span className="scaffold__title">{page.title[lang]}</span>
            <span className="scaffold__actions" />
          </div>
        </div>
        <main className="scaffold__main" aria-busy="true" aria-hidden="true">
          {children}
        </main>
      </div>
    </div>
  )
}
