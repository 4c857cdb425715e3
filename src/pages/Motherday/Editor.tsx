/**
 * Making a card: the design, whom it is for, the message, the voice message (recorded or attached) and
 * whether it is shared. Logged out, what was written waits for the login; offline, the card waits in the
 * outbox.
 */
import { useEffect, useRef, useState } from 'react'
import { push, replace } from '../../state/navigation'
import { CODE } from '../../contract'
import { CARD_AUDIO_MAX_BYTES, CARD_AUDIO_MAX_SECONDS, CARD_DESIGNS, CARD_MESSAGE_MAX, CARD_TO_MAX, cardAudioType, type CardCreated, type CardDesign } from '../../contract/cards'
import { clearDrafts, readDraft, saveDraft } from '../../lib/storage/drafts'
import { isRequestError } from '../../lib/http/errors'
import { setPendingRoute, useAuth } from '../../state/auth'
import { useSignedIn } from '../../state/session/machine'
import { Button } from '../../ui/Button/Button'
import { TextField } from '../../ui/Field/TextField'
import { consentRefusal } from '../../lib/guardian/limited'
import { showToast } from '../../ui/Overlay/overlay'
import { useOutboxItems } from '../../hooks/useOutboxItems'
import * as outbox from '../../lib/outbox/outbox'
import { fill } from '../../i18n/format'
import { audioDuration } from './audioDuration'
import { storageFullText, storageQuotaError } from './storageQuota'
import { keepRecording, keptRecording } from './cardsApi'
import { CardView } from './CardView'
import type { Lang, Texts } from './texts'
import { useRecorder } from './useRecorder'
import { VoiceMessage } from './VoiceMessage'
import { MyCards } from './MyCards'
import { WaitingCards } from './WaitingCards'

const DRAFT = 'motherday.'
const isDesign = (d: string): d is CardDesign => (CARD_DESIGNS as readonly string[]).includes(d)

export function Editor({ t, lang }: { t: Texts; lang: Lang }) {
  const auth = useAuth()
  const loggedIn = useSignedIn()
  const [design, setDesign] = useState<CardDesign>('carnation')
  const [to, setTo] = useState('')
  const [message, setMessage] = useState('')
  const [error, setError] = useState('')
  const [voiceError, setVoiceError] = useState('')
  // The error is the recordings' quota: it links to My cards.
  const [voiceFull, setVoiceFull] = useState(false)
  const [progress, setProgress] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [onlyMe, setOnlyMe] = useState(false)
  const recorder = useRecorder(CARD_AUDIO_MAX_SECONDS, keptRecording())
  const rec = recorder.state
  // Cards made here that wait in the outbox; the one made in this visit opens once it lands.
  const waiting = useOutboxItems().filter((i) => i.payload.kind === 'card')
  const mine = useRef(new Set<string>())
  // Bumped as a card lands, so that "my cards" asks the server again.
  const [landed, setLanded] = useState(0)
  useEffect(
    () =>
      outbox.onLanded((item, result) => {
        if (item.payload.kind !== 'card') return
        setLanded((n) => n + 1)
        // Made in this visit: the card opens, and its toast replaces "网络不通…" (which would contradict it).
        // Any other card that lands is told by the app with its link (app/outbox.ts).
        if (!mine.current.has(item.id)) return
        showToast(t.made, { icon: 'success' })
        replace(`/motherday?id=${encodeURIComponent((result as CardCreated).id)}`)
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
    setVoiceFull(false)
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
        if (isRequestError(e) && e.code === CODE.PARAM_INVALID && e.message.startsWith('audio:')) {
          setVoiceError(t.notAudio)
          setVoiceFull(false)
        }
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
    } catch (e) {
      // The recordings fill the account's space: said beside the recording, where it can be removed.
      const quota = storageQuotaError(e)
      if (quota) {
        setVoiceError(storageFullText(t, quota))
        setVoiceFull(true)
      }
      // A child without a guardian's consent: the server's reason, and where to ask (docs/privacy.md).
      else setError(consentRefusal(lang, e) ?? t.failed)
    } finally {
      setBusy(false)
      setProgress(null)
    }
  }

  const from = typeof auth.userInfo?.name === 'string' ? auth.userInfo.name : ''
  return (
    <div className="motherday">
      {waiting.length ? <WaitingCards items={waiting} t={t} /> : null}
      {loggedIn ? <MyCards t={t} lang={lang} generation={landed} /> : null}
      <p className="motherday__lead">{t.lead}</p>
      <CardView design={design} to={to || t.toDefault} message={message} from={from} lang={lang} placeholder={t.messagePlaceholder} />

      <fieldset className="motherday__designs">
        <legend>{t.design}</legend>
        <div className="motherday__design-list">
          {CARD_DESIGNS.map((d) => (
            <label key={d} className={`motherday__design motherday__design--${d}`}>
              <input type="radio" name="design" value={d} checked={design === d} onChange={() => keep('design', (v) => isDesign(v) && setDesign(v))(d)} />
              <span>{t.designs[d]}</span>
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

      <VoiceMessage recorder={recorder} busy={busy} error={voiceError} full={voiceFull} onAttach={(file) => void attach(file)} t={t} />

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
