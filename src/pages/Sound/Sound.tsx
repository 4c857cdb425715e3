/** Sound: a student's recording with the full player (play/pause, seek, time, speed, system controls); nothing autoplays. */
import type { PageProps } from '../../../manifest/pages'
import type { SoundView } from '../../contract/content'
import { classLineIn } from '../../i18n/school'
import { useLang } from '../../state/app'
import { AudioPlayer } from '../../ui/AudioPlayer/AudioPlayer'
import { Author } from '../../ui/ShareBar/ShareBar'
import { formatDate, shareText } from '../../ui/ShareBar/texts'
import { SharePage } from '../../ui/SharePage/SharePage'
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
      <Author name={v.author.name} meta={[classLineIn(lang, v.author.className ?? ''), v.org, formatDate(lang, v.createdAt)]} className="sound__author" />
      <AudioPlayer size="large" src={v.audio.url} durationMs={v.audio.durationMs} title={v.title} artist={v.author.name} artwork={v.cover?.url} />
      {v.description && (
        <div className="share-card">
          <p className="share-prose sound__text">{v.description}</p>
        </div>
      )}
    </article>
  )
}

export default function Sound(props: PageProps) {
  return (
    <SharePage {...props} kind="sound" skeleton={<Skeleton />} card={(v) => ({ title: v.title, desc: v.description ?? v.author.name, imgUrl: v.cover?.url })} share={(v, lang) => ({ title: v.title, text: shareText(lang, 'from', { who: v.author.name }) })}>
      {(v) => <Recording v={v} />}
    </SharePage>
  )
}
