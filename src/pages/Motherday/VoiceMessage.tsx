/**
 * The voice message part of the editor: record, stop, listen again, record again or remove, or attach a
 * recording. An attached file is replaced by choosing another file, not by recording over it.
 */
import { fill } from '../../i18n/format'
import { Button } from '../../ui/Button/Button'
import { FreeSpaceLink } from './FreeSpaceLink'
import type { Texts } from './texts'
import type { Recorder } from './useRecorder'

/** `full`: the error is the recordings' quota, and it links to My cards, where space is freed. */
export function VoiceMessage({ recorder, busy, error, full = false, onAttach, t }: { recorder: Recorder; busy: boolean; error: string; full?: boolean; onAttach: (file: File | undefined) => void; t: Texts }) {
  const rec = recorder.state
  return (
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
            {rec.blob instanceof File ? (
              <label className="btn btn--secondary btn--m motherday__attach">
                <input type="file" accept="audio/*" disabled={busy} onChange={(e) => onAttach(e.target.files?.[0])} />
                <span className="btn__label">{t.replaceFile}</span>
              </label>
            ) : (
              <Button variant="secondary" onClick={() => void recorder.start()} disabled={busy}>
                {t.rerecord}
              </Button>
            )}
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
            <input type="file" accept="audio/*" onChange={(e) => onAttach(e.target.files?.[0])} />
            <span className="btn__label">{t.attach}</span>
          </label>
        </div>
      )}
      {rec.kind === 'denied' ? <p className="motherday__error">{t.denied}</p> : null}
      {rec.kind === 'unsupported' ? <p className="motherday__error">{t.unsupported}</p> : null}
      {error ? <p className="motherday__error" role="alert">{error}</p> : null}
      {error && full ? (
        <FreeSpaceLink text={t.freeSpace} />
      ) : null}
    </section>
  )
}
