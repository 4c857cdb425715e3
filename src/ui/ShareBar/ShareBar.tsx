/**
 * The pieces every public share page has: the "open in app / get the app" bar to /download, the share
 * button (Web Share API, else copy the link), and the skeleton, not-available and error states.
 */
import { useEffect, type MouseEvent, type ReactNode } from 'react'
import { APP_CONFIG } from '../../../manifest/app'
import { push } from '../../state/navigation'
import type { ResourceState } from '../../hooks/useResource'
import { isWeChat } from '../../lib/device/device'
import { useLang } from '../../state/app'
import { SeenAt } from '../SeenAt/SeenAt'
import { RetryScreen } from '../RetryScreen/RetryScreen'
import { shareLink, type ShareTarget } from './share'
import { shareText } from './texts'
import './ShareBar.css'

const toDownload = (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault()
  push('/download')
}

function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg viewBox="0 0 512 512" width={size} height={size} aria-hidden="true" className="share-logo">
      <rect width="512" height="512" rx="112" fill="#0E7A5F" />
      <path d="M112 150c56-22 104-14 144 18v210c-40-30-88-38-144-18z" fill="#fff" />
      <path d="M400 150c-56-22-104-14-144 18v210c40-30 88-38 144-18z" fill="#f2a93b" />
    </svg>
  )
}

/** Fixed at the bottom: who we are and the way to the app. */
export function OpenAppBar() {
  const lang = useLang()
  return (
    <aside className="share-bar" aria-label={shareText(lang, 'barOpen')}>
      <div className="share-bar__inner">
        <Logo />
        <p className="share-bar__text">
          <strong>{APP_CONFIG.productTitle}</strong>
          <span>{shareText(lang, 'barTitle')}</span>
        </p>
        <a className="share-bar__open" href="/download" onClick={toDownload}>
          {shareText(lang, 'barOpen')}
        </a>
      </div>
    </aside>
  )
}

/** The navigation bar's share action. */
export function ShareButton({ target }: { target: () => ShareTarget }) {
  const lang = useLang()
  return (
    <button type="button" className="share-button" aria-label={shareText(lang, 'share')} onClick={() => void shareLink(target(), lang)}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 3v12M7 8l5-5 5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  )
}

/** Inside WeChat, the chat card of this page (loaded lazily; elsewhere nothing happens). */
export function useWechatShareCard(card: { title: string; desc: string; imgUrl: string } | null): void {
  const title = card?.title
  const desc = card?.desc
  const imgUrl = card?.imgUrl
  useEffect(() => {
    if (title === undefined || imgUrl === undefined || !isWeChat(navigator.userAgent)) return
    void import('./wechat')
      .then(({ setWechatShareCard }) => setWechatShareCard({ title, desc, link: location.href, imgUrl: new URL(imgUrl, location.origin).href }))
      .catch(() => undefined)
  }, [title, desc, imgUrl])
}

/** The link to this page as it should travel (only the id; no language or other state). */
export function shareUrl(id: string): string {
  const url = new URL(location.pathname, location.origin)
  url.searchParams.set('id', id)
  return url.href
}

/** Loading, not-available, offline and failed states; `ready` renders the content. */
export function ShareContent<T>({ state, retry, skeleton, children }: { state: ResourceState<T | null>; retry: () => void; skeleton: ReactNode; children: (data: T) => ReactNode }) {
  const lang = useLang()
  if (state.kind === 'loading')
    return (
      <div className="share-skeleton" aria-busy="true">
        <span className="visually-hidden" role="status">
          {shareText(lang, 'loading')}
        </span>
        {skeleton}
      </div>
    )
  if (state.kind === 'offline') return <RetryScreen onRetry={retry} neverSeen={state.neverSeen} />
  if (state.kind === 'failed')
    return (
      <section className="share-state" role="alert">
        <StateArt kind="failed" />
        <h2 className="share-state__title">{shareText(lang, 'loadFailed')}</h2>
        <button type="button" className="share-state__action" onClick={retry}>
          {shareText(lang, 'retry')}
        </button>
      </section>
    )
  if (state.kind === 'empty' || state.data === null)
    return (
      <section className="share-state" data-testid="not-available">
        <StateArt kind="empty" />
        <h2 className="share-state__title">{shareText(lang, 'notAvailable')}</h2>
        <p className="share-state__text">{shareText(lang, 'notAvailableText')}</p>
        <a className="share-state__action" href="/download" onClick={toDownload}>
          {shareText(lang, 'explore')}
        </a>
      </section>
    )
  return (
    <>
      {state.seenAt !== undefined && <SeenAt at={state.seenAt} />}
      {children(state.data)}
    </>
  )
}

function StateArt({ kind }: { kind: 'empty' | 'failed' }) {
  return (
    <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" className="share-state__art">
      <rect x="18" y="14" width="60" height="72" rx="10" fill="var(--c-surface)" stroke="var(--c-line-strong)" strokeWidth="2" />
      <path d="M30 32h36M30 44h28M30 56h20" stroke="var(--c-line-strong)" strokeWidth="4" strokeLinecap="round" />
      {kind === 'empty' ? (
        <g>
          <circle cx="70" cy="70" r="15" fill="var(--c-primary-soft)" stroke="var(--c-primary)" strokeWidth="2" />
          <path d="M64 70h12" stroke="var(--c-primary)" strokeWidth="3" strokeLinecap="round" />
        </g>
      ) : (
        <g>
          <circle cx="70" cy="70" r="15" fill="var(--c-accent)" />
          <path d="M70 63v9M70 77v.5" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        </g>
      )}
    </svg>
  )
}

/** Who made it: their initial, name and one line of what else is known (empty parts left out). */
export function Author({ name, meta, className }: { name: string; meta: readonly (string | null | undefined)[]; className?: string }) {
  return (
    <div className={className ? `share-author ${className}` : 'share-author'}>
      <Avatar name={name} />
      <div className="share-author__text">
        <span className="share-author__name">{name}</span>
        <span className="share-author__meta">{meta.filter(Boolean).join(' · ')}</span>
      </div>
    </div>
  )
}

/** A person's initial in a coloured circle. */
function Avatar({ name }: { name: string }) {
  const hue = [...name].reduce((h, c) => (h * 31 + (c.codePointAt(0) ?? 0)) % 360, 7)
  return (
    <span className="share-avatar" aria-hidden="true" style={{ background: `hsl(${hue} 45% 42%)` }}>
      {[...name][0]?.toUpperCase()}
    </span>
  )
}
