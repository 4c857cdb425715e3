/**
 * Says that the student's declared class waits for a teacher's confirmation (docs/security.md "Class
 * membership"): until a teacher of the organisation confirms it, that class's tasks do not reach the
 * student. Shown on Home and on the profile page; reads the profile's `classConfirmed` (a profile saved
 * before the field existed says nothing).
 */
import { classIn, gradeIn } from '../../i18n/school'
import { fill } from '../../i18n/format'
import { useLang } from '../../state/app'
import { useAuth } from '../../state/auth'
import { defineTexts } from '../../i18n/texts'
import '../Notice/Notice.css'
import './ClassPending.css'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  {
    title: '班级待老师确认',
    home: '你填写的班级是 {klass}。老师确认后，这个班的任务才会出现在这里；如果填错了，可以在“编辑资料”里改。',
    profile: '你填写的班级是 {klass}。老师确认后，这个班的任务才会出现在首页；改了年级或班级，也要等老师再确认。',
  },
  () => import('./ClassPending.en'),
)

/** `on`: the page it is shown on (Home points to the profile page; the profile page to Home). */
export function ClassPending({ on, className }: { on: 'home' | 'profile'; className?: string }) {
  const lang = useLang()
  const user = useAuth().userInfo
  const t = useTexts(TEXTS)
  if (!user || user.classConfirmed !== false) return null
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  const klass = `${gradeIn(lang, str(user.grade))} · ${classIn(lang, str(user.className))}`
  return (
    <section className={['soft-note', 'class-pending', className].filter(Boolean).join(' ')} role="note" aria-label={t.title} data-testid="class-pending">
      <p className="class-pending__title">{t.title}</p>
      <p>{fill(t[on], { klass })}</p>
    </section>
  )
}
