/** `?id=`: one card as anyone sees it, with its recording; its author also gets the share and copy actions. */
import { push } from '../../state/navigation'
import { useResource } from '../../hooks/useResource'
import { copyText } from '../../lib/clipboard/clipboard'
import { Button } from '../../ui/Button/Button'
import { showToast } from '../../ui/Overlay/overlay'
import { shareLink } from '../../ui/ShareBar/share'
import { RetryScreen } from '../../ui/RetryScreen/RetryScreen'
import { fetchCard } from './cardsApi'
import { CardView } from './CardView'
import type { Lang, Texts } from './texts'
import { useAudioSrc } from './useAudioSrc'

const shareCard = (url: string, t: Texts, lang: Lang) => shareLink({ title: t.made, text: t.shareText, url, copy: `${t.shareText}${url}` }, lang)

export function CardPage({ id, t, lang }: { id: string; t: Texts; lang: Lang }) {
  const [state, retry] = useResource(() => fetchCard(id), id)
  const audioSrc = useAudioSrc(state.kind === 'ready' ? state.data : null)
  if (state.kind === 'offline') return <RetryScreen onRetry={retry} />
  if (state.kind === 'loading') {
    return (
      <div className="motherday__view" aria-busy="true">
        <div className="motherday__skeleton" aria-hidden="true" />
      </div>
    )
  }
  if (state.kind !== 'ready') {
    return (
      <div className="motherday__view">
        <div className="motherday__notice" role="alert">
          <p>{state.kind === 'empty' ? t.missing : t.loadFailed}</p>
          {state.kind === 'failed' ? (
            <Button variant="secondary" size="s" onClick={retry}>
              {t.retry}
            </Button>
          ) : null}
        </div>
        <Button block onClick={() => push('/motherday')}>
          {t.makeOwn}
        </Button>
      </div>
    )
  }
  const card = state.data
  const url = `${location.origin}/motherday?id=${encodeURIComponent(card.id)}`
  return (
    <div className="motherday__view">
      <CardView design={card.design} to={card.to} message={card.message} from={card.senderName} lang={lang} audio={audioSrc ? { src: audioSrc, label: t.voiceLabel } : null} />
      {card.mine ? (
        <div className="motherday__actions">
          {!card.shareable ? <p className="motherday__hint">{t.private}</p> : null}
          <Button block onClick={() => void shareCard(url, t, lang)}>
            {t.share}
          </Button>
          <Button variant="secondary" block onClick={() => void copyText(url, { lang, notify: (m) => showToast(m) })}>
            {t.copyLink}
          </Button>
          <Button variant="plain" block onClick={() => push('/motherday')}>
            {t.makeAnother}
          </Button>
        </div>
      ) : (
        <div className="motherday__actions">
          <Button block onClick={() => push('/motherday')}>
            {t.makeOwn}
          </Button>
        </div>
      )}
    </div>
  )
}
