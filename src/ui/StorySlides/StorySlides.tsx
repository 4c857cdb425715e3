/**
 * Story slides: a swipeable carousel (embla) that the reader drives by touch, keyboard or buttons. It
 * may move on by itself, but only after each slide's own reading time, never under reduced motion, and
 * it stops for good as soon as the reader touches, types, focuses or presses pause — the reader is in
 * control. Follows the WAI-ARIA carousel pattern (https://www.w3.org/WAI/ARIA/apg/patterns/carousel/).
 */
import useEmblaCarousel from 'embla-carousel-react'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useReducedMotion } from '../../hooks/useReducedMotion'
import './StorySlides.css'
import { PlayPauseIcon } from '../PlayPauseIcon/PlayPauseIcon'

export interface Story {
  key: string
  /** Accessible name of the slide (its words as a sentence). */
  label: string
  content: ReactNode
  /** How long it stays before auto-advance. */
  dwellMs: number
}

export interface StoryTexts {
  region: string
  prev: string
  next: string
  pause: string
  play: string
  /** "2 / 8" */
  position: (index: number, count: number) => string
}

interface Props {
  stories: Story[]
  texts: StoryTexts
  onIndexChange?: (index: number) => void
  /** Move on by itself until the reader acts (off under reduced motion whatever this says). */
  autoplay?: boolean
  /** Extra controls shown in the control row (e.g. the owner's hide button). */
  extra?: ReactNode
}

export function StorySlides({ stories, texts, onIndexChange, autoplay = true, extra }: Props) {
  const reduced = useReducedMotion()
  const [viewportRef, embla] = useEmblaCarousel({ loop: false, duration: 26 })
  const [index, setIndex] = useState(0)
  // Between a move's start and its rest (for tests and screenshots: data-moving).
  const [moving, setMoving] = useState(false)
  const [playing, setPlaying] = useState(autoplay && !reduced)
  // Each start of play restarts the current slide's timer and its progress bar.
  const [run, setRun] = useState(0)
  const count = stories.length
  const last = count - 1

  useEffect(() => {
    if (reduced) setPlaying(false)
  }, [reduced])

  // The slide the reader is on, as the carousel last selected it: kept through a re-measure.
  const place = useRef(0)

  useEffect(() => {
    if (!embla) return
    const onSelect = () => {
      place.current = embla.selectedScrollSnap()
      setIndex(place.current)
    }
    // A re-measure (a resize, the slide list changing) starts the track where embla last was, and clamps it
    // to the snaps it measured. Measured without its layout (no width: every slide at one snap) it would
    // fall back to the first slide: the reader's slide stays, and the next re-measure puts the track back
    // on it. A list that shrank past the reader's slide leaves them on its last.
    const onReInit = () => {
      const snaps = embla.scrollSnapList().length
      if (snaps < embla.slideNodes().length) return
      const to = Math.min(place.current, snaps - 1)
      if (embla.selectedScrollSnap() !== to) embla.scrollTo(to, true)
      else onSelect()
    }
    const onPointer = () => setPlaying(false)
    const onScroll = () => setMoving(true)
    const onSettle = () => setMoving(false)
    embla.on('select', onSelect).on('reInit', onReInit).on('pointerDown', onPointer).on('scroll', onScroll).on('settle', onSettle)
    onSelect()
    return () => {
      embla.off('select', onSelect).off('reInit', onReInit).off('pointerDown', onPointer).off('scroll', onScroll).off('settle', onSettle)
    }
  }, [embla])

  // The slide list may change under the carousel (the owner hides or shows one).
  useEffect(() => {
    embla?.reInit()
  }, [embla, count])

  useEffect(() => {
    onIndexChange?.(index)
  }, [index, onIndexChange])

  const go = useCallback(
    (to: number) => {
      const target = Math.max(0, Math.min(last, to))
      if (embla) embla.scrollTo(target, reduced)
      else setIndex(target)
    },
    [embla, last, reduced],
  )

  useEffect(() => {
    if (!playing) return
    if (index >= last) {
      setPlaying(false)
      return
    }
    const timer = setTimeout(() => go(index + 1), stories[index]?.dwellMs ?? 8000)
    return () => clearTimeout(timer)
  }, [playing, index, last, go, stories, run])

  // A hidden tab is not being read.
  useEffect(() => {
    const onVisibility = () => document.visibilityState === 'hidden' && setPlaying(false)
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [])

  const byReader = (to: number) => {
    setPlaying(false)
    go(to)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowDown: index + 1, PageDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, PageUp: index - 1, Home: 0, End: last }
    const to = moves[e.key]
    if (to === undefined) return
    e.preventDefault()
    byReader(to)
  }

  const togglePlay = () => {
    if (playing) setPlaying(false)
    else {
      if (index >= last) go(0)
      setRun((r) => r + 1)
      setPlaying(true)
    }
  }

  return (
    <section className="story" aria-roledescription="carousel" aria-label={texts.region} onKeyDown={onKeyDown} data-moving={moving || undefined}>
      <ol className="story__progress" aria-hidden="true">
        {stories.map((s, i) => (
          <li key={s.key} className={`story__bar${i < index ? ' story__bar--done' : ''}${i === index ? ' story__bar--now' : ''}`}>
            {i === index && playing && !reduced ? <span key={`${index}-${run}`} className="story__fill" style={{ animationDuration: `${s.dwellMs}ms` }} /> : null}
          </li>
        ))}
      </ol>
      <div className="story__viewport" ref={viewportRef} tabIndex={0} aria-live={playing ? 'off' : 'polite'} onFocus={() => setPlaying(false)}>
        <div className="story__track">
          {stories.map((s, i) => (
            <div key={s.key} className="story__slide" role="group" aria-roledescription="slide" aria-label={`${texts.position(i, count)}：${s.label}`} aria-hidden={i !== index} data-story={s.key}>
              {s.content}
            </div>
          ))}
        </div>
      </div>
      <div className="story__controls">
        <button type="button" className="story__button" onClick={() => byReader(index - 1)} disabled={index === 0} aria-label={texts.prev}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <button type="button" className="story__button story__button--play" onClick={togglePlay} aria-label={playing ? texts.pause : texts.play}>
          <PlayPauseIcon playing={playing} size={22} />
        </button>
        <span className="story__position" aria-hidden="true">
          {index + 1} / {count}
        </span>
        {extra}
        <button type="button" className="story__button" onClick={() => byReader(index + 1)} disabled={index >= last} aria-label={texts.next}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
    </section>
  )
}
