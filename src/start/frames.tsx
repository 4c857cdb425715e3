/**
 * Start-up, in order: docs/performance.md "From the first byte to the first tap and the daily open's frame".
 *
 * The frames of the login-only pages other than Home (docs/performance.md "The daily open"): page name →
 * what its frame shows in the page's column, in the page's own classes and with its own loading
 * placeholders where it has them, so the page renders in the same places. Words and data are
 * placeholders: a frame is the same for every account. Home's frame is its own (start/HomeFrame.tsx).
 *
 * Every login-only page of the page table (manifest/pages.ts `access`) has one: the build prerenders them
 * all (scripts/prerender.mjs) and tests/unit/start/frames.test.tsx holds the two lists together. A page
 * that takes its subject from the query (/task?id=…) has a generic frame of that page.
 */
import type { ReactNode } from 'react'
import type { PageName } from '../../manifest/pages'
import { Sk } from './PageFrame'
import { InviteSkeleton } from '../ui/InviteSkeleton/InviteSkeleton'

const two = [0, 1] as const

export const FRAME_BODIES: Partial<Record<PageName, () => ReactNode>> = {
  Settings: () => (
    <div className="settings">
      {/* Language, notifications, storage, account, about: each a card with its heading. */}
      {[50, 328, 100, 140, 155].map((h, i) => (
        <section key={i} className="settings__group">
          <Sk w="5em" />
          <Sk h={h} />
        </section>
      ))}
    </div>
  ),
  Notifications: () => (
    <div className="notes">
      <div className="notes__bar">
        <Sk w="6em" />
        <Sk w="5.5em" h={32} />
      </div>
      <div className="notes__skeleton" />
    </div>
  ),
  Task: () => (
    <div className="task-page">
      <div className="task-page__skeleton">
        <span className="sk" style={{ height: 132 }} />
        <span className="sk" style={{ height: 160 }} />
      </div>
    </div>
  ),
  Invite: () => (
    <div className="invite">
      <Sk w="80%" />
      <section className="invite__card">
        <Sk w="6em" />
        <InviteSkeleton />
      </section>
      <section className="invite__list">
        <Sk w="6em" />
        <ul className="invite__people">
          {two.map((i) => (
            <li key={i} className="invite__person">
              <span className="sk sk--avatar" />
              <span className="sk sk--line" />
            </li>
          ))}
        </ul>
      </section>
    </div>
  ),
  Consent: () => (
    <div className="consent">
      <Sk w="5em" />
    </div>
  ),
  Create: () => (
    <div className="create create--still">
      <div className="create__art">
        <span className="create__book create__book--a" />
        <span className="create__book create__book--b" />
        <span className="create__book create__book--c" />
        <span className="create__year">2023</span>
      </div>
      <Sk w="60%" h={28} />
      <div className="create__bar" />
      <ol className="create__steps">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="create__step">
            <span className="create__mark" />
            <Sk w="70%" />
          </li>
        ))}
      </ol>
      <Sk w="80%" />
    </div>
  ),
  Teacher: () => (
    <div className="teacher">
      <div className="teacher__head">
        <Sk w="8em" h={24} />
      </div>
      <div className="teacher__tabs">
        <span className="teacher__tab">
          <Sk w="3em" />
        </span>
        <span className="teacher__tab">
          <Sk w="3em" />
        </span>
      </div>
      <div className="teacher__cols">
        {two.map((i) => (
          <div key={i} className="teacher__col teacher__col--on">
            <section className="teacher__card">
              <Sk w="6em" />
              <div className="teacher__skeleton" />
            </section>
          </div>
        ))}
      </div>
    </div>
  ),
  ReportHistory: () => (
    <div className="history">
      <div className="history__skeleton" />
    </div>
  ),
}
