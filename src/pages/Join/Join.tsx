/**
 * Join (public): the landing of the 2023 year in review — what is in it, that it stays private until
 * the student shares it — leading to login, then to Create. `?invite=` travels along to Login (for a
 * new account) and to Create.
 */
import { useEffect, useState } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { push } from '../../state/navigation'
import { checkInvite } from '../../lib/invite/check'
import { setPendingRoute } from '../../state/auth'
import { useSignedIn } from '../../state/session/machine'
import { Button } from '../../ui/Button/Button'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { defineTexts } from '../../i18n/texts'
import './Join.css'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  {
    eyebrow: 'Habor 阅读年度报告',
    title: '我的 2023 阅读故事',
    lead: '把你这一年的每一次阅读，变成一组可以翻看的故事卡片。',
    invited: '{name} 邀请你一起回顾 2023 的阅读',
    invitedAnon: '朋友邀请你一起回顾 2023 的阅读',
    inside: '报告里有什么',
    items: [
      ['时长', '这一年读了多少分钟、多少本书'],
      ['连续', '你最长连续阅读了多少天'],
      ['时段', '你最喜欢在什么时候读书'],
      ['类别', '你最爱读的书籍类别'],
      ['作品', '你发表的作品和年度关键词'],
    ],
    privacyTitle: '只属于你',
    privacy: '生成后只有你自己能看到。你可以隐藏任何一页，再决定要不要分享。',
    start: '生成我的年度报告',
    loginStart: '登录后生成我的报告',
    history: '我的报告',
  },
  () => import('./Join.en'),
)

const ICON_COLOURS = ['#c2410c', '#c92a2a', '#6741d9', '#087f5b', '#a61e4d']

/** The inviter's name for the banner; null when the code is unknown or the check fails. */
function useInviter(code: string | undefined): string | null {
  const [name, setName] = useState<string | null>(null)
  useEffect(() => {
    if (!code) return
    let live = true
    void checkInvite(code).then((verdict) => live && setName(verdict?.known ? verdict.inviterName || null : null))
    return () => {
      live = false
    }
  }, [code])
  return name
}

export default function Join({ page, query }: PageProps) {
  const t = useTexts(TEXTS)
  const loggedIn = useSignedIn()
  const invite = query.invite?.trim() || undefined
  const inviter = useInviter(invite)
  const createQuery = invite ? new URLSearchParams({ invite }).toString() : ''

  const start = () => {
    if (loggedIn) {
      push(createQuery ? `/2023/create?${createQuery}` : '/2023/create')
      return
    }
    // As the guard would, plus the code itself for a registration on the way.
    setPendingRoute({ name: 'Create', query: createQuery })
    push(`/login?${new URLSearchParams({ redirect: 'Create', query: createQuery, ...(invite ? { invite } : {}) }).toString()}`)
  }

  return (
    <PageScaffold page={page}>
      <div className="join">
        <div className="join__hero">
          <span className="join__orb" aria-hidden="true" />
          <span className="join__ring" aria-hidden="true" />
          <p className="join__eyebrow">{t.eyebrow}</p>
          <p className="join__year" aria-hidden="true">
            2023
          </p>
          <h2 className="join__title">{t.title}</h2>
          <p className="join__lead">{t.lead}</p>
        </div>

        {invite ? <p className="join__invited">{inviter ? t.invited.replace('{name}', inviter) : t.invitedAnon}</p> : null}

        <section className="join__card" aria-labelledby="join-inside">
          <h2 id="join-inside">{t.inside}</h2>
          <ul className="join__items">
            {t.items.map(([tag, text], i) => (
              <li key={tag}>
                <span className="join__tag" style={{ background: ICON_COLOURS[i] }} aria-hidden="true">
                  {tag}
                </span>
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="join__card join__privacy" aria-labelledby="join-privacy">
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <rect x="5" y="10.5" width="14" height="10" rx="2.5" fill="var(--c-primary-soft)" stroke="var(--c-primary)" strokeWidth="1.8" />
            <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" fill="none" stroke="var(--c-primary)" strokeWidth="1.8" />
          </svg>
          <div>
            <h2 id="join-privacy">{t.privacyTitle}</h2>
            <p>{t.privacy}</p>
          </div>
        </section>

        <div className="join__actions">
          <Button block onClick={start}>
            {loggedIn ? t.start : t.loginStart}
          </Button>
          {loggedIn ? (
            <Button variant="plain" block onClick={() => push('/2023/history')}>
              {t.history}
            </Button>
          ) : null}
        </div>
      </div>
    </PageScaffold>
  )
}
