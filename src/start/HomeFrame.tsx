/**
 * Home's frame (docs/performance.md "From the first byte to the first tap and the daily open's frame"):
 * what a signed-in student's daily open paints before any script has run. The build prerenders it into
 * dist/_prerender/home.html, and for English readers __frame/en/home.html (scripts/prerender.mjs), and the
 * service worker answers `/home`, and `/` while the signed-in marker is there, with the one in the
 * reader's language.
 *
 * Generic on purpose: the layout of Home (the bar, the header, the desk's sections) with placeholders, and
 * nothing of a student, no notice and no words — so it is right for every account and in both languages.
 * Its icons are its first contentful paint. The worker writes the rows Home last listed for this account
 * into the sections' lists (`data-frame-list`, start/lib/homeRows.ts) before React draws the real Home
 * over it in the same places.
 */
import { Icon } from '../pages/Home/icons'
import '../pages/Home/Home.css'
import '../pages/Home/sections/sections.css'

/** The desk's sections, in Home's order: their lists are what the worker fills. */
const FRAME_SECTIONS = ['reading', 'works', 'tasks'] as const

function Placeholder({ kind }: { kind: 'title' | 'meta' }) {
  return <span className={`hs-sk hs-sk--${kind}`} />
}

export function HomeFrame() {
  return (
    <div className="shell" style={{ ['--page-max' as string]: '960px' }} data-page="Home" data-frame="home">
      <div className="scaffold" style={{ ['--page-max' as string]: '960px' }}>
        <div className="scaffold__bar" aria-hidden="true">
          <div className="scaffold__bar-inner">
            <span className="scaffold__back-space" />
          </div>
        </div>
        <main className="scaffold__main" aria-busy="true">
          <div className="home">
            <div className="home__head">
              <div className="home__avatar" aria-hidden="true">
                <Icon name="profile" />
              </div>
              <div className="home__hello" aria-hidden="true">
                <Placeholder kind="title" />
                <Placeholder kind="meta" />
              </div>
            </div>
            <div className="hs">
              <div className="hs__grid">
                {FRAME_SECTIONS.map((id) => (
                  <div key={id} className="hs-card" data-testid={`frame-${id}`}>
                    <div className="hs-card__head" aria-hidden="true">
                      <span className="hs-card__title">
                        <Icon name={id} />
                        <span className="hs-sk" style={{ width: '5em' }} />
                      </span>
                    </div>
                    <ul className="hs-list" data-frame-list={id}>
                      {[0, 1].map((i) => (
                        <li key={i} className="hs-item hs-item--skeleton" aria-hidden="true">
                          <Placeholder kind="title" />
                          <Placeholder kind="meta" />
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </div>
          </div>
        </main>
      </div>
    </div>
  )
}
