/**
 * Task (login): a task the student's teacher assigned to their class — what to do, by when, the book it
 * is about — and the student's one action, marking it done (docs/product.md "Class tasks"). A task of
 * another class, or one deleted since, is named as not there. The public /share/task stays the share view.
 */
import { useEffect, useRef, useState } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { CALLS } from '../../contract/calls'
import { CODE } from '../../contract/codes'
import type { TaskDetail } from '../../contract/tasks'
import { useOutboxItems } from '../../hooks/useOutboxItems'
import { useResource } from '../../hooks/useResource'
import { COPY, isTaskOrNone } from '../../lib/offline/pages'
import { RetryNote } from '../../ui/RetryScreen/RetryNote'
import { SeenAt } from '../../ui/SeenAt/SeenAt'
import { fill, formatWhen } from '../../i18n/format'
import { classLineIn } from '../../i18n/school'
import { call, isRequestError } from '../../lib/http'
import * as outbox from '../../lib/outbox/outbox'
import { useLang } from '../../state/app'
import { push } from '../../state/navigation'
import { Button } from '../../ui/Button/Button'
import { showToast } from '../../ui/Overlay/overlay'
import { PendingWrite } from '../../ui/PendingWrite/PendingWrite'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { RetryScreen } from '../../ui/RetryScreen/RetryScreen'
import { holdForUndo, UNDO_MS, type Held } from './undo'
import { defineTexts } from '../../i18n/texts'
import './Task.css'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  {
    due: '{when} 前完成',
    noDue: '没有截止时间',
    overdue: '已过截止时间',
    from: '{who} 布置',
    book: '相关图书',
    done: '我已完成',
    doing: '正在提交…',
    doneAt: '{when} 已完成',
    doneToast: '已标记为完成',
    held: '已完成 · {n} 秒内可以撤销',
    undo: '撤销',
    missing: '找不到这个任务：它可能已被老师删除，或不是布置给你的班级的',
    failed: '任务加载失败',
    saveFailed: '没有提交成功，请稍后再试',
    pending: '待同步：已在这台设备上记下，连上网络后会自动提交',
    refused: '没有提交成功：{why}',
    resend: '重新提交',
    discard: '不提交了',
    retry: '重试',
    home: '回到首页',
  },
  () => import('./Task.en'),
)

const when = (lang: 'zh-Hans' | 'en', ms: number) => formatWhen(lang, ms)

/** The task, or null when it is not one of this student's (400002). */
async function loadTask(id: string): Promise<TaskDetail | null> {
  try {
    return await call(CALLS.task, { params: { id } })
  } catch (e) {
    if (isRequestError(e) && e.code === CODE.TASK_NOT_FOUND) return null
    throw e
  }
}

export default function Task({ page, query }: PageProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const id = query.id ?? ''
  const [state, retry] = useResource(() => (id ? loadTask(id) : Promise.resolve(null)), `task:${id}`, { remember: id ? COPY.task(id) : undefined, check: isTaskOrNone })
  const [doneAt, setDoneAt] = useState<number | null>(null)
  const [saving, setSaving] = useState(false)
  // 我已完成 waits UNDO_MS before it is sent, with 撤销 offered meanwhile.
  const [held, setHeld] = useState(false)
  const heldRef = useRef<Held | null>(null)
  const undone = useRef(false)
  const readSent = useRef('')
  useEffect(() => {
    // Leaving the page or the app sends a held tap at once.
    const flush = () => heldRef.current?.flush()
    addEventListener('pagehide', flush)
    return () => {
      removeEventListener('pagehide', flush)
      flush()
    }
  }, [])
  useEffect(() => {
    if (held || !undone.current) return
    undone.current = false
    document.getElementById('task-done')?.focus()
  }, [held])
  // Marked done without a connection: it waits in the outbox (待同步) and lands once it is back.
  const pending = useOutboxItems().find((i) => i.payload.kind === 'taskDone' && i.payload.taskId === id) ?? null
  useEffect(
    () =>
      outbox.onLanded((item, result) => {
        if (item.payload.kind === 'taskDone' && item.payload.taskId === id) setDoneAt((result as { doneAt: number }).doneAt)
      }),
    [id],
  )

  // Opening the task counts as read for the teacher's progress (docs/product.md "Class tasks"); made
  // offline (the task shown from the device), the read waits in the outbox like 我已完成.
  const shownId = state.kind === 'ready' && state.data && state.data.doneAt === null ? state.data.id : ''
  useEffect(() => {
    if (!shownId || readSent.current === shownId) return
    readSent.current = shownId
    outbox.sendOrQueue({ kind: 'taskRead', taskId: shownId, key: outbox.newKey() }).catch(() => undefined)
  }, [shownId])

  if (state.kind === 'offline') {
    return (
      <PageScaffold page={page}>
        <RetryScreen onRetry={retry} neverSeen={state.neverSeen} />
      </PageScaffold>
    )
  }
  const task = state.kind === 'ready' ? state.data : null
  const finished = doneAt ?? task?.doneAt ?? null

  const markDone = () => {
    if (!task || saving || pending || heldRef.current) return
    const taskId = task.id
    heldRef.current = holdForUndo(() => {
      heldRef.current = null
      setHeld(false)
      void send(taskId)
    })
    setHeld(true)
  }
  const undo = () => {
    if (!heldRef.current?.cancel()) return
    heldRef.current = null
    undone.current = true
    setHeld(false)
  }

  const send = async (taskId: string) => {
    setSaving(true)
    try {
      const answer = await outbox.sendOrQueue({ kind: 'taskDone', taskId, key: outbox.newKey() })
      if ('sent' in answer) {
        setDoneAt((answer.sent as { doneAt: number }).doneAt)
        showToast(t.doneToast)
      }
    } catch (e) {
      showToast(isRequestError(e) ? e.message : t.saveFailed)
    } finally {
      setSaving(false)
    }
  }

  return (
    <PageScaffold page={page}>
      <div className="task-page">
        {state.kind === 'ready' && state.seenAt !== undefined && <SeenAt at={state.seenAt} />}
        {state.kind === 'loading' ? (
          <div className="task-page__skeleton" aria-hidden="true">
            <span className="sk" style={{ height: 132 }} />
            <span className="sk" style={{ height: 160 }} />
          </div>
        ) : state.kind === 'failed' ? (
          <RetryNote className="task-page__note" text={t.failed} retryText={t.retry} onRetry={retry} />
        ) : !task ? (
          <div className="task-page__note" role="alert">
            <p>{t.missing}</p>
            <Button variant="secondary" size="s" onClick={() => push('/home')}>
              {t.home}
            </Button>
          </div>
        ) : (
          <article className="task-page__task" aria-labelledby="task-title">
            <header className="task-page__head">
              <span className="task-page__class">{classLineIn(lang, [task.grade ?? '', task.className].filter(Boolean).join(' '))}</span>
              <h2 id="task-title" className="task-page__title">
                {task.title}
              </h2>
              <p className="task-page__from">{fill(t.from, { who: task.publisherName })}</p>
              <p className={`task-page__due${task.dueAt !== null && task.dueAt < Date.now() && !finished ? ' task-page__due--late' : ''}`}>
                {task.dueAt === null ? t.noDue : task.dueAt < Date.now() && !finished ? `${t.overdue} · ${when(lang, task.dueAt)}` : fill(t.due, { when: when(lang, task.dueAt) })}
              </p>
            </header>
            <section className="task-page__card">
              <p className="task-page__brief">{task.brief}</p>
            </section>
            {task.book ? (
              <section className="task-page__card task-page__book" aria-label={t.book}>
                <span className="task-page__book-label">{t.book}</span>
                <span className="task-page__book-title">《{task.book.title}》</span>
                <span className="task-page__book-author">{task.book.author}</span>
              </section>
            ) : null}
            <div className="task-page__action">
              {held ? (
                <div className="task-page__held">
                  <p className="task-page__done" role="status">
                    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                      <circle cx="12" cy="12" r="10" fill="currentColor" />
                      <path d="M7.5 12.5l3 3 6-6.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                    {fill(t.held, { n: UNDO_MS / 1000 })}
                  </p>
                  <Button variant="secondary" onClick={undo}>
                    {t.undo}
                  </Button>
                </div>
              ) : pending && finished === null ? (
                <PendingWrite item={pending} texts={t} />
              ) : finished !== null ? (
                <p className="task-page__done" role="status">
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                    <circle cx="12" cy="12" r="10" fill="currentColor" />
                    <path d="M7.5 12.5l3 3 6-6.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  {fill(t.doneAt, { when: when(lang, finished) })}
                </p>
              ) : (
                <Button id="task-done" block busy={saving} onClick={markDone}>
                  {saving ? t.doing : t.done}
                </Button>
              )}
            </div>
          </article>
        )}
      </div>
    </PageScaffold>
  )
}
