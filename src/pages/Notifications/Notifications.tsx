/**
 * Notifications (login): the inbox of docs/notifications.md, newest first, as a messaging app's
 * notification centre has it — unread ones marked, what happened and when, tap to open what it is about
 * (which marks it read), 全部已读, older ones on request. New ones arrive over the live channel while
 * the page is open. Offline (or behind a Wi-Fi sign-in page) it shows the list last seen, marked with when,
 * and no count: the count of then is not the server's now. It loads again by itself when the network returns.
 */
import type { Lang } from '../../../manifest/app'
import { useEffect } from 'react'
import { REACHABLE_EVENT } from '../../lib/http/reach'
import type { PageProps } from '../../../manifest/pages'
import type { InboxEntry, InboxKind } from '../../contract/inbox'
import { fill, formatClock, formatWhen, sameDay } from '../../i18n/format'
import { useLang } from '../../state/app'
import { loadInbox, loadMore, markAllRead, markRead, useInbox } from '../../state/inbox'
import { push } from '../../state/navigation'
import { Button } from '../../ui/Button/Button'
import { showToast } from '../../ui/Overlay/overlay'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { SeenAt } from '../../ui/SeenAt/SeenAt'
import { usePullRefresh } from '../../ui/PullRefresh/usePullRefresh'
import { defineTexts } from '../../i18n/texts'
import './Notifications.css'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  {
    readAll: '全部已读',
    unreadOne: '1 条未读',
    unread: '{n} 条未读',
    allRead: '没有未读通知',
    more: '查看更早的通知',
    end: '没有更早的通知了',
    emptyTitle: '暂无通知',
    empty: '老师布置任务、好友接受邀请、有人打开你的贺卡时，都会在这里告诉你。',
    failed: '通知没有加载出来',
    retry: '重试',
    failedAction: '操作没有成功，请稍后再试',
    newMark: '未读',
    kinds: { task: '任务', friend: '好友', card: '贺卡', 'class-confirmed': '班级', 'class-refused': '班级', 'class-removed': '班级' } satisfies Record<InboxKind, string>,
    justNow: '刚刚',
    minutes: '{n} 分钟前',
    yesterday: '昨天 {time}',
  },
  () => import('./Notifications.en'),
)

/**
 * When, as a messaging app says it: just now, minutes ago, a time today, yesterday and its time; before
 * that the app's one date form (formatWhen). Pure; `timeZone` for tests.
 */
export function whenText(lang: Lang, at: number, now: number, timeZone?: string): string {
  const t = TEXTS(lang)
  const ago = now - at
  if (ago < 60_000) return t.justNow
  if (ago < 3_600_000) return fill(t.minutes, { n: Math.floor(ago / 60_000) })
  const time = formatClock(at, timeZone)
  if (sameDay(at, now, timeZone)) return time
  if (sameDay(at, now - 86_400_000, timeZone)) return fill(t.yesterday, { time })
  return formatWhen(lang, at, { now, timeZone })
}

function KindIcon({ kind }: { kind: InboxKind }) {
  const path =
    kind === 'task' || kind.startsWith('class-')
      ? 'M8 4h8v3H8zM6 6h2v2h8V6h2v14H6zM9 12h6M9 16h4'
      : kind === 'friend'
        ? 'M9 11a3 3 0 100-6 3 3 0 000 6zM3 20a6 6 0 0112 0M17 8v6M14 11h6'
        : 'M4 8h16v12H4zM4 8l8 6 8-6M9 4c1.5 0 3 1.5 3 4 0-2.5 1.5-4 3-4'
  return (
    <span className={`notes__icon notes__icon--${kind}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="22" height="22">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  )
}

export default function Notifications({ page }: PageProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const inbox = useInbox()

  useEffect(() => {
    void loadInbox().catch(() => undefined)
  }, [])
  usePullRefresh(async () => {
    await loadInbox().catch(() => undefined)
  })
  // Back online (or past the Wi-Fi's sign-in page), as useResource's pages do: what the network kept from us is asked for again.
  const waiting = inbox.status === 'failed' || inbox.seenAt !== undefined
  useEffect(() => {
    if (!waiting) return
    const again = () => void loadInbox().catch(() => undefined)
    addEventListener('online', again)
    addEventListener(REACHABLE_EVENT, again)
    return () => {
      removeEventListener('online', again)
      removeEventListener(REACHABLE_EVENT, again)
    }
  }, [waiting])

  const open = (e: InboxEntry) => {
    if (e.readAt === null) void markRead(e.id).catch(() => undefined)
    push(e.url)
  }
  const readAll = () => void markAllRead().catch(() => showToast(t.failedAction))
  const more = () => void loadMore().catch(() => showToast(t.failedAction))
  const now = Date.now()

  let body
  if (inbox.status === 'failed' && inbox.entries.length === 0) {
    body = (
      <div className="notes__empty" role="alert">
        <p>{t.failed}</p>
        <Button variant="secondary" size="s" onClick={() => void loadInbox().catch(() => undefined)}>
          {t.retry}
        </Button>
      </div>
    )
  } else if (inbox.status !== 'ready' && inbox.entries.length === 0) {
    body = <div className="notes__skeleton" aria-busy="true" />
  } else if (inbox.entries.length === 0) {
    body = (
      <div className="notes__empty">
        <svg viewBox="0 0 96 96" width="80" height="80" aria-hidden="true">
          <path d="M24 62V44a24 24 0 0148 0v18l6 8H18z" fill="var(--c-primary-soft)" stroke="var(--c-primary)" strokeWidth="4" strokeLinejoin="round" />
          <path d="M40 78a8 8 0 0016 0" fill="none" stroke="var(--c-primary)" strokeWidth="4" strokeLinecap="round" />
        </svg>
        <h2>{t.emptyTitle}</h2>
        <p>{t.empty}</p>
      </div>
    )
  } else {
    body = (
      <>
        <ul className="notes__list" aria-label={page.title[lang]}>
          {inbox.entries.map((e) => {
            const text = e.texts[lang]
            const unread = e.readAt === null
            return (
              <li key={e.id}>
                <button type="button" className={`notes__item${unread ? ' notes__item--unread' : ''}`} onClick={() => open(e)}>
                  <KindIcon kind={e.kind} />
                  <span className="notes__text">
                    <span className="notes__top">
                      <span className="notes__kind">{t.kinds[e.kind]}</span>
                      <time className="notes__when" dateTime={new Date(e.createdAt).toISOString()}>
                        {whenText(lang, e.createdAt, now)}
                      </time>
                    </span>
                    <span className="notes__title">
                      {unread ? (
                        <span className="notes__dot" role="img" aria-label={t.newMark} />
                      ) : null}
                      {text.title}
                    </span>
                    <span className="notes__body">{text.body}</span>
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
        {inbox.next ? (
          <Button variant="secondary" block busy={inbox.loadingMore} onClick={more}>
            {t.more}
          </Button>
        ) : inbox.seenAt === undefined ? (
          <p className="notes__end">{t.end}</p>
        ) : null}
      </>
    )
  }

  return (
    <PageScaffold page={page}>
      <div className="notes">
        {inbox.seenAt !== undefined ? (
          <SeenAt at={inbox.seenAt} />
        ) : inbox.status === 'failed' ? null : (
          <div className="notes__bar">
            <p className="notes__count" role="status" data-testid="inbox-unread">
              {inbox.unread === 0 ? t.allRead : inbox.unread === 1 ? t.unreadOne : fill(t.unread, { n: inbox.unread })}
            </p>
            <Button variant="secondary" size="s" disabled={inbox.unread === 0} onClick={readAll}>
              {t.readAll}
            </Button>
          </div>
        )}
        {body}
      </div>
    </PageScaffold>
  )
}
