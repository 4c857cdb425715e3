/**
 * shareOpus: a student's work as a link visitor sees it — cover, title, author, recording, text and
 * pictures — with the share action and the way to the app. The frame is prerendered; the content loads
 * after hydration (`?id=`), and the server has already put its preview meta into the HTML.
 */
import type { PageProps } from '../../../manifest/pages'
import type { OpusView } from '../../contract/content'
import { classLineIn } from '../../i18n/school'
import { useLang } from '../../state/app'
import { AudioPlayer } from '../../ui/AudioPlayer/AudioPlayer'
import { Author } from '../../ui/ShareBar/ShareBar'
import { formatDate, shareText } from '../../ui/ShareBar/texts'
import { SharePage } from '../../ui/SharePage/SharePage'
import './ShareOpus.css'

function Skeleton() {
  return (
    <>
      <span className="share-bone opus__cover-bone" />
      <span className="share-bone" style={{ height: 30, width: '70%' }} />
      <span className="share-bone" style={{ height: 40, width: '55%' }} />
      <span className="share-bone" style={{ height: 120 }} />
    </>
  )
}

function Opus({ v }: { v: OpusView }) {
  const lang = useLang()
  const paragraphs = v.body.split(/\n\s*\n/).filter((p) => p.trim())
  return (
    <article className="opus">
      {v.cover && <img className="opus__cover" src={v.cover.url} alt="" width={v.cover.width ?? 1200} height={v.cover.height ?? 630} fetchPriority="high" />}
      <div className="share-card opus__head">
        <h2 className="share-title">{v.title}</h2>
        <Author name={v.author.name} meta={[classLineIn(lang, v.author.className ?? ''), v.org, formatDate(lang, v.createdAt)]} />
        {v.audio && <AudioPlayer src={v.audio.url} durationMs={v.audio.durationMs} title={v.title} artist={v.author.name} artwork={v.cover?.url} />}
      </div>
      <div className="share-card opus__body">
        {paragraphs.map((p, i) => (
          <p key={i} className="share-prose">
            {p}
          </p>
        ))}
      </div>
      {v.images.length > 0 && (
        <section className="opus__images" aria-label={shareText(lang, 'images')}>
          {v.images.map((img, i) => (
            <img key={img.url} className="opus__image" src={img.url} alt={shareText(lang, 'image', { n: i + 1 })} width={img.width ?? 800} height={img.height ?? 600} loading="lazy" />
          ))}
        </section>
      )}
    </article>
  )
}

export default function ShareOpus(props: PageProps) {
  return (
    <SharePage {...props} kind="opus" skeleton={<Skeleton />} card={(v) => ({ title: v.title, desc: v.body.slice(0, 60), imgUrl: v.cover?.url })} share={(v, lang) => ({ title: v.title, text: `${v.author.name}《${v.title}》· ${shareText(lang, 'shareText')}` })}>
      {(v) => <Opus v={v} />}
    </SharePage>
  )
}
