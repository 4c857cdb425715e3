/** `?id=`: loads the report and shows the owner's view, the public view, or why it cannot. */
import { useResource } from '../../hooks/useResource'
import { COPY, isLoadedReport } from '../../lib/offline/pages'
import { SeenAt } from '../../ui/SeenAt/SeenAt'
import { RetryScreen } from '../../ui/RetryScreen/RetryScreen'
import { Missing } from './Missing'
import { OwnerView } from './OwnerView'
import { PublicView } from './PublicView'
import { loadReport } from './reportApi'
import type { Lang, Texts } from './texts'

export function ReportById({ id, t, lang }: { id: string; t: Texts; lang: Lang }) {
  const [state, retry] = useResource(() => loadReport(id), id, { remember: COPY.report(id), check: isLoadedReport })
  if (state.kind === 'offline') return <RetryScreen onRetry={retry} neverSeen={state.neverSeen} />
  if (state.kind === 'loading') {
    return (
      <div className="report" aria-busy="true">
        <div className="report__stage">
          <div className="report__skeleton" />
        </div>
      </div>
    )
  }
  if (state.kind === 'failed') return <Missing t={t} failed={state.message} onRetry={retry} />
  if (state.kind === 'empty' || state.data.report.slides.length === 0) return <Missing t={t} />
  const seen = state.seenAt !== undefined ? <SeenAt at={state.seenAt} /> : null
  return state.data.kind === 'owner' ? (
    <>
      {seen}
      <OwnerView initial={state.data.report} t={t} lang={lang} />
    </>
  ) : (
    <>
      {seen}
      <PublicView report={state.data.report} t={t} lang={lang} />
    </>
  )
}
