/**
 * One task's progress, as a class notice reads in DingTalk or WeCom: every student as not opened, read
 * or done, with the counts on top (sticky, and each a filter), one tap to remind those not done (the
 * button says when the next is possible), and the class's progress as CSV. It follows the live channel:
 * the parent reads it again on each `task-progressed` notice (`tick`).
 */
import { useEffect, useState } from 'react'
import { CODE } from '../../contract/codes'
import { fill, formatClock, formatWhen } from '../../i18n/format'
import { download } from '../../lib/http'
import { call } from '../../lib/http/client'
import { isRequestError, retryAfterOf } from '../../lib/http/errors'
import { useLang } from '../../state/app'
import { errorText } from '../../ui/AuthForm/errorText'
import { Button } from '../../ui/Button/Button'
import { showToast } from '../../ui/Overlay/overlay'
import { RetryNote } from '../../ui/RetryScreen/RetryNote'
import { progressCsvPath, TEACHER, type ProgressState, type TeacherTask } from './api'
import { klassOf } from './ClassesColumn'
import { countStates, filterStudents, notDone, remindWaitS, type ProgressFilter } from './model'
import { TEXTS } from './texts'
import { useLoad } from './useLoad'
import { saveBlob } from '../../lib/device/saveBlob'
import { useTexts } from '../../hooks/useTexts'

const FILTERS: readonly ProgressFilter[] = ['all', 'not-opened', 'read', 'done']

/** A file name without the characters Windows and Android refuse. */
const safeName = (s: string): string =>
  [...s]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .slice(0, 80)

interface Props {
  taskId: string
  summary: TeacherTask | null
  tick: number
  onBack: () => void
  onChanged: () => void
}

export function TaskProgressView({ taskId, summary, tick, onBack, onChanged }: Props) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const [progress, retry, refresh] = useLoad(() => call(TEACHER.taskProgress, { params: { id: taskId } }), `progress:${taskId}`)
  const [filter, setFilter] = useState<ProgressFilter>('all')
  const [reminding, setReminding] = useState(false)
  const [exporting, setExporting] = useState(false)
  const [nextRemindAt, setNextRemindAt] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (tick > 0) refresh()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tick])

  const task = progress.kind === 'ready' ? progress.data.task : summary
  const nextAt = nextRemindAt ?? task?.nextRemindAt ?? null
  const wait = remindWaitS(nextAt, now)
  // The button's "next possible" time counts down; once it is reached the button is live again.
  useEffect(() => {
    if (wait <= 0) return
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait, 60) * 1000)
    return () => clearTimeout(timer)
  }, [wait, now])

  const remind = async () => {
    if (reminding || wait > 0) return
    setReminding(true)
    try {
      const r = await call(TEACHER.taskRemind, { params: { id: taskId } })
      setNextRemindAt(r.nextRemindAt)
      setNow(Date.now())
      showToast(fill(t.reminded, { n: r.reminded }), { icon: 'success' })
      onChanged()
    } catch (e) {
      const after = retryAfterOf(e)
      if (after !== undefined) {
        setNextRemindAt(Date.now() + after * 1000)
        setNow(Date.now())
      }
      showToast(after !== undefined ? fill(t.remindNext, { when: whenIn(after) }) : fill(t.failed, { why: errorText(lang, e) }))
    } finally {
      setReminding(false)
    }
  }

  const whenIn = (seconds: number): string => {
    const at = Date.now() + seconds * 1000
    const clock = formatClock(at)
    const mins = Math.ceil(seconds / 60)
    return lang === 'zh-Hans' ? `${mins} 分钟（${clock}）` : `${mins} min (${clock})`
  }

  const exportCsv = async () => {
    if (!task || exporting) return
    setExporting(true)
    try {
      const res = await download({ url: progressCsvPath(taskId), auth: true, loading: false })
      const file = safeName(fill(TEXTS.zh.fileName, { title: task.title, klass: klassOf('zh-Hans', task) }))
      saveBlob(res.data, file)
      showToast(fill(t.exported, { file }), { icon: 'success' })
    } catch (e) {
      showToast(isRequestError(e) && e.code !== CODE.SERVICE_ERROR ? fill(t.failed, { why: errorText(lang, e) }) : t.exportFailed)
    } finally {
      setExporting(false)
    }
  }

  const stamp = (ms: number) => formatWhen(lang, ms)
  const students = progress.kind === 'ready' ? progress.data.students : []
  const counts = countStates(students)
  const left = notDone(counts)
  const shown = filterStudents(students, filter)
  const countOf = (f: ProgressFilter) => (f === 'all' ? students.length : f === 'not-opened' ? counts.notOpened : f === 'read' ? counts.read : counts.done)

  return (
    <section className="teacher__card teacher__progress" aria-labelledby="teacher-progress">
      <div className="teacher__h-row">
        <Button size="s" variant="plain" className="teacher__back" onClick={onBack}>
          ‹ {t.back}
        </Button>
      </div>
      <h3 className="teacher__h" id="teacher-progress">
        {task?.title ?? t.progress}
      </h3>
      {task ? (
        <p className="teacher__sub">
          {klassOf(lang, task)} · {task.dueAt ? fill(t.due_, { when: formatWhen(lang, task.dueAt, { time: false }) }) : t.noDue}
        </p>
      ) : null}

      {progress.kind === 'loading' ? (
        <div className="teacher__skeleton" aria-label={t.loading} />
      ) : progress.kind === 'failed' ? (
        <RetryNote className="teacher__empty" text={t.progressFailed} retryText={t.retry} onRetry={retry} />
      ) : (
        <>
          <div className="teacher__sticky">
            <div className="teacher__filters" role="group" aria-label={t.filter}>
              {FILTERS.map((f) => (
                <button key={f} type="button" className={`teacher__filter teacher__filter--${f}`} aria-pressed={filter === f} onClick={() => setFilter(f)} data-testid={`count-${f}`}>
                  <span className="teacher__filter-n">{countOf(f)}</span>
                  <span className="teacher__filter-label">{t[f]}</span>
                </button>
              ))}
            </div>
            <div className="teacher__progress-acts">
              <Button size="s" busy={reminding} disabled={left === 0 || wait > 0} onClick={() => void remind()} data-testid="remind">
                {left === 0 ? t.remindNone : wait > 0 ? fill(t.remindNext, { when: whenIn(wait) }) : fill(t.remind, { n: left })}
              </Button>
              <Button size="s" variant="secondary" busy={exporting} onClick={() => void exportCsv()}>
                {t.export}
              </Button>
            </div>
          </div>
          {students.length === 0 ? (
            <p className="teacher__empty">{t.progressEmpty}</p>
          ) : (
            <ol className="teacher__rows teacher__rows--compact" aria-label={t.progress}>
              {shown.map((s) => (
                <li key={s.studentId} className="teacher__row teacher__compact" data-testid="progress-student" data-student={s.studentId} data-state={s.state}>
                  <span className="teacher__name">{s.name}</span>
                  <span className="teacher__when">
                    {s.state === 'done' && s.doneAt ? fill(t.doneAt, { when: stamp(s.doneAt) }) : s.state === 'read' && s.readAt ? fill(t.readAt, { when: stamp(s.readAt) }) : ''}
                  </span>
                  <StateChip state={s.state} label={t[s.state]} />
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  )
}

function StateChip({ state, label }: { state: ProgressState; label: string }) {
  return <span className={`teacher__state teacher__state--${state}`}>{label}</span>
}
