/**
 * The Teacher page's second column: the tasks the teacher set, with their counts, the form to set a new
 * one (several classes: one task each), and one task's progress (TaskProgress.tsx).
 */
import { useRef, useState, type FormEvent } from 'react'
import { TASK_BRIEF_MAX, TASK_TITLE_MAX } from '../../contract/tasks'
import { fill, formatWhen } from '../../i18n/format'
import { newKey, sendOrQueue } from '../../lib/outbox/outbox'
import { useLang } from '../../state/app'
import { errorText } from '../../ui/AuthForm/errorText'
import { Button } from '../../ui/Button/Button'
import { TextField } from '../../ui/Field/TextField'
import { showToast } from '../../ui/Overlay/overlay'
import { Picker } from '../../ui/Picker/Picker'
import { RetryNote } from '../../ui/RetryScreen/RetryNote'
import type { TeacherClass, TeacherTask } from './api'
import { klassOf } from './ClassesColumn'
import { planAssignments } from './model'
import { TaskProgressView } from './TaskProgress'
import { TEXTS } from './texts'
import type { Loaded } from './useLoad'
import { useTexts } from '../../hooks/useTexts'

interface Props {
  orgCode: string
  publisherName: string
  classes: readonly TeacherClass[]
  tasks: Loaded<TeacherTask[]>
  retryTasks: () => void
  refreshTasks: () => void
  openTask: string | null
  setOpenTask: (id: string | null) => void
  progressTick: number
}

const today = (): string => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

export function TasksColumn({ orgCode, publisherName, classes, tasks, retryTasks, refreshTasks, openTask, setOpenTask, progressTick }: Props) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const [assigning, setAssigning] = useState(false)
  const open = openTask && tasks.kind === 'ready' ? (tasks.data.find((x) => x.id === openTask) ?? null) : null

  if (openTask) {
    return <TaskProgressView taskId={openTask} summary={open} tick={progressTick} onBack={() => setOpenTask(null)} onChanged={refreshTasks} />
  }

  return (
    <section className="teacher__card" aria-labelledby="teacher-tasks">
      <div className="teacher__h-row">
        <h3 className="teacher__h" id="teacher-tasks">
          {t.tasks}
        </h3>
        {assigning ? null : (
          <Button size="s" onClick={() => setAssigning(true)} disabled={classes.length === 0}>
            {t.assign}
          </Button>
        )}
      </div>
      {assigning ? (
        <AssignForm
          orgCode={orgCode}
          publisherName={publisherName}
          classes={classes}
          onClose={(sent) => {
            setAssigning(false)
            if (sent) refreshTasks()
          }}
        />
      ) : null}
      {tasks.kind === 'loading' ? (
        <div className="teacher__skeleton" aria-label={t.loading} />
      ) : tasks.kind === 'failed' ? (
        <RetryNote className="teacher__empty" text={t.tasksFailed} retryText={t.retry} onRetry={retryTasks} />
      ) : tasks.data.length === 0 ? (
        <p className="teacher__empty">{t.tasksEmpty}</p>
      ) : (
        <ul className="teacher__rows">
          {tasks.data.map((task) => {
            const total = task.counts.notOpened + task.counts.read + task.counts.done
            return (
              <li key={task.id}>
                <button type="button" className="teacher__row teacher__task" onClick={() => setOpenTask(task.id)} data-testid="teacher-task">
                  <span className="teacher__name">{task.title}</span>
                  <span className="teacher__sub">
                    {klassOf(lang, task)} · {task.dueAt ? fill(t.due_, { when: formatWhen(lang, task.dueAt, { time: false }) }) : t.noDue}
                  </span>
                  <span className="teacher__bar" aria-hidden="true">
                    <span className="teacher__bar-done" style={{ width: total ? `${(task.counts.done / total) * 100}%` : 0 }} />
                    <span className="teacher__bar-read" style={{ width: total ? `${(task.counts.read / total) * 100}%` : 0 }} />
                  </span>
                  <span className="teacher__sub">{fill(t.counts, { done: task.counts.done, read: task.counts.read, notOpened: task.counts.notOpened })}</span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

function AssignForm({ orgCode, publisherName, classes, onClose }: { orgCode: string; publisherName: string; classes: readonly TeacherClass[]; onClose: (sent: boolean) => void }) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const [classIds, setClassIds] = useState<string[]>(classes.length === 1 && classes[0] ? [classes[0].classId] : [])
  const [title, setTitle] = useState('')
  const [brief, setBrief] = useState('')
  const [due, setDue] = useState('')
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<{ classes?: string; title?: string; brief?: string }>({})
  // One key per class for this form, made before the first attempt: a double tap or a retry lands once.
  const keys = useRef(new Map<string, string>())
  const sending = useRef(false)

  const toggle = (id: string) => setClassIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (sending.current) return
    const next = { classes: classIds.length === 0 ? t.assignClassesError : undefined, title: title.trim() ? undefined : t.titleError, brief: brief.trim() ? undefined : t.briefError }
    setErrors(next)
    if (next.classes || next.title || next.brief) return
    sending.current = true
    setBusy(true)
    const plan = planAssignments({ orgCode, classIds, title, brief, due, publisherName }, classes, keys.current, newKey)
    let queued = 0
    const failed: unknown[] = []
    let sent = 0
    for (const p of plan) {
      try {
        const r = await sendOrQueue({ kind: 'assignTask', body: p.body, key: p.key })
        if ('queued' in r) queued++
        else sent++
      } catch (e) {
        failed.push(e)
      }
    }
    sending.current = false
    setBusy(false)
    if (failed.length > 0) {
      showToast(fill(t.assignFailed, { n: failed.length, why: errorText(lang, failed[0]) }), { duration: 4000 })
      return
    }
    showToast(queued > 0 ? t.queued : fill(t.assigned, { n: sent }), { icon: queued > 0 ? 'none' : 'success', duration: queued > 0 ? 4000 : undefined })
    onClose(true)
  }

  return (
    <form className="teacher__form" onSubmit={(e) => void submit(e)} aria-label={t.assignTitle} noValidate>
      <h4 className="teacher__form-h">{t.assignTitle}</h4>
      <fieldset className="teacher__classes" aria-invalid={errors.classes ? true : undefined} aria-describedby={errors.classes ? 'assign-classes-error' : undefined}>
        <legend>{t.assignClasses}</legend>
        {classes.map((c) => (
          <label key={c.classId} className="teacher__chip">
            <input type="checkbox" checked={classIds.includes(c.classId)} onChange={() => toggle(c.classId)} />
            <span>{klassOf(lang, c)}</span>
          </label>
        ))}
        {errors.classes ? (
          <p className="teacher__error" id="assign-classes-error" role="alert">
            {errors.classes}
          </p>
        ) : null}
      </fieldset>
      <TextField label={t.title} value={title} onChange={setTitle} maxLength={TASK_TITLE_MAX} error={errors.title} />
      <div className="teacher__brief">
        <label htmlFor="assign-brief">{t.brief}</label>
        <textarea
          id="assign-brief"
          value={brief}
          rows={3}
          maxLength={TASK_BRIEF_MAX}
          placeholder={t.briefHint}
          aria-invalid={errors.brief ? true : undefined}
          aria-describedby={errors.brief ? 'assign-brief-error' : undefined}
          onChange={(e) => setBrief(e.target.value)}
        />
        {errors.brief ? (
          <p className="teacher__error" id="assign-brief-error" role="alert">
            {errors.brief}
          </p>
        ) : null}
      </div>
      <div className="teacher__due">
        <Picker mode="date" label={t.due} value={due} start={today()} placeholder={t.dueNone} onChange={setDue} />
        {due ? (
          <Button size="s" variant="plain" onClick={() => setDue('')}>
            {t.dueClear}
          </Button>
        ) : null}
      </div>
      <div className="teacher__form-acts">
        <Button variant="secondary" onClick={() => onClose(false)} disabled={busy}>
          {t.cancel}
        </Button>
        <Button type="submit" busy={busy}>
          {t.send}
        </Button>
      </div>
    </form>
  )
}
