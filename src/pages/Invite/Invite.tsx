/**
 * Invite (login): my invitation code, its link and QR code, sharing (the Web Share API, else a copy with
 * docs/product.md "Errors"'s texts), and the people who joined with it.
 */
import { useState } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { useResource } from '../../hooks/useResource'
import { COPY, isInvite } from '../../lib/offline/pages'
import { SeenAt } from '../../ui/SeenAt/SeenAt'
import { copyText } from '../../lib/clipboard/clipboard'
import { useLang } from '../../state/app'
import { Button } from '../../ui/Button/Button'
import { CARD } from '../../ui/Card/card'
import { showToast } from '../../ui/Overlay/overlay'
import { shareLink } from '../../ui/ShareBar/share'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { RetryNote } from '../../ui/RetryScreen/RetryNote'
import { RetryScreen } from '../../ui/RetryScreen/RetryScreen'
import { fetchInvite } from './inviteApi'
import { InviteSkeleton } from '../../ui/InviteSkeleton/InviteSkeleton'
import { QrCode } from './QrCode'
import './Invite.css'
import { fill, formatWhen } from '../../i18n/format'
import { defineTexts } from '../../i18n/texts'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  {
    lead: '邀请同学一起阅读，注册时填写你的邀请码',
    myCode: '我的邀请码',
    copyCode: '复制邀请码',
    link: '邀请链接',
    qr: '邀请二维码，扫码打开邀请链接',
    qrHint: '让好友用手机扫一扫',
    share: '分享邀请',
    copyLink: '复制链接',
    shareTitle: '一起来 Habor 阅读',
    shareText: '我在 Habor 阅读世界，表达自我。用我的邀请码 {code} 注册，一起读书吧：',
    joined: '已邀请 {n} 人',
    joinedTitle: '通过我的邀请加入',
    empty: '还没有人通过你的邀请加入，分享给同学试试吧',
    unnamed: '已注销的用户',
    failed: '邀请信息加载失败',
    retry: '重试',
  },
  () => import('./Invite.en'),
)



export default function Invite({ page }: PageProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const [state, retry] = useResource(fetchInvite, 'invite', { remember: COPY.invite, check: isInvite })
  const [sharing, setSharing] = useState(false)

  if (state.kind === 'offline') {
    return (
      <PageScaffold page={page}>
        <RetryScreen onRetry={retry} neverSeen={state.neverSeen} />
      </PageScaffold>
    )
  }

  const info = state.kind === 'ready' ? state.data : null
  const url = info ? new URL(info.path, location.origin).href : ''
  const copy = (text: string) => void copyText(text, { lang, notify: (m) => showToast(m) })

  const share = async () => {
    if (!info) return
    const text = fill(t.shareText, { code: info.code })
    setSharing(true)
    try {
      await shareLink({ title: t.shareTitle, text, url, copy: `${text}${url}` }, lang)
    } finally {
      setSharing(false)
    }
  }

  return (
    <PageScaffold page={page}>
      <div className="invite">
        {state.kind === 'ready' && state.seenAt !== undefined && <SeenAt at={state.seenAt} />}
        <p className="invite__lead">{t.lead}</p>
        {state.kind === 'failed' || state.kind === 'empty' ? (
          <RetryNote className={`${CARD} invite__error`} text={t.failed} retryText={t.retry} onRetry={retry} />
        ) : (
          <section className={`${CARD} invite__card`} aria-labelledby="invite-code-title" aria-busy={!info}>
            <h2 id="invite-code-title" className="invite__label">
              {t.myCode}
            </h2>
            {info ? (
              <>
                <p className="invite__code" data-testid="invite-code">
                  {info.code}
                </p>
                <div className="invite__qr">
                  <QrCode text={url} label={t.qr} />
                  <span>{t.qrHint}</span>
                </div>
                <p className="invite__link">
                  <span className="invite__link-label">{t.link}</span>
                  <span className="invite__link-url">{url}</span>
                </p>
                <div className="invite__actions">
                  <Button block busy={sharing} onClick={() => void share()}>
                    {t.share}
                  </Button>
                  <div className="invite__row">
                    <Button variant="secondary" block onClick={() => copy(info.code)}>
                      {t.copyCode}
                    </Button>
                    <Button variant="secondary" block onClick={() => copy(url)}>
                      {t.copyLink}
                    </Button>
                  </div>
                </div>
              </>
            ) : (
              <InviteSkeleton />
            )}
          </section>
        )}

        <section className={`${CARD} invite__list`} aria-labelledby="invite-joined-title">
          <h2 id="invite-joined-title" className="invite__list-title">
            {t.joinedTitle}
            {info ? <span className="invite__count">{fill(t.joined, { n: info.joined.length })}</span> : null}
          </h2>
          {state.kind === 'loading' ? (
            <ul className="invite__people" aria-hidden="true">
              {[0, 1].map((i) => (
                <li key={i} className="invite__person">
                  <span className="sk sk--avatar" />
                  <span className="sk sk--line" />
                </li>
              ))}
            </ul>
          ) : info && info.joined.length === 0 ? (
            <p className="invite__empty">{t.empty}</p>
          ) : info ? (
            <ul className="invite__people" data-testid="invite-joined">
              {info.joined.map((p, i) => (
                <li key={`${p.joinedAt}-${i}`} className="invite__person">
                  <span className="invite__avatar" aria-hidden="true">
                    {(p.name || '?').slice(0, 1)}
                  </span>
                  <span className="invite__name">{p.name || t.unnamed}</span>
                  <time className="invite__when" dateTime={new Date(p.joinedAt).toISOString()}>
                    {formatWhen(lang, p.joinedAt)}
                  </time>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
    </PageScaffold>
  )
}
