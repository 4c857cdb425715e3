/** The owner's sharing settings: shareable or not, the link, and which slides others see; a change waiting in the outbox shows on top. */
import type { OwnerReport, ReportUpdateBody, SlideKind } from '../../contract/report'
import type { OutboxItem } from '../../lib/outbox/outbox'
import { PendingWrite } from '../../ui/PendingWrite/PendingWrite'
import { useTexts } from '../../hooks/useTexts'
import { SLIDE_TEXTS } from '../../ui/StorySlides/reportSlide'
import { linkOf } from './reportApi'
import type { Texts } from './texts'

interface Props {
  report: OwnerReport
  pending: OutboxItem | null
  t: Texts
  onChange: (body: ReportUpdateBody) => void
  onToggle: (kind: SlideKind) => void
  onDiscarded: () => void
}

export function SharingSettings({ report, pending, t, onChange, onToggle, onDiscarded }: Props) {
  const { slideNames } = useTexts(SLIDE_TEXTS)
  return (
    <section className="report__panel" aria-labelledby="report-settings">
      <h2 id="report-settings" className="report__panel-title">
        {t.settings}
      </h2>
      <PendingWrite
        item={pending}
        className="report__pending"
        texts={{ pending: t.pending, refused: t.pendingRefused, resend: t.resend, discard: t.discard }}
        onDiscarded={onDiscarded}
      />

      <label className="report__switch">
        <span className="report__switch-text">
          <span className="report__switch-label">{t.shareable}</span>
          <span className="report__switch-note">{report.shareable ? t.shareableOn : t.shareableOff}</span>
        </span>
        <input type="checkbox" role="switch" checked={report.shareable} onChange={(e) => onChange({ shareable: e.target.checked })} />
        <span className="report__switch-track" aria-hidden="true" />
      </label>
      {report.shareable ? (
        <label className="report__link">
          <span>{t.link}</span>
          <input readOnly value={linkOf(report.id)} onFocus={(e) => e.target.select()} />
        </label>
      ) : null}
      <fieldset className="report__slides">
        <legend>{t.visibleSlides}</legend>
        {report.slides.map((s, i) => (
          <label key={s.kind} className="report__slide-option">
            <input type="checkbox" checked={!report.hidden.includes(s.kind)} onChange={() => onToggle(s.kind)} />
            <span>
              {i + 1}. {slideNames[s.kind]}
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  )
}
