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
import '../Notice/Notice.css'
import './ClassPending.css'

const TEXTS = {
  'zh-Hans': {
    title: '班级待老师确认',
    home: '你填写的班级是 {klass}。老师确认后，这个班的任务才会出现在这里；如果填错了，可以在“编辑资料”里改。',
    profile: '你填写的班级是 {klass}。老师确认后，这个班的任务才会出现在首页；改了年级或班级，也要等老师再确认。',
  },
  en: {
    title: 'Your class waits for your teacher',
    home: 'You chose {klass}. Its tasks appear here once a teacher confirms it; if it is wrong, change it in Edit profile.',
    profile: 'You chose {klass}. Its tasks appear on Home once a teacher confirms it; a new grade or class waits for a teacher again.',
  },
}

/** `on`: the page it is shown on (Home points to the profile page; the profile page to Home). */
export function ClassPending({ on, className }: { on: 'home' | 'profile'; className?: string }) {
  const lang = useLang()
  const user = useAuth().userInfo
  if (!user || user.classConfirmed !== false) return null
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  const klass = `${gradeIn(lang, str(user.grade))} · ${classIn(lang, str(user.className))}`
  const t = TEXTS[lang]
  return (
    <section className={['soft-note', 'class-pending', className].filter(Boolean).join(' ')} role="note" aria-label={t.title} data-testid="class-pending">
      <p className="class-pending__title">{t.title}</p>
      <p>{fill(t[on], { klass })}</p>
    </section>
  )
}
