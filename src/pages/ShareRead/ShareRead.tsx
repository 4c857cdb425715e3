/**
 * shareRead: one reading session shared by a student — the book, minutes, pages, the streak it belongs
 * to and the reader's notes. Times are shown in the reader's own time zone (when they actually read).
 */
import type { PageProps } from '../../../manifest/pages'
import type { ReadView } from '../../contract/content'
import { classLineIn } from '../../i18n/school'
import { useLang } from '../../state/app'
import { Author } from '../../ui/ShareBar/ShareBar'
import { formatDate, shareText } from '../../ui/ShareBar/texts'
import { SharePage } from '../../ui/SharePage/SharePage'
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
        <Author name={v.reader.name} meta={[classLineIn(lang, v.reader.className ?? ''), v.org]} />
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

/** The reading's title, for the share action and the chat card alike. */
const readTitle = (v: ReadView): string => `${v.reader.name} · 《${v.book.title}》`

export default function ShareRead(props: PageProps) {
  return (
    <SharePage {...props} kind="read" skeleton={<Skeleton />} card={(v) => ({ title: readTitle(v), desc: v.notes ?? '', imgUrl: v.book.cover?.url })} share={(v, lang) => ({ title: readTitle(v), text: shareText(lang, 'shareText') })}>
      {(v) => <Read v={v} />}
    </SharePage>
  )
}
