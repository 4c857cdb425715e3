/** Sound: a student's recording with the full player (play/pause, seek, time, speed, system controls); nothing autoplays. */
import type { PageProps } from '../../../manifest/pages'
import type { SoundView } from '../../contract/content'
import { useResource } from '../../hooks/useResource'
import { classLineIn } from '../../i18n/school'
import { useLang } from '../../state/app'
import { AudioPlayer } from '../../ui/AudioPlayer/AudioPlayer'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { fetchContent } from '../../ui/ShareBar/content'
import { Avatar, OpenAppBar, ShareButton, ShareContent, shareUrl, useWechatShareCard } from '../../ui/ShareBar/ShareBar'
import { formatDate, shareText } from '../../ui/ShareBar/texts'
import './Sound.css'

function Skeleton() {
  return (
    <>
      <span className="share-bone sound__cover" />
      <span className="share-bone" style={{ height: 30, width: '60%', alignSelf: 'center' }} />
      <span className="share-bone" style={{ height: 96 }} />
    </>
  )
}

function Recording({ v }: { v: SoundView }) {
  const lang = useLang()
  return (
    <article className="sound">
      {v.cover ? <img className="sound__cover" src={v.cover.url} alt="" width={v.cover.width ?? 600} height={v.cover.height ?? 600} fetchPriority="high" /> : <span className="sound__cover" />}
      <h2 className="share-title sound__title">{v.title}</h2>
      <div className="share-author sound__author">
        <Avatar name={v.author.name} />
        <div className="share-author__text">
          <span className="share-author__name">{v.author.name}</span>
          <span className="share-author__meta">{[classLineIn(lang, v.author.className ?? ''), v.org, formatDate(lang, v.createdAt)].filter(Boolean).join(' · ')}</span>
        </div>
      </div>
      <AudioPlayer size="large" src={v.audio.url} durationMs={v.audio.durationMs} title={v.title} artist={v.author.name} artwork={v.cover?.url} />
      {v.description && (
        <div className="share-card">
          <p className="share-prose sound__text">{v.description}</p>
        </div>
      )}
    </article>
  )
}

export default function Sound({ page, query }: PageProps) {
  const lang = useLang()
  const [state, retry] = useResource(() => fetchContent('sound', query.id), query.id ?? '')
  const data = state.kind === 'ready' ? state.data : null
  useWechatShareCard(data ? { title: data.title, desc: data.description ?? data.author.name, imgUrl: data.cover?.url ?? '/api/content/card.png' } : null)
  return (
    <PageScaffold page={page} actions={data ? <ShareButton target={() => ({ title: data.title, text: shareText(lang, 'from', { who: data.author.name }), url: shareUrl(data.id) })} /> : null}>
      <div className="share-page">
        <ShareContent state={state} retry={retry} skeleton={<Skeleton />}>
          {(v) => <Recording v={v} />}
        </ShareContent>
      </div>
      <OpenAppBar />
    </PageScaffold>
  )
}
