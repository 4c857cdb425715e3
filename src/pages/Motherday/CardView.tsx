/** A Mother's Day card as mum sees it: the design, the greeting, the message, the sender and the voice message. */
import type { CardDesign } from '../../contract/cards'

/** A small flower drawn in the design's colours. */
export function Flower({ design, size = 64 }: { design: CardDesign; size?: number }) {
  const petal = { carnation: '#e8536f', sunrise: '#f29b38', garden: '#d9487a', letter: '#c0664f' }[design]
  const leaf = design === 'garden' ? '#2f8f5b' : '#3f9a6b'
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" className="mcard__flower">
      <path d="M32 36v24" stroke={leaf} strokeWidth="3" strokeLinecap="round" />
      <path d="M32 50c-8-1-12-6-13-11 6 0 11 3 13 11zM32 46c7-1 11-5 12-10-6 0-10 3-12 10z" fill={leaf} />
      {[0, 60, 120, 180, 240, 300].map((a) => (
        <ellipse key={a} cx="32" cy="20" rx="7" ry="11" fill={petal} opacity="0.9" transform={`rotate(${a} 32 28)`} />
      ))}
      <circle cx="32" cy="28" r="6" fill="#ffd166" />
    </svg>
  )
}

interface Props {
  design: CardDesign
  to: string
  message: string
  from: string
  lang: 'zh-Hans' | 'en'
  audio?: { src: string; label: string } | null
  placeholder?: string
}

export function CardView({ design, to, message, from, lang, audio, placeholder }: Props) {
  const greeting = lang === 'en' ? `Dear ${to || 'Mum'},` : `亲爱的${to || '妈妈'}：`
  return (
    <article className={`mcard mcard--${design}`} aria-label={lang === 'en' ? "Mother's Day card" : '母亲节贺卡'}>
      <div className="mcard__top">
        <Flower design={design} />
        <p className="mcard__title">{lang === 'en' ? "Happy Mother's Day" : '母亲节快乐'}</p>
      </div>
      <p className="mcard__greeting">{greeting}</p>
      <p className={message ? 'mcard__message' : 'mcard__message mcard__message--empty'}>{message || placeholder}</p>
      {from ? <p className="mcard__from">{lang === 'en' ? `With love, ${from}` : `爱你的 ${from}`}</p> : null}
      {audio ? (
        <div className="mcard__audio">
          <span>{audio.label}</span>
          <audio controls preload="metadata" src={audio.src} />
        </div>
      ) : null}
    </article>
  )
}
