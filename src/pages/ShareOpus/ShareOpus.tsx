/**
 * shareOpus: a student's work as a link visitor sees it — cover, title, author, recording, text and
 * pictures — with the share action and the way to the app. The frame is prerendered; the content loads
 * after hydration (`?id=`), and the server has already put its preview meta into the HTML.
 */
import type { PageProps } from '../../../manifest/pages'
import type { OpusView } from '../../contract/content'
import { useResource } from '../../hooks/useResource'
import { classLineIn } from '../../i18n/school'
import { useLang } from '../../state/app'
import { AudioPlayer } from '../../ui/AudioPlayer/AudioPlayer'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { fetchContent } from '../../ui/ShareBar/content'
import { Avatar, OpenAppBar, ShareButton, ShareContent, shareUrl, useWechatShareCard } from '../../ui/ShareBar/ShareBar'
import { formatDate, shareText } from '../../ui/ShareBar/texts'
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
        <div className="share-author">
          <Avatar name={v.author.name} />
          <div className="share-author__text">
            <span className="share-author__name">{v.author.name}</span>
            <span className="share-author__meta">{[classLineIn(lang, v.author.className ?? ''), v.org, formatDate(lang, v.createdAt)].filter(Boolean).join(' · ')}</span>
          </div>
        </div>
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

export default function ShareOpus({ page, query }: PageProps) {
  const lang = useLang()
  const [state, retry] = useResource(() => fetchContent('opus', query.id), query.id ?? '')
  const data = state.kind === 'ready' ? state.data : null
  useWechatShareCard(data ? { title: data.title, desc: data.body.slice(0, 60), imgUrl: data.cover?.url ?? '/api/content/card.png' } : null)
  return (
    <PageScaffold page={page} actions={data ? <ShareButton target={() => ({ title: data.title, text: `${data.author.name}《${data.title}》· ${shareText(lang, 'shareText')}`, url: shareUrl(data.id) })} /> : null}>
      <div className="share-page">
        <ShareContent state={state} retry={retry} skeleton={<Skeleton />}>
          {(v) => <Opus v={v} />}
        </ShareContent>
      </div>
      <OpenAppBar />
    </PageScaffold>
  )
}
