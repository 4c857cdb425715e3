/** ReportHistory (login): my reports, with when each was made and refreshed and whether others can see it. */
import type { PageProps } from '../../../manifest/pages'
import { push } from '../../state/navigation'
import { CALLS } from '../../contract/calls'
import { reportPagePath, type ReportSummary } from '../../contract/report'
import { useResource } from '../../hooks/useResource'
import { call } from '../../lib/http'
import { useLang } from '../../state/app'
import { Button } from '../../ui/Button/Button'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { RetryNote } from '../../ui/RetryScreen/RetryNote'
import { RetryScreen } from '../../ui/RetryScreen/RetryScreen'
import { SeenAt } from '../../ui/SeenAt/SeenAt'
import { COPY, isReportList } from '../../lib/offline/pages'
import './ReportHistory.css'
import { fill, formatWhen } from '../../i18n/format'
import { defineTexts } from '../../i18n/texts'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  {
    name: '{year} 阅读年度报告',
    made: '生成于 {date}',
    refreshed: '更新于 {date}',
    shared: '已公开',
    private: '仅自己可见',
    hidden: '{n} 页对别人隐藏',
    pages: '共 {n} 页',
    open: '查看',
    emptyTitle: '还没有年度报告',
    empty: '用你 2023 年的阅读记录，生成第一份属于你的报告。',
    create: '生成 2023 年度报告',
    refresh: '用最新记录更新 2023 报告',
    failed: '列表加载失败',
    retry: '重试',
  },
  () => import('./ReportHistory.en'),
)


const loadMine = (): Promise<ReportSummary[]> => call(CALLS.reports, {})

export default function ReportHistory({ page }: PageProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const [state, retry] = useResource(loadMine, 'mine', { remember: COPY.reports, check: isReportList })
  const date = (ms: number) => formatWhen(lang, ms)

  let body
  if (state.kind === 'offline') body = <RetryScreen onRetry={retry} />
  else if (state.kind === 'loading') {
    body = (
      <div className="history" aria-busy="true">
        <div className="history__skeleton" />
      </div>
    )
  } else if (state.kind === 'failed') {
    body = (
      <RetryNote className="history__empty" text={t.failed} retryText={t.retry} onRetry={retry} />
    )
  } else {
    const list = state.kind === 'ready' ? state.data : []
    body = (
      <div className="history">
        {state.kind === 'ready' && state.seenAt !== undefined && <SeenAt at={state.seenAt} />}
        {list.length === 0 ? (
          <div className="history__empty">
            <svg viewBox="0 0 96 96" width="88" height="88" aria-hidden="true">
              <rect x="18" y="14" width="44" height="64" rx="8" fill="#ffe8a3" />
              <rect x="34" y="20" width="44" height="64" rx="8" fill="var(--c-primary)" />
              <text x="56" y="58" textAnchor="middle" fontSize="15" fontWeight="800" fill="#fff">
                2023
              </text>
            </svg>
            <h2>{t.emptyTitle}</h2>
            <p>{t.empty}</p>
          </div>
        ) : (
          <ul className="history__list">
            {list.map((r) => (
              <li key={r.id}>
                <button type="button" className="history__item" onClick={() => push(reportPagePath(r.id))}>
                  <span className="history__thumb" aria-hidden="true">
                    {r.year}
                  </span>
                  <span className="history__text">
                    <span className="history__name">{fill(t.name, { year: r.year })}</span>
                    <span className="history__meta">{fill(t.made, { date: date(r.createdAt) })}</span>
                    {r.updatedAt !== r.createdAt ? <span className="history__meta">{fill(t.refreshed, { date: date(r.updatedAt) })}</span> : null}
                    <span className="history__chips">
                      <span className={`history__chip${r.shareable ? ' history__chip--shared' : ''}`}>{r.shareable ? t.shared : t.private}</span>
                      <span className="history__chip">{fill(t.pages, { n: r.slideCount })}</span>
                      {r.hiddenCount > 0 ? <span className="history__chip">{fill(t.hidden, { n: r.hiddenCount })}</span> : null}
                    </span>
                  </span>
                  <span className="history__open">{t.open}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <Button block variant={list.length === 0 ? 'primary' : 'secondary'} onClick={() => push('/2023/create')}>
          {list.some((r) => r.year === 2023) ? t.refresh : t.create}
        </Button>
      </div>
    )
  }
  return <PageScaffold page={page}>{body}</PageScaffold>
}
