/**
 * Create (login): makes my 2023 report from my records — or refreshes it when I have one — showing what
 * it is doing step by step, then opens it. `?invite=` (from Join) is passed on for attribution.
 */
import { useEffect, useState } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { replace } from '../../state/navigation'
import { CALLS } from '../../contract/calls'
import { reportPagePath, type OwnerReport, type ReportCreateBody } from '../../contract/report'
import { resourceStateOf } from '../../hooks/useResource'
import { useReducedMotion } from '../../hooks/useReducedMotion'
import { call } from '../../lib/http'
import { Button } from '../../ui/Button/Button'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { RetryScreen } from '../../ui/RetryScreen/RetryScreen'
import { defineTexts } from '../../i18n/texts'
import './Create.css'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  {
    title: '正在生成你的 2023 阅读年度报告',
    steps: ['收集这一年的阅读记录', '计算阅读时长和读过的书', '寻找你的最长连续阅读', '挑选你的年度关键词'],
    done: '完成',
    progress: '生成进度',
    privacy: '报告生成后只有你自己能看到，分享与否由你决定。',
    failed: '报告没有生成成功',
    retry: '再试一次',
  },
  () => import('./Create.en'),
)

/** A step shows for at least this long while the server works, so each one can be read. */
const STEP_MS = 650
/** Once the report is ready, the remaining steps tick off this fast. */
const FINISH_STEP_MS = 180

type Phase = { kind: 'working' } | { kind: 'offline' } | { kind: 'failed'; message: string }

export default function Create({ page, query }: PageProps) {
  const t = useTexts(TEXTS)
  const reduced = useReducedMotion()
  const [step, setStep] = useState(0)
  const [phase, setPhase] = useState<Phase>({ kind: 'working' })
  const [attempt, setAttempt] = useState(0)
  const [report, setReport] = useState<OwnerReport | null>(null)
  const invite = query.invite

  useEffect(() => {
    let live = true
    setReport(null)
    setStep(0)
    setPhase({ kind: 'working' })
    const body: ReportCreateBody = { year: 2023, ...(invite ? { invite } : {}) }
    call(CALLS.createReport, { body }).then(
      (made) => {
        if (live) setReport(made)
      },
      (e: unknown) => {
        if (!live) return
        const s = resourceStateOf(e)
        setPhase(s.kind === 'offline' ? { kind: 'offline' } : { kind: 'failed', message: s.kind === 'failed' ? s.message : '' })
      },
    )
    return () => {
      live = false
    }
  }, [invite, attempt])

  const count = t.steps.length
  // The last step waits for the server; then every step is done and the report opens.
  useEffect(() => {
    if (phase.kind !== 'working') return
    if (step >= count) {
      if (report) replace(reportPagePath(report.id))
      return
    }
    if (step === count - 1 && !report) return
    const timer = setTimeout(() => setStep((s) => s + 1), report ? FINISH_STEP_MS : STEP_MS)
    return () => clearTimeout(timer)
  }, [phase.kind, step, count, report])

  if (phase.kind === 'offline') return <PageScaffold page={page}>{<RetryScreen onRetry={() => setAttempt((a) => a + 1)} />}</PageScaffold>

  const percent = Math.round((Math.min(step, count) / count) * 100)
  return (
    <PageScaffold page={page}>
      <div className={`create${reduced ? ' create--still' : ''}`}>
        <div className="create__art" aria-hidden="true">
          <span className="create__book create__book--a" />
          <span className="create__book create__book--b" />
          <span className="create__book create__book--c" />
          <span className="create__year">2023</span>
        </div>
        <h2 className="create__title">{t.title}</h2>
        <div className="create__bar" role="progressbar" aria-label={t.progress} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span style={{ width: `${percent}%` }} />
        </div>
        <ol className="create__steps" aria-live="polite">
          {t.steps.map((label, i) => (
            <li key={label} className={i < step ? 'create__step create__step--done' : i === step ? 'create__step create__step--now' : 'create__step'}>
              <span className="create__mark" aria-hidden="true" />
              <span>{label}</span>
              {i < step ? <span className="visually-hidden">{t.done}</span> : null}
            </li>
          ))}
        </ol>
        {phase.kind === 'failed' ? (
          <div className="create__failed" role="alert">
            <p>{phase.message || t.failed}</p>
            <Button onClick={() => setAttempt((a) => a + 1)}>{t.retry}</Button>
          </div>
        ) : (
          <p className="create__privacy">{t.privacy}</p>
        )}
      </div>
    </PageScaffold>
  )
}
