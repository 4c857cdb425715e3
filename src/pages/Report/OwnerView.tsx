/**
 * The owner's report: every slide, each of which can be hidden from others, the share action (which first
 * asks to make the report shareable), "save as image", the sharing settings and the way to refresh it.
 * A change made offline waits in the outbox.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { push } from '../../state/navigation'
import type { OwnerReport, ReportUpdateBody, SlideKind } from '../../contract/report'
import { useOutboxItems } from '../../hooks/useOutboxItems'
import * as outbox from '../../lib/outbox/outbox'
import { Button } from '../../ui/Button/Button'
import { showModal } from '../../ui/Modal/modal'
import { consentRefusal, LIMITED_TEXTS } from '../../lib/guardian/limited'
import { showToast } from '../../ui/Overlay/overlay'
import { shareLink } from '../../ui/ShareBar/share'
import { StorySlides } from '../../ui/StorySlides/StorySlides'
import { linkOf } from './reportApi'
import { SaveImageButton } from './SaveImageButton'
import { SharingSettings } from './SharingSettings'
import { useStories } from './stories'
import type { Lang, Texts } from './texts'

export function OwnerView({ initial, t, lang }: { initial: OwnerReport; t: Texts; lang: Lang }) {
  const [report, setReport] = useState(initial)
  const [index, setIndex] = useState(0)
  const stories = useStories(report, t, lang, report.hidden)
  const current = report.slides[index]?.kind

  // A change made offline waits in the outbox: shown at once, marked 待同步, and replaced by the server's
  // answer once it lands.
  const reportId = initial.id
  const pending = useOutboxItems().find((i) => i.payload.kind === 'report' && i.payload.reportId === reportId) ?? null
  useEffect(() => {
    if (pending?.payload.kind !== 'report') return
    const body = pending.payload.body
    setReport((r) => ({ ...r, ...body }))
  }, [pending])
  useEffect(
    () =>
      outbox.onLanded((item, result) => {
        if (item.payload.kind === 'report' && item.payload.reportId === reportId) setReport(result as OwnerReport)
      }),
    [reportId],
  )

  // Only the newest change's answer is applied, so quick taps cannot undo each other.
  const latest = useRef(0)
  const change = async (body: ReportUpdateBody): Promise<OwnerReport | null> => {
    const before = report
    const n = ++latest.current
    // Shown at once; put back if the server says no.
    const shown = { ...report, ...body }
    setReport(shown)
    try {
      const answer = await outbox.sendOrQueue({ kind: 'report', reportId: report.id, body, key: outbox.newKey() })
      if ('queued' in answer) return shown
      const next = answer.sent as OwnerReport
      if (n === latest.current) setReport(next)
      return next
    } catch (e) {
      if (n === latest.current) setReport(before)
      // A child without a guardian's consent is told why and where to ask (docs/privacy.md).
      const limited = consentRefusal(lang, e)
      if (limited) void showModal({ title: t.updateFailed, content: limited, confirmText: LIMITED_TEXTS(lang).ask }).then((a) => a.confirm && push('/consent'))
      else showToast(t.updateFailed)
      return null
    }
  }
  const toggleHidden = (kind: SlideKind) => void change({ hidden: report.hidden.includes(kind) ? report.hidden.filter((k) => k !== kind) : [...report.hidden, kind] })

  const share = async () => {
    let shared = report
    if (!report.shareable) {
      const answer = await showModal({ title: t.makeShareableTitle, content: t.makeShareableBody, confirmText: t.makeShareableOk })
      if (!answer.confirm) return
      const next = await change({ shareable: true })
      if (!next) return
      shared = next
    }
    const url = linkOf(shared.id)
    await shareLink({ title: t.shareTitle, text: t.shareText, url, copy: `${t.shareText}${url}` }, lang)
  }

  const onIndexChange = useCallback((i: number) => setIndex(i), [])
  const hiddenNow = current ? report.hidden.includes(current) : false
  return (
    <div className="report">
      <div className="report__stage">
        <StorySlides
          stories={stories}
          texts={t}
          onIndexChange={onIndexChange}
          extra={
            current ? (
              <button type="button" className="story__button report__eye" aria-pressed={hiddenNow} aria-label={t.hideThis} onClick={() => toggleHidden(current)}>
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
                  <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
                  {hiddenNow ? <path d="M4 20L20 4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" /> : null}
                </svg>
              </button>
            ) : null
          }
        />
      </div>

      <div className="report__actions">
        <Button block onClick={() => void share()}>
          {t.share}
        </Button>
        <SaveImageButton report={report} index={index} t={t} lang={lang} />
      </div>

      <SharingSettings report={report} pending={pending} t={t} onChange={(body) => void change(body)} onToggle={toggleHidden} onDiscarded={() => setReport(initial)} />

      <div className="report__links">
        <Button variant="plain" onClick={() => push('/2023/create')}>
          {t.regenerate}
        </Button>
        <Button variant="plain" onClick={() => push('/2023/history')}>
          {t.history}
        </Button>
      </div>
    </div>
  )
}
