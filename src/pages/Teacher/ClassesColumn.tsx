/**
 * The Teacher page's first column: the students asking to join a class (confirm, refuse, or confirm a
 * class's all at once) and the classes the teacher teaches, each with its roster (a student can be taken
 * out, after a question that names the act).
 */
import { useState } from 'react'
import { fill, formatWhen } from '../../i18n/format'
import { classIn, gradeIn } from '../../i18n/school'
import { call } from '../../lib/http/client'
import type { Lang } from '../../../manifest/app'
import { useLang } from '../../state/app'
import { errorText } from '../../ui/AuthForm/errorText'
import { Button } from '../../ui/Button/Button'
import { showModal } from '../../ui/Modal/modal'
import { showToast } from '../../ui/Overlay/overlay'
import { RetryNote } from '../../ui/RetryScreen/RetryNote'
import { TEACHER, type ClassRequest, type RosterStudent, type TeacherClass } from './api'
import { TEXTS } from './texts'
import { useLoad, type Loaded } from './useLoad'
import { useTexts } from '../../hooks/useTexts'
import type { TextsOf } from '../../i18n/texts'

export const klassOf = (lang: Lang, c: { grade: string | null; className: string }): string => (c.grade ? `${gradeIn(lang, c.grade)} ${classIn(lang, c.className)}` : classIn(lang, c.className))

/** The age band and the limited mark a teacher may see (never why a child is limited: docs/privacy.md). */
export function StudentTags({ t, ageBand, limited }: { t: TextsOf<typeof TEXTS>; ageBand: string; limited: boolean }) {
  const age = t.age[ageBand] ?? t.age.unknown
  return (
    <span className="teacher__tags">
      <span className="teacher__tag">{age}</span>
      {limited ? (
        <span className="teacher__tag teacher__tag--limited" title={t.limitedHint}>
          {t.limited}
        </span>
      ) : null}
    </span>
  )
}

interface Props {
  orgCode: string
  classes: Loaded<TeacherClass[]>
  requests: Loaded<ClassRequest[]>
  retryClasses: () => void
  retryRequests: () => void
  /** Something was confirmed, refused or removed: both lists are read again. */
  changed: () => void
}

/** Requests grouped by the class they ask for, in the order they came. */
function groupRequests(requests: readonly ClassRequest[]): { key: string; grade: string; className: string; classId: string | null; list: ClassRequest[] }[] {
  const groups = new Map<string, { key: string; grade: string; className: string; classId: string | null; list: ClassRequest[] }>()
  for (const r of requests) {
    const key = `${r.grade}\u0000${r.className}`
    const g = groups.get(key) ?? { key, grade: r.grade, className: r.className, classId: r.classId, list: [] }
    g.list.push(r)
    groups.set(key, g)
  }
  return [...groups.values()]
}

export function ClassesColumn({ orgCode, classes, requests, retryClasses, retryRequests, changed }: Props) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const [busy, setBusy] = useState<string | null>(null)
  const [openClass, setOpenClass] = useState<string | null>(null)
  const [rosterTick, setRosterTick] = useState(0)

  const act = async (id: string, run: () => Promise<string>) => {
    if (busy) return
    setBusy(id)
    try {
      showToast(await run(), { icon: 'success' })
      changed()
      setRosterTick((n) => n + 1)
    } catch (e) {
      showToast(fill(t.failed, { why: errorText(lang, e) }))
    } finally {
      setBusy(null)
    }
  }

  const confirm = (r: ClassRequest) =>
    act(`confirm:${r.studentId}`, async () => {
      await call(TEACHER.classConfirm, { body: { orgCode, studentId: r.studentId, grade: r.grade, className: r.className } })
      return fill(t.confirmed, { name: r.name, klass: klassOf(lang, r) })
    })

  const refuse = async (r: ClassRequest) => {
    const klass = klassOf(lang, r)
    const answer = await showModal({ content: fill(t.refuseAsk, { name: r.name, klass }), confirmText: t.refuseDo })
    if (!answer.confirm) return
    await act(`refuse:${r.studentId}`, async () => {
      await call(TEACHER.classRefuse, { body: { orgCode, studentId: r.studentId, grade: r.grade, className: r.className } })
      return fill(t.refused, { name: r.name })
    })
  }

  const confirmAll = async (g: ReturnType<typeof groupRequests>[number]) => {
    if (!g.classId) return
    const klass = klassOf(lang, g)
    const answer = await showModal({ content: fill(t.confirmAllAsk, { n: g.list.length, klass }), confirmText: t.confirmAllDo })
    if (!answer.confirm) return
    const classId = g.classId
    await act(`all:${classId}`, async () => {
      const r = await call(TEACHER.classConfirmAll, { body: { orgCode, classId } })
      return fill(t.confirmedAll, { n: r.confirmed })
    })
  }

  return (
    <>
      <section className="teacher__card" aria-labelledby="teacher-requests">
        <h3 className="teacher__h" id="teacher-requests">
          {t.requests}
          {requests.kind === 'ready' && requests.data.length > 0 ? <span className="teacher__badge">{requests.data.length}</span> : null}
        </h3>
        {requests.kind === 'loading' ? (
          <div className="teacher__skeleton" aria-label={t.loading} />
        ) : requests.kind === 'failed' ? (
          <RetryNote className="teacher__empty" text={t.requestsFailed} retryText={t.retry} onRetry={retryRequests} />
        ) : requests.data.length === 0 ? (
          <p className="teacher__empty">{t.requestsEmpty}</p>
        ) : (
          groupRequests(requests.data).map((g) => (
            <div key={g.key} className="teacher__group" role="group" aria-label={klassOf(lang, g)}>
              <div className="teacher__group-head">
                <span className="teacher__group-name">{klassOf(lang, g)}</span>
                {g.classId && g.list.length > 1 ? (
                  <Button size="s" variant="secondary" busy={busy === `all:${g.classId}`} onClick={() => void confirmAll(g)}>
                    {fill(t.confirmAll, { n: g.list.length })}
                  </Button>
                ) : null}
              </div>
              {g.classId ? null : <p className="teacher__hint">{t.noTeacherYet}</p>}
              <ul className="teacher__rows">
                {g.list.map((r) => (
                  <li key={r.studentId} className="teacher__row teacher__request" data-testid="class-request">
                    <div className="teacher__who">
                      <span className="teacher__name">{r.name}</span>
                      <span className="teacher__sub">
                        <StudentTags t={t} ageBand={r.ageBand} limited={r.limited} />
                        {fill(t.askedAt, { when: formatWhen(lang, r.requestedAt) })}
                        {r.confirmedClassName ? <span>{fill(t.movingFrom, { klass: klassOf(lang, { grade: r.confirmedGrade, className: r.confirmedClassName }) })}</span> : null}
                      </span>
                    </div>
                    <div className="teacher__acts">
                      <Button size="s" variant="secondary" aria-label={`${t.refuse} ${r.name}`} busy={busy === `refuse:${r.studentId}`} onClick={() => void refuse(r)}>
                        {t.refuse}
                      </Button>
                      <Button size="s" aria-label={`${t.confirm} ${r.name}`} busy={busy === `confirm:${r.studentId}`} onClick={() => void confirm(r)}>
                        {t.confirm}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </section>

      <section className="teacher__card" aria-labelledby="teacher-classes">
        <h3 className="teacher__h" id="teacher-classes">
          {t.classes}
        </h3>
        {classes.kind === 'loading' ? (
          <div className="teacher__skeleton" aria-label={t.loading} />
        ) : classes.kind === 'failed' ? (
          <RetryNote className="teacher__empty" text={t.classesFailed} retryText={t.retry} onRetry={retryClasses} />
        ) : classes.data.length === 0 ? (
          <p className="teacher__empty">{t.classesEmpty}</p>
        ) : (
          <ul className="teacher__rows">
            {classes.data.map((c) => (
              <li key={c.classId}>
                <button
                  type="button"
                  className="teacher__row teacher__class"
                  aria-expanded={openClass === c.classId}
                  onClick={() => setOpenClass(openClass === c.classId ? null : c.classId)}
                >
                  <span className="teacher__name">{klassOf(lang, c)}</span>
                  <span className="teacher__sub">
                    {fill(t.classLine, { n: c.students })}
                    {c.pending > 0 ? <span className="teacher__tag teacher__tag--pending">{fill(t.pendingLine, { n: c.pending })}</span> : null}
                  </span>
                </button>
                {openClass === c.classId ? <Roster klass={c} tick={rosterTick} busy={busy} act={act} /> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function Roster({ klass, tick, busy, act }: { klass: TeacherClass; tick: number; busy: string | null; act: (id: string, run: () => Promise<string>) => Promise<void> }) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const [roster, retry] = useLoad(() => call(TEACHER.classRoster, { params: { id: klass.classId } }), `roster:${klass.classId}:${tick}`)
  const name = klassOf(lang, klass)

  const remove = async (s: RosterStudent) => {
    const answer = await showModal({ content: fill(t.removeAsk, { name: s.name, klass: name }), confirmText: t.removeDo })
    if (!answer.confirm) return
    await act(`remove:${s.studentId}`, async () => {
      await call(TEACHER.classRemove, { params: { id: klass.classId }, body: { studentId: s.studentId } })
      return fill(t.removed, { name: s.name, klass: name })
    })
  }

  return (
    <div className="teacher__roster" aria-label={fill(t.roster, { klass: name })} role="region">
      {roster.kind === 'loading' ? (
        <div className="teacher__skeleton" aria-label={t.loading} />
      ) : roster.kind === 'failed' ? (
        <RetryNote className="teacher__empty" text={t.rosterFailed} retryText={t.retry} onRetry={retry} />
      ) : roster.data.length === 0 ? (
        <p className="teacher__empty">{t.rosterEmpty}</p>
      ) : (
        <ol className="teacher__rows teacher__rows--compact">
          {roster.data.map((s, i) => (
            <li key={s.studentId} className="teacher__row teacher__compact" data-testid="roster-student">
              <span className="teacher__no" aria-hidden="true">
                {i + 1}
              </span>
              <span className="teacher__name">{s.name}</span>
              <StudentTags t={t} ageBand={s.ageBand} limited={s.limited} />
              <Button size="s" variant="plain" className="teacher__remove" aria-label={`${t.remove} ${s.name}`} busy={busy === `remove:${s.studentId}`} onClick={() => void remove(s)}>
                {t.remove}
              </Button>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
