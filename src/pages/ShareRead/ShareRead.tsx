/**
 * shareRead: one reading session shared by a student — the book, minutes, pages, the streak it belongs
 * to and the reader's notes. Times are shown in the reader's own time zone (when they actually read).
 */
import type { PageProps } from '../../../manifest/pages'
import type { ReadView } from '../../contract/content'
import { useResource } from '../../hooks/useResource'
import { classLineIn } from '../../i18n/school'
import { useLang } from '../../state/app'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { fetchContent } from '../../ui/ShareBar/content'
import { Avatar, OpenAppBar, ShareButton, ShareContent, shareUrl, useWechatShareCard } from '../../ui/ShareBar/ShareBar'
import { formatDate, shareText } from '../../ui/ShareBar/texts'
import './ShareRead.css'

function Skeleton() {
  return (
    <>
      <div className="share-card read__book">
        <span className="share-bone read__cover" />
        <div className="read__book-text">
          <span className="share-bone" style={{ height: 26, width: '70%' }} />
          <span className="share-bone" style={{ height: 18, width: '45%' }} />
        </div>
      </div>
      <span className="share-bone" style={{ height: 92 }} />
      <span className="share-bone" style={{ height: 140 }} />
    </>
  )
}

function Read({ v }: { v: ReadView }) {
  const lang = useLang()
  const t = (k: Parameters<typeof shareText>[1], vars?: Record<string, string | number>) => shareText(lang, k, vars)
  return (
    <article className="read">
      <div className="share-card read__book">
        {v.book.cover ? <img className="read__cover" src={v.book.cover.url} alt="" width={v.book.cover.width ?? 360} height={v.book.cover.height ?? 504} /> : <span className="read__cover" />}
        <div className="read__book-text">
          <h2 className="share-title">{v.book.title}</h2>
          <p className="read__book-author">{v.book.author}</p>
          <span className="share-chip">{v.book.category}</span>
          {v.book.totalPages ? <p className="read__book-pages">{t('pagesTotal', { n: v.book.totalPages })}</p> : null}
        </div>
      </div>

      <dl className="read__stats">
        <div className="read__stat">
          <dt>{t('minutes')}</dt>
          <dd>{v.minutes}</dd>
        </div>
        <div className="read__stat">
          <dt>{t('pages')}</dt>
          <dd>{v.pages}</dd>
        </div>
        <div className="read__stat read__stat--streak">
          <dt>{t('streak')}</dt>
          <dd>
            {v.streakDays}
            <small> {t('days')}</small>
          </dd>
        </div>
      </dl>

      <div className="share-card read__reader">
        <div className="share-author">
          <Avatar name={v.reader.name} />
          <div className="share-author__text">
            <span className="share-author__name">{v.reader.name}</span>
            <span className="share-author__meta">{[classLineIn(lang, v.reader.className ?? ''), v.org].filter(Boolean).join(' · ')}</span>
          </div>
        </div>
        <p className="read__when">
          {t('readOn')} {formatDate(lang, v.readAt, { time: true, offsetMin: v.tzOffsetMin })}
        </p>
        {v.notes && (
          <figure className="read__notes">
            <figcaption className="share-section-title">{t('notes')}</figcaption>
            <blockquote className="share-prose">{v.notes}</blockquote>
          </figure>
        )}
        <p className="read__so-far">{t('bookSoFar', { n: v.bookSessions, m: v.bookMinutes })}</p>
      </div>
    </article>
  )
}

export default function ShareRead({ page, query }: PageProps) {
  const lang = useLang()
  const [state, retry] = useResource(() => fetchContent('read', query.id), query.id ?? '')
  const data = state.kind === 'ready' ? state.data : null
  const title = data ? `${data.reader.name} · 《${data.book.title}》` : ''
  useWechatShareCard(data ? { title, desc: data.notes ?? '', imgUrl: data.book.cover?.url ?? '/api/content/card.png' } : null)
  return (
    <PageScaffold page={page} actions={data ? <ShareButton target={() => ({ title, text: shareText(lang, 'shareText'), url: shareUrl(data.id) })} /> : null}>
      <div className="share-page">
        <ShareContent state={state} retry={retry} skeleton={<Skeleton />}>
          {(v) => <Read v={v} />}
        </ShareContent>
      </div>
      <OpenAppBar />
    </PageScaffold>
  )
}
