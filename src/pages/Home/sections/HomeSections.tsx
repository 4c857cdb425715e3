/**
 * Home's content: recent reading, my works, open tasks, and entries to the 2023 report, Invite,
 * Mother's Day and Settings, filled from GET /home/desk. Reloads when the organisation changes and when
 * the profile is loaded again (Home's pull-down refresh reloads the profile), and in place when a notice of
 * a new task or of the class arrives over the live channel (state/inbox.ts DESK_NOTICES). Titles and authors are the
 * students' own data and keep their language; they are marked `data-user-content`.
 */
import type { Lang } from '../../../../manifest/app'
import { useEffect, useRef, type ReactNode } from 'react'
import { push } from '../../../state/navigation'
import type { DeskReading, DeskTask, DeskWork } from '../../../contract/desk'
import { useResource, type ResourceState } from '../../../hooks/useResource'
import { useLang } from '../../../state/app'
import { useAuth } from '../../../state/auth'
import { useInbox } from '../../../state/inbox'
import { fetchDesk } from './deskApi'
import { COPY, isDesk } from '../../../lib/offline/pages'
import { groupReading, type ReadingGroup } from './readingGroups'
import { SeenAt } from '../../../ui/SeenAt/SeenAt'
import { DeskRow } from './DeskRow'
import { Section } from './Section'
import './sections.css'
import { fill, formatWhen } from '../../../i18n/format'
import { Icon } from '../icons'
import { setFrameRows } from '../../../start/lib/homeRows'
import { frameRows } from '../frameRows'
import { defineTexts } from '../../../i18n/texts'
import { useTexts } from '../../../hooks/useTexts'

const TEXTS = defineTexts(
  {
    reading: '最近阅读',
    readingEmpty: '还没有阅读记录，在 App 中开始阅读吧',
    readingMeta: '{minutes} 分钟 · {pages} 页 · {when}',
    readingTimes: '读了 {n} 次 · 共 {minutes} 分钟 · 最近 {when}',
    works: '我的作品',
    worksEmpty: '还没有作品，写下你的第一篇读后感',
    shared: '已分享',
    private: '仅自己可见',
    tasks: '进行中的任务',
    tasksEmpty: '暂时没有任务，老师布置后会显示在这里',
    due: '{when} 截止',
    noDue: '无截止日期',
    failed: '加载失败',
    retry: '重试',
    report: '2023 年度报告',
    reportReady: '已生成，点击查看',
    reportNew: '生成我的年度报告',
    invite: '邀请好友',
    invited: '已邀请 {n} 人',
    inviteNone: '分享邀请码给同学',
    motherday: '母亲节贺卡',
    mothedayMeta: '给妈妈做一张贺卡',
    settings: '设置',
    settingsMeta: '语言、缓存与账号',
    shortcuts: '快捷入口',
  },
  () => import('./HomeSections.en'),
)

/** A day, without its time: a reading or a work is of a day. */
const day = (ms: number, lang: Lang) => formatWhen(lang, ms, { time: false })

function Item({ title, meta, to }: { title: string; meta: string; to: string }) {
  return <DeskRow title={title} meta={meta} onOpen={() => push(to)} />
}

/** An entry of the shortcuts; its id names its icon too. */
function Entry({ label, meta, to, id }: { label: string; meta: ReactNode; to: string; id: 'report' | 'invite' | 'motherday' | 'settings' }) {
  return (
    <button type="button" className="hs-entry" onClick={() => push(to)} data-testid={`entry-${id}`}>
      <Icon name={id} />
      <span className="hs-entry__label">{label}</span>
      <span className="hs-entry__meta">{meta}</span>
    </button>
  )
}

const pick = <K extends 'reading' | 'works' | 'tasks'>(state: ReturnType<typeof useResource<Awaited<ReturnType<typeof fetchDesk>>>>[0], key: K) =>
  (state.kind === 'ready' ? { kind: 'ready', data: state.data[key] } : state) as ResourceState<Awaited<ReturnType<typeof fetchDesk>>[K]>

const grouped = (state: ResourceState<DeskReading[]>): ResourceState<ReadingGroup[]> => (state.kind === 'ready' ? { ...state, data: groupReading(state.data) } : state)

export function HomeSections() {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const auth = useAuth()
  // A new profile snapshot (pull-down refresh, org switch) is a new load.
  const generation = useRef({ user: auth.userInfo, n: 0 })
  if (generation.current.user !== auth.userInfo) generation.current = { user: auth.userInfo, n: generation.current.n + 1 }
  const { deskChanged } = useInbox()
  const [state, retry] = useResource(fetchDesk, `${auth.org?.id ?? ''}:${generation.current.n}:${deskChanged}`, { remember: COPY.desk(auth.org?.id ?? ''), check: isDesk, revalidate: true })
  const desk = state.kind === 'ready' ? state.data : null
  // What Home lists now is what the next open's frame shows at once (docs/performance.md "The daily open").
  const account = auth.token ? String(auth.userInfo?.id ?? '') : ''
  useEffect(() => {
    if (desk && account) void setFrameRows(account, frameRows(desk))
  }, [desk, account])
  // A section's key names its heading, icon and empty text; the failure and its retry are every section's.
  const part = (key: 'reading' | 'works' | 'tasks') => ({ id: key, title: t[key], icon: <Icon name={key} />, empty: t[`${key}Empty`], failed: t.failed, retry: t.retry, onRetry: retry })

  return (
    <div className="hs">
      {state.kind === 'ready' && state.seenAt !== undefined && <SeenAt at={state.seenAt} />}
      <div className="hs__grid">
        <Section<ReadingGroup>
          {...part('reading')}
          state={grouped(pick(state, 'reading'))}
          keyOf={(g) => g.newest.id}
          render={({ newest: r, times, minutes }) => (
            <Item
              title={r.bookTitle}
              meta={times > 1 ? fill(t.readingTimes, { n: times, minutes, when: day(r.readAt, lang) }) : fill(t.readingMeta, { minutes: r.minutes, pages: r.pages, when: day(r.readAt, lang) })}
              to={`/share/read?id=${encodeURIComponent(r.id)}`}
            />
          )}
        />
        <Section<DeskWork>
          {...part('works')}
          state={pick(state, 'works')}
          keyOf={(w) => w.id}
          render={(w) => <Item title={w.title} meta={`${day(w.createdAt, lang)} · ${w.shareable ? t.shared : t.private}`} to={`/share/opus?id=${encodeURIComponent(w.id)}`} />}
        />
        <Section<DeskTask>
          {...part('tasks')}
          state={pick(state, 'tasks')}
          keyOf={(x) => x.id}
          render={(x) => <Item title={x.title} meta={x.dueAt ? fill(t.due, { when: formatWhen(lang, x.dueAt) }) : t.noDue} to={`/task?id=${encodeURIComponent(x.id)}`} />}
        />
      </div>
      <nav className="hs__entries" aria-label={t.shortcuts}>
        <Entry
          id="report"
          label={t.report}
          meta={desk ? (desk.report ? t.reportReady : t.reportNew) : ''}
          to={desk?.report ? `/2023/report?id=${encodeURIComponent(desk.report.id)}` : '/2023/join'}
        />
        <Entry id="invite" label={t.invite} meta={desk ? (desk.invited > 0 ? fill(t.invited, { n: desk.invited }) : t.inviteNone) : ''} to="/invite" />
        <Entry id="motherday" label={t.motherday} meta={t.mothedayMeta} to="/motherday" />
        <Entry id="settings" label={t.settings} meta={t.settingsMeta} to="/settings" />
      </nav>
    </div>
  )
}
