/**
 * Home (landscape): the student's desk — greeting, the organisation switcher (its id is the Org-ID sent
 * from then on), entries, logout. Reading, works and tasks arrive with their own issues and show empty
 * states until then.
 */
import { useState } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { push } from '../../state/navigation'
import { classIn, gradeIn } from '../../i18n/school'
import { useSnapshot } from 'valtio'
import { appState, useLang } from '../../state/app'
import { useAuth } from '../../state/auth'
import { Button } from '../../ui/Button/Button'
import { showToast } from '../../ui/Overlay/overlay'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { Picker } from '../../ui/Picker/Picker'
import { usePullRefresh } from '../../ui/PullRefresh/usePullRefresh'
import { HomeSections } from './sections/HomeSections'
import { GuardianNotice } from './GuardianNotice'
import { NotificationTip } from './NotificationTip'
import { ClassPending } from '../../ui/ClassPending/ClassPending'
import './Home.css'
import { fill as fillIn } from '../../i18n/format'
import { Icon } from './icons'
import { confirmLogout } from '../../ui/Logout/confirmLogout'
import { useTeacherSide } from './useSides'
import { textsLoaded } from '../../i18n/texts'
import { defineTexts } from '../../i18n/texts'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  {
    morning: '早上好',
    afternoon: '下午好',
    evening: '晚上好',
    student: '同学',
    org: '当前机构',
    switched: '已切换到 {name}',
    logout: '退出登录',
    logoutConfirm: '确定要退出登录吗？',
    setPassword: '设置登录密码，下次可用密码快速登录',
    setPasswordAction: '去设置',
    unread: '{n} 条新通知',
    unreadOne: '1 条新通知',
    notifications: '通知',
    reading: '最近阅读',
    readingEmpty: '还没有阅读记录，在 App 中开始阅读吧',
    works: '我的作品',
    worksEmpty: '还没有作品，写下你的第一篇读后感',
    tasks: '进行中的任务',
    tasksEmpty: '暂时没有任务，老师布置后会显示在这里',
    report: '2023 年度报告',
    invite: '邀请好友',
    profile: '编辑资料',
    password: '修改密码',
    setPasswordEntry: '设置密码',
    classOf: '{grade} · {className}',
    toTeacher: '你也是老师：去老师工作台处理入班申请、布置任务',
    toTeacherAction: '老师工作台',
  },
  () => import('./Home.en'),
)


function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning'
  return hour < 18 ? 'afternoon' : 'evening'
}


export default function Home({ page }: PageProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const auth = useAuth()
  const user = auth.userInfo
  const { badge } = useSnapshot(appState)
  const [busy, setBusy] = useState(false)
  const teacherOrg = useTeacherSide()
  const orgs = user?.orgList ?? []
  const orgIndex = orgs.findIndex((o) => o.id === auth.org?.id)
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  const name = str(user?.name) || t.student
  // Shown in the interface's language whichever language the student chose them in.
  const klass = user ? fillIn(t.classOf, { grade: gradeIn(lang, str(user.grade)), className: classIn(lang, str(user.className)) }) : ''

  usePullRefresh(async () => {
    const flows = await import('../../state/session/flows')
    await flows.loadProfile().catch(() => undefined)
  })

  const switchOrg = async (index: number) => {
    const org = orgs[index]
    if (!org || org.id === auth.org?.id) return
    const flows = await import('../../state/session/flows')
    try {
      await flows.switchOrg(org.id)
      showToast(fillIn(t.switched, { name: org.name ?? '' }), { icon: 'success' })
    } catch (e) {
      const { errorText } = await import('../../ui/AuthForm/errorText')
      await textsLoaded()
      showToast(errorText(lang, e))
    }
  }

  const logout = async () => {
    // The same buttons as Settings' logout: the action is named, not 确定.
    if (!(await confirmLogout(lang, { content: t.logoutConfirm, confirmText: t.logout }))) return
    setBusy(true)
    const flows = await import('../../state/session/flows')
    await flows.logout()
  }

  // The report and Invite entries, with their data, live in HomeSections.
  const entries = [
    { key: 'profile', label: t.profile, to: '/improve' },
    { key: 'password', label: user?.isPassword === false ? t.setPasswordEntry : t.password, to: '/password' },
  ] as const

  return (
    <PageScaffold page={page}>
      <div className="home">
        <header className="home__head">
          <div className="home__avatar" aria-hidden="true">
            {name.slice(0, 1)}
          </div>
          <div className="home__hello">
            <h2 className="home__greeting">
              {t[greetingKey(new Date().getHours())]}
              {lang === 'en' ? ', ' : '，'}
              {name}
            </h2>
            {klass.trim() !== '·' ? <p className="home__class">{klass}</p> : null}
            <button type="button" className="home__inbox" onClick={() => push('/notifications')}>
              <span className={badge > 0 ? 'home__unread' : 'home__unread home__unread--none'} data-testid="unread">
                {badge > 0 ? (badge === 1 ? t.unreadOne : fillIn(t.unread, { n: badge })) : t.notifications}
              </span>
            </button>
          </div>
          <div className="home__org">
            {orgs.length > 1 ? (
              <Picker mode="selector" label={t.org} range={orgs.map((o) => o.name ?? o.id)} value={orgIndex} onChange={(i) => void switchOrg(i)} />
            ) : orgs.length === 1 ? (
              <p className="home__org-single">
                <span className="home__org-label">{t.org}</span>
                <span className="home__org-name">{orgs[0]?.name ?? orgs[0]?.id}</span>
              </p>
            ) : null}
          </div>
          <Button variant="secondary" size="s" className="home__logout" busy={busy} onClick={() => void logout()}>
            {t.logout}
          </Button>
        </header>

        {user && user.isPassword === false ? (
          <div className="home__banner" role="note">
            <span>{t.setPassword}</span>
            <Button size="s" onClick={() => push('/password')}>
              {t.setPasswordAction}
            </Button>
          </div>
        ) : null}

        {teacherOrg ? (
          <div className="home__banner" role="note">
            <span>{t.toTeacher}</span>
            <Button size="s" onClick={() => void import('../../state/sides').then((m) => m.goToSide(teacherOrg, '/teacher'))}>
              {t.toTeacherAction}
            </Button>
          </div>
        ) : null}

        <ClassPending on="home" />
        <GuardianNotice />

        <NotificationTip />

        <HomeSections />

        {/* Named apart from the sections' 快捷入口: two landmarks of one name cannot be told apart. */}
        <nav className="home__entries" aria-label={lang === 'zh-Hans' ? '我的账号' : 'My account'}>
          {entries.map((e) => (
            <button key={e.key} type="button" className="home__entry" onClick={() => push(e.to)}>
              <Icon name={e.key} />
              <span>{e.label}</span>
            </button>
          ))}
        </nav>
      </div>
    </PageScaffold>
  )
}
