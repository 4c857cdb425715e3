/**
 * An audio player for shared recordings: play/pause, a seek bar, elapsed and total time, playback speed,
 * and the system's media controls (Media Session: lock screen, headphones). Nothing plays until the user
 * asks; the file's byte ranges let the seek bar jump without downloading what lies before.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { useLang } from '../../state/app'
import { shareText } from '../ShareBar/texts'
import { formatTime, nextSpeed } from './time'
import './AudioPlayer.css'
import { PlayPauseIcon } from '../PlayPauseIcon/PlayPauseIcon'

interface Props {
  src: string
  /** Known length, shown before the file's own metadata arrives. */
  durationMs: number
  title: string
  artist: string
  artwork?: string | null
  /** 'large' on the Sound page, 'compact' inside a work. */
  size?: 'large' | 'compact'
}

const SKIP_SECONDS = 10

export function AudioPlayer({ src, durationMs, title, artist, artwork, size = 'compact' }: Props) {
  const lang = useLang()
  const audio = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const [current, setCurrent] = useState(0)
  const [duration, setDuration] = useState(durationMs / 1000)
  const [rate, setRate] = useState(1)
  const [failed, setFailed] = useState(false)

  // The system's media controls follow this player while it is the one playing.
  useEffect(() => {
    const el = audio.current
    if (!el || !playing || !('mediaSession' in navigator)) return
    const session = navigator.mediaSession
    if (typeof MediaMetadata === 'function') {
      session.metadata = new MediaMetadata({ title, artist, album: 'Habor', artwork: artwork ? [{ src: new URL(artwork, location.href).href }] : [] })
    }
    const seekTo = (t: number) => {
      el.currentTime = Math.max(0, Math.min(t, Number.isFinite(el.duration) ? el.duration : t))
    }
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void el.play()],
      ['pause', () => el.pause()],
      ['seekbackward', (d) => seekTo(el.currentTime - (d.seekOffset ?? SKIP_SECONDS))],
      ['seekforward', (d) => seekTo(el.currentTime + (d.seekOffset ?? SKIP_SECONDS))],
      ['seekto', (d) => d.seekTime !== undefined && seekTo(d.seekTime)],
    ]
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler)
      } catch {
        // An action this browser does not know.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null)
        } catch {
          // As above.
        }
      }
    }
  }, [playing, title, artist, artwork])

  useEffect(() => {
    if (!('mediaSession' in navigator)) return
    navigator.mediaSession.playbackState = playing ? 'playing' : 'paused'
    if (playing && duration > 0 && typeof navigator.mediaSession.setPositionState === 'function') {
      try {
        navigator.mediaSession.setPositionState({ duration, position: Math.min(current, duration), playbackRate: rate })
      } catch {
        // Position outside the duration while metadata settles.
      }
    }
  }, [playing, current, duration, rate])

  // Pause when the player leaves the page.
  useEffect(() => () => audio.current?.pause(), [])

  const toggle = () => {
    const el = audio.current
    if (!el) return
    if (el.paused) {
      setFailed(false)
      el.play().catch(() => setFailed(true))
    } else el.pause()
  }
  const seek = (e: ChangeEvent<HTMLInputElement>) => {
    const t = Number(e.target.value)
    setCurrent(t)
    if (audio.current) audio.current.currentTime = t
  }
  const changeRate = () => {
    const next = nextSpeed(rate)
    setRate(next)
    if (audio.current) audio.current.playbackRate = next
  }

  const label = playing ? shareText(lang, 'pause') : shareText(lang, 'play')
  const progress = duration > 0 ? Math.min(100, (current / duration) * 100) : 0
  return (
    <div className={`audio-player audio-player--${size}`}>
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setCurrent(e.currentTarget.currentTime)}
        onSeeked={(e) => setCurrent(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
        onError={() => setFailed(true)}
      />
      <button type="button" className="audio-player__play" onClick={toggle} aria-label={`${label} · ${title}`} aria-pressed={playing}>
        <PlayPauseIcon playing={playing} size={26} />
      </button>
      <div className="audio-player__track">
        <input
          type="range"
          className="audio-player__seek"
          min={0}
          max={duration || 0}
          step={0.1}
          value={Math.min(current, duration || 0)}
          onChange={seek}
          aria-label={shareText(lang, 'seek')}
          aria-valuetext={`${formatTime(current)} / ${formatTime(duration)}`}
          style={{ ['--progress' as string]: `${progress}%` }}
        />
        <div className="audio-player__times">
          <span data-testid="elapsed">{formatTime(current)}</span>
          {failed ? <span className="audio-player__error">{shareText(lang, 'audioError')}</span> : null}
          <span data-testid="total">{formatTime(duration)}</span>
        </div>
      </div>
      <button type="button" className="audio-player__speed" onClick={changeRate} aria-label={shareText(lang, 'speedValue', { v: rate })}>
        {rate}×
      </button>
    </div>
  )
}
