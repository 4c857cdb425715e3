/**
 * Motherday (public): make a card for mum — a design, a message (140 characters), an optional voice
 * message (recorded with MediaRecorder up to 60 s, or an attached recording), then share its link.
 * `?id=` shows a card with its audio to anyone. Making one asks for login; the text waits in the
 * `drafts` storage and the recording in memory meanwhile.
 */
import { useEffect, useRef, useState } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { push, replace } from '../../state/navigation'
import { CODE } from '../../contract'
import { CARD_AUDIO_MAX_BYTES, CARD_AUDIO_MAX_SECONDS, CARD_DESIGNS, CARD_MESSAGE_MAX, CARD_TO_MAX, cardAudioType, type Card, type CardCreated, type CardDesign } from '../../contract/cards'
import { useResource } from '../../hooks/useResource'
import { clearDrafts, readDraft, saveDraft } from '../../lib/auth/drafts'
import { copyText } from '../../lib/clipboard/clipboard'
import { isRequestError } from '../../lib/http/errors'
import { useLang } from '../../state/app'
import { setPendingRoute, useAuth } from '../../state/auth'
import { Button } from '../../ui/Button/Button'
import { TextField } from '../../ui/Field/TextField'
import { showToast } from '../../ui/Overlay/overlay'
import { shareLink } from '../../ui/ShareBar/share'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { RetryScreen } from '../../ui/RetryScreen/RetryScreen'
import { useOutboxItems } from '../../hooks/useOutboxItems'
import * as outbox from '../../lib/outbox/outbox'
import type { OutboxItem } from '../../lib/outbox/outbox'
import { audioUrl, fetchCard, fetchPrivateAudio, keepRecording, keptRecording } from './cardsApi'
import { CardView, DESIGN_NAMES } from './CardView'
import { useRecorder } from './useRecorder'
import './Motherday.css'
import { fill } from '../../i18n/format'

const TEXTS = {
  'zh-Hans': {
    lead: '为妈妈做一张贺卡：选样式、写祝福，还可以录一段语音',
    design: '贺卡样式',
    to: '送给',
    toDefault: '妈妈',
    message: '祝福语',
    messagePlaceholder: '想对妈妈说的话…',
    messageRequired: '请写下祝福语',
    voice: '语音祝福（选填，最长 60 秒）',
    record: '开始录音',
    stop: '停止录音 {s} 秒',
    recording: '正在录音…',
    rerecord: '重新录制',
    remove: '删除语音',
    attach: '选择已有录音',
    denied: '无法使用麦克风，请在浏览器设置中允许后重试，或选择已有录音',
    unsupported: '此浏览器不支持录音，可以选择已有录音',
    tooLong: '录音不能超过 60 秒',
    tooBig: '录音文件不能超过 5 MB',
    badType: '请选择音频文件（webm、ogg、m4a、mp3、wav）',
    notAudio: '这个文件无法作为声音播放，可能已损坏或并不是录音，请换一个音频文件',
    voiceLabel: '语音祝福',
    preview: '预览',
    send: '生成贺卡',
    loginFirst: '登录后生成贺卡',
    loginNote: '需要先登录，已写的内容会保留',
    uploading: '正在上传语音 {p}%',
    failed: '生成失败，请重试',
    made: '贺卡已生成',
    share: '分享给妈妈',
    copyLink: '复制链接',
    shareText: '母亲节快乐！我给你做了一张贺卡：',
    makeOwn: '我也要做一张',
    makeAnother: '再做一张',
    missing: '这张贺卡不存在，或作者没有公开',
    loadFailed: '贺卡加载失败',
    retry: '重试',
    from: '来自 {name}',
    private: '仅自己可见',
    keepPrivate: '仅自己可见（不公开链接）',
    queued: '网络不通，贺卡已保存在这台设备上，连上网络后会自动发送',
    waitingTitle: '待同步的贺卡',
    waiting: '待同步',
    refused: '没有发送成功：{why}',
    resend: '重新发送',
    discard: '删除',
    landed: '贺卡已发送',
  },
  en: {
    lead: 'Make a card for mum: pick a design, write a message, and add a voice message if you like',
    design: 'Card design',
    to: 'To',
    toDefault: 'Mum',
    message: 'Message',
    messagePlaceholder: 'What would you like to tell mum…',
    messageRequired: 'Please write a message',
    voice: 'Voice message (optional, up to 60 s)',
    record: 'Record',
    stop: 'Stop recording {s} s',
    recording: 'Recording…',
    rerecord: 'Record again',
    remove: 'Remove voice',
    attach: 'Choose a recording',
    denied: 'The microphone is not available. Allow it in the browser settings and try again, or choose a recording',
    unsupported: 'This browser cannot record. You can choose a recording',
    tooLong: 'The recording must be 60 seconds or shorter',
    tooBig: 'The recording must be 5 MB or smaller',
    badType: 'Choose an audio file (webm, ogg, m4a, mp3, wav)',
    notAudio: 'This file cannot be played as sound: it may be damaged or not a recording. Choose another audio file',
    voiceLabel: 'Voice message',
    preview: 'Preview',
    send: 'Make the card',
    loginFirst: 'Log in to make the card',
    loginNote: 'You need to log in first; what you wrote is kept',
    uploading: 'Uploading the voice message {p}%',
    failed: 'Could not make the card. Please try again',
    made: 'Your card is ready',
    share: 'Share with mum',
    copyLink: 'Copy link',
    shareText: "Happy Mother's Day! I made you a card: ",
    makeOwn: 'Make my own card',
    makeAnother: 'Make another',
    missing: 'This card does not exist, or its author has not shared it',
    loadFailed: 'Could not load the card',
    retry: 'Retry',
    from: 'From {name}',
    private: 'Only you can see it',
    keepPrivate: 'Only me (do not share the link)',
    queued: 'No connection: the card is kept on this device and will be sent once you are online',
    waitingTitle: 'Cards waiting to be sent',
    waiting: 'Waiting to send',
    refused: 'Not sent: {why}',
    resend: 'Send again',
    discard: 'Delete',
    landed: 'Your card was sent',
  },
}
type Texts = (typeof TEXTS)['zh-Hans']

const DRAFT = 'motherday.'
const isDesign = (d: string): d is CardDesign => (CARD_DESIGNS as readonly string[]).includes(d)

/** The length of an audio file, from its metadata; NaN when the browser cannot read it as audio. */
function metadataDuration(file: Blob): Promise<number> {
  return new Promise((resolve) => {
    const el = document.createElement('audio')
    const url = URL.createObjectURL(file)
    const done = (v: number) => {
      URL.revokeObjectURL(url)
      resolve(v)
    }
    el.preload = 'metadata'
    el.onloadedmetadata = () => done(el.duration * 1000)
    el.onerror = () => done(Number.NaN)
    el.src = url
  })
}

/** The length of the sound the file decodes to, in ms; NaN when it does not decode. */
async function decodedDuration(file: Blob): Promise<number> {
  try {
    const context = new OfflineAudioContext(1, 1, 44_100)
    const decoded = await context.decodeAudioData(await file.arrayBuffer())
    return decoded.duration * 1000
  } catch {
    return Number.NaN
  }
}

/**
 * The length of an audio file, checked on the device: its metadata where the browser gives a length, else
 * what it decodes to (recordings of some browsers carry no length). NaN when it is not playable sound.
 */
async function audioDuration(file: Blob): Promise<number> {
  const fromMetadata = await metadataDuration(file)
  if (Number.isFinite(fromMetadata) && fromMetadata > 0) return fromMetadata
  return decodedDuration(file)
}

const shareCard = (url: string, t: Texts, lang: 'zh-Hans' | 'en') => shareLink({ title: TEXTS[lang].made, text: t.shareText, url, copy: `${t.shareText}${url}` }, lang)

/** Where the card's recording plays from: its public URL, or for the author's private card a Blob fetched with the token. */
function useAudioSrc(card: Card | null): string | null {
  const [blobUrl, setBlobUrl] = useState<string | null>(null)
  const privatePath = card?.audio && card.mine && !card.shareable ? card.audio.path : null
  useEffect(() => {
    if (!privatePath) return
    let url: string | null = null
    let live = true
    fetchPrivateAudio(privatePath).then(
      (blob) => {
        if (!live) return
        url = URL.createObjectURL(blob)
        setBlobUrl(url)
      },
      () => undefined,
    )
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [privatePath])
  if (!card?.audio) return null
  return privatePath ? blobUrl : audioUrl(card.audio.path)
}

function CardPage({ id, t, lang }: { id: string; t: Texts; lang: 'zh-Hans' | 'en' }) {
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

function WaitingCards({ items, t }: { items: OutboxItem[]; t: Texts }) {
  const act = (what: 'retry' | 'discard', id: string) => void (what === 'retry' ? outbox.retry(id) : outbox.discard(id))
  return (
    <section className="motherday__waiting" aria-labelledby="motherday-waiting">
      <h2 id="motherday-waiting">{t.waitingTitle}</h2>
      <ul>
        {items.map((item) =>
          item.payload.kind === 'card' ? (
            <li key={item.id} className="motherday__waiting-item" data-state={item.state}>
              <p className="motherday__waiting-text">
                {item.payload.body.to ? `${item.payload.body.to}：` : ''}
                {item.payload.body.message}
              </p>
              {item.state === 'waiting' ? (
                <p className="motherday__waiting-state">{t.waiting}</p>
              ) : (
                <>
                  <p className="motherday__error" role="alert">
                    {fill(t.refused, { why: item.error ?? '' })}
                  </p>
                  <div className="motherday__row">
                    <Button variant="secondary" size="s" onClick={() => act('retry', item.id)}>
                      {t.resend}
                    </Button>
                    <Button variant="plain" size="s" onClick={() => act('discard', item.id)}>
                      {t.discard}
                    </Button>
                  </div>
                </>
              )}
            </li>
          ) : null,
        )}
      </ul>
    </section>
  )
}

function Editor({ t, lang }: { t: Texts; lang: 'zh-Hans' | 'en' }) {
  const auth = useAuth()
  const loggedIn = Boolean(auth.token)
  const [design, setDesign] = useState<CardDesign>('carnation')
  const [to, setTo] = useState('')
  const [message, setMessage] = useState('')
  const [error, setError] = useState('')
  const [voiceError, setVoiceError] = useState('')
  const [progress, setProgress] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [onlyMe, setOnlyMe] = useState(false)
  const recorder = useRecorder(CARD_AUDIO_MAX_SECONDS, keptRecording())
  const rec = recorder.state
  // Cards made here that wait in the outbox; the one made in this visit opens once it lands.
  const waiting = useOutboxItems().filter((i) => i.payload.kind === 'card')
  const mine = useRef(new Set<string>())
  useEffect(
    () =>
      outbox.onLanded((item, result) => {
        if (item.payload.kind !== 'card') return
        if (mine.current.has(item.id)) replace(`/motherday?id=${encodeURIComponent((result as CardCreated).id)}`)
        else showToast(t.landed, { icon: 'success' })
      }),
    [t],
  )

  useEffect(() => {
    const d = readDraft(`${DRAFT}design`)
    if (isDesign(d)) setDesign(d)
    setTo(readDraft(`${DRAFT}to`))
    setMessage(readDraft(`${DRAFT}message`))
  }, [])

  const keep = (key: string, set: (v: string) => void) => (value: string) => {
    set(value)
    saveDraft(`${DRAFT}${key}`, value)
  }

  const attach = async (file: File | undefined) => {
    setVoiceError('')
    if (!file) return
    if (!cardAudioType(file.type)) return setVoiceError(t.badType)
    if (file.size > CARD_AUDIO_MAX_BYTES) return setVoiceError(t.tooBig)
    const ms = await audioDuration(file)
    if (!(Number.isFinite(ms) && ms > 0)) return setVoiceError(t.notAudio)
    if (ms > (CARD_AUDIO_MAX_SECONDS + 0.5) * 1000) return setVoiceError(t.tooLong)
    recorder.attach(file, ms)
  }

  const submit = async () => {
    setError('')
    if (!message.trim()) {
      setError(t.messageRequired)
      document.getElementById('motherday-message')?.focus()
      return
    }
    if (!loggedIn) {
      keepRecording(rec.kind === 'recorded' ? { blob: rec.blob, durationMs: rec.durationMs } : null)
      saveDraft(`${DRAFT}design`, design)
      setPendingRoute({ name: 'Motherday', query: '' })
      push('/login?redirect=Motherday')
      return
    }
    setBusy(true)
    try {
      if (rec.kind === 'recorded') setProgress(0)
      const body = { design, to: to.trim() || t.toDefault, message: message.trim(), shareable: !onlyMe }
      // The keys are made now, before the first attempt: a card sent now whose answer is lost lands once
      // when the outbox sends it again.
      const payload = {
        kind: 'card' as const,
        body,
        key: outbox.newKey(),
        ...(rec.kind === 'recorded' ? { audio: { blob: rec.blob, durationMs: rec.durationMs, key: outbox.newKey() } } : {}),
      }
      const answer = await outbox.sendOrQueue(payload, { onProgress: (p) => setProgress(p.progress) }).catch((e: unknown) => {
        // The server read the file and found no sound in it: say so beside the recording.
        if (isRequestError(e) && e.code === CODE.PARAM_INVALID && e.message.startsWith('audio:')) setVoiceError(t.notAudio)
        throw e
      })
      clearDrafts(DRAFT)
      keepRecording(null)
      if ('queued' in answer) {
        // Kept on the device: the form starts afresh, and the card waits in the list above it.
        setMessage('')
        setTo('')
        recorder.clear()
        mine.current.add(answer.queued.id)
        showToast(t.queued, { duration: 3000 })
        return
      }
      showToast(t.made, { icon: 'success' })
      replace(`/motherday?id=${encodeURIComponent((answer.sent as CardCreated).id)}`)
    } catch {
      setError(t.failed)
    } finally {
      setBusy(false)
      setProgress(null)
    }
  }

  const from = typeof auth.userInfo?.name === 'string' ? auth.userInfo.name : ''
  return (
    <div className="motherday">
      {waiting.length ? <WaitingCards items={waiting} t={t} /> : null}
      <p className="motherday__lead">{t.lead}</p>
      <CardView design={design} to={to || t.toDefault} message={message} from={from} lang={lang} placeholder={t.messagePlaceholder} />

      <fieldset className="motherday__designs">
        <legend>{t.design}</legend>
        <div className="motherday__design-list">
          {CARD_DESIGNS.map((d) => (
            <label key={d} className={`motherday__design motherday__design--${d}`}>
              <input type="radio" name="design" value={d} checked={design === d} onChange={() => keep('design', (v) => isDesign(v) && setDesign(v))(d)} />
              <span>{DESIGN_NAMES[d][lang]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <TextField label={t.to} value={to} onChange={keep('to', setTo)} placeholder={t.toDefault} maxLength={CARD_TO_MAX} />
      <div className="motherday__message">
        <label htmlFor="motherday-message">{t.message}</label>
        <textarea
          id="motherday-message"
          value={message}
          maxLength={CARD_MESSAGE_MAX}
          rows={4}
          placeholder={t.messagePlaceholder}
          aria-invalid={error === t.messageRequired || undefined}
          aria-describedby="motherday-count"
          onChange={(e) => keep('message', setMessage)(e.target.value)}
        />
        <span id="motherday-count" className="motherday__count">
          {message.length}/{CARD_MESSAGE_MAX}
        </span>
        {error === t.messageRequired ? (
          <p className="motherday__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>

      <section className="motherday__voice" aria-labelledby="motherday-voice">
        <h2 id="motherday-voice">{t.voice}</h2>
        {rec.kind === 'recording' ? (
          <Button variant="danger" block onClick={recorder.stop}>
            <span className="motherday__dot" aria-hidden="true" />
            {fill(t.stop, { s: rec.seconds })}
          </Button>
        ) : rec.kind === 'recorded' ? (
          <div className="motherday__recorded">
            <audio controls src={rec.url} aria-label={t.preview} />
            <div className="motherday__row">
              <Button variant="secondary" onClick={() => void recorder.start()} disabled={busy}>
                {t.rerecord}
              </Button>
              <Button variant="plain" onClick={recorder.clear} disabled={busy}>
                {t.remove}
              </Button>
            </div>
          </div>
        ) : (
          <div className="motherday__row">
            <Button variant="secondary" onClick={() => void recorder.start()}>
              {t.record}
            </Button>
            <label className="btn btn--plain btn--m motherday__attach">
              <input type="file" accept="audio/*" onChange={(e) => void attach(e.target.files?.[0])} />
              <span className="btn__label">{t.attach}</span>
            </label>
          </div>
        )}
        {rec.kind === 'denied' ? <p className="motherday__error">{t.denied}</p> : null}
        {rec.kind === 'unsupported' ? <p className="motherday__error">{t.unsupported}</p> : null}
        {voiceError ? <p className="motherday__error" role="alert">{voiceError}</p> : null}
      </section>

      <label className="motherday__private">
        <input type="checkbox" checked={onlyMe} onChange={(e) => setOnlyMe(e.target.checked)} />
        <span>{t.keepPrivate}</span>
      </label>

      {progress !== null ? (
        <div className="motherday__progress">
          <progress max={100} value={progress} aria-label={fill(t.uploading, { p: progress })} />
          <span>{fill(t.uploading, { p: progress })}</span>
        </div>
      ) : null}
      {error && error !== t.messageRequired ? (
        <p className="motherday__error" role="alert">
          {error}
        </p>
      ) : null}
      {!loggedIn ? <p className="motherday__hint">{t.loginNote}</p> : null}
      <Button block busy={busy} disabled={rec.kind === 'recording'} onClick={() => void submit()}>
        {loggedIn ? t.send : t.loginFirst}
      </Button>
    </div>
  )
}

export default function Motherday({ page, query }: PageProps) {
  const lang = useLang()
  const t = TEXTS[lang]
  return <PageScaffold page={page}>{query.id ? <CardPage key={query.id} id={query.id} t={t} lang={lang} /> : <Editor t={t} lang={lang} />}</PageScaffold>
}
