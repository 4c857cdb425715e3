/**
 * One picker column: a listbox that is also a scroll-snapping wheel. Scrolling settles on the option in
 * the centre band; arrow keys, Home/End and PageUp/PageDown move the choice (WAI-ARIA listbox pattern).
 */
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import { stepIndex, type Column } from './rules'

/** Height of one option in CSS px: also the touch target (≥ 44 px). Picker.css uses the same value. */
export const OPTION_HEIGHT = 44
/** A scroll that has been quiet this long has settled on an option. */
const SETTLE_MS = 120

interface Props {
  id: string
  column: Column
  onSelect: (option: number) => void
  /** ArrowLeft/ArrowRight: move to the neighbouring column. */
  onNeighbour: (step: -1 | 1) => void
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

export function PickerColumn({ id, column, onSelect, onNeighbour }: Props) {
  const listRef = useRef<HTMLDivElement>(null)
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const placed = useRef(false)
  /**
   * Where our own smooth scroll is heading. Until it arrives, its scroll events are not the user's: a
   * pause in them (a busy phone) must not settle on an option it passes. A touch, wheel or key hands the
   * wheel back to the user.
   */
  const heading = useRef<number | null>(null)
  const { options, selected } = column

  /** Scrolls the list so that `top` is in the centre band; a smooth scroll's own events are not the user's. */
  const scrollHome = (list: HTMLDivElement, top: number, smooth: boolean) => {
    heading.current = smooth ? top : null
    if (typeof list.scrollTo === 'function') list.scrollTo({ top, behavior: smooth ? 'smooth' : 'instant' })
    else list.scrollTop = top
  }

  // Bring the chosen option into the centre band when it changes by key, click or a rule.
  useLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    const top = selected * OPTION_HEIGHT
    if (Math.abs(list.scrollTop - top) < 1) {
      placed.current = true
      return
    }
    scrollHome(list, top, placed.current && !reducedMotion())
    placed.current = true
  }, [selected, options.length])

  useEffect(() => () => clearTimeout(settleTimer.current), [])

  const onScroll = () => {
    clearTimeout(settleTimer.current)
    const list = listRef.current
    if (heading.current !== null && list) {
      if (Math.abs(list.scrollTop - heading.current) >= 1) return
      heading.current = null
    }
    settleTimer.current = setTimeout(() => {
      const list = listRef.current
      if (!list) return
      const index = Math.min(options.length - 1, Math.max(0, Math.round(list.scrollTop / OPTION_HEIGHT)))
      if (index !== selected) onSelect(index)
    }, SETTLE_MS)
  }

  /**
   * A tap on an option chooses it. A tap on the option already chosen, after the wheel was nudged off it,
   * brings it back to the centre band: a settle still pending from the nudge must not choose the neighbour.
   */
  const choose = (index: number) => {
    clearTimeout(settleTimer.current)
    if (index !== selected) return onSelect(index)
    const list = listRef.current
    const top = index * OPTION_HEIGHT
    if (!list || Math.abs(list.scrollTop - top) < 1) return
    scrollHome(list, top, !reducedMotion())
  }

  const userTakesOver = () => {
    heading.current = null
  }

  /**
   * A key that moves the choice scrolls to it as our own scroll (the effect above), and a key that moves to
   * the next column leaves this one heading where it was going: only a key left to the browser, which may
   * scroll the list itself, hands the wheel to the user. (Handing it over on ArrowRight let a pause in the
   * hours' scroll to 17 settle on an hour it passed, and the minutes then went past 17:30.)
   */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault()
      onNeighbour(event.key === 'ArrowLeft' ? -1 : 1)
      return
    }
    const next = stepIndex(selected, event.key, options.length)
    if (next === null) return userTakesOver()
    event.preventDefault()
    if (next !== selected) onSelect(next)
  }

  const optionId = (index: number) => `${id}-o${index}`

  return (
    <div className="picker-col">
      <div
        ref={listRef}
        id={id}
        className="picker-col__list"
        role="listbox"
        tabIndex={0}
        aria-label={column.label}
        aria-activedescendant={options.length ? optionId(selected) : undefined}
        onScroll={onScroll}
        onPointerDown={userTakesOver}
        onTouchStart={userTakesOver}
        onWheel={userTakesOver}
        onKeyDown={onKeyDown}
      >
        {options.map((option, index) => (
          <div
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={index === selected}
            className="picker-col__option"
            onClick={() => choose(index)}
          >
            {option.label}
          </div>
        ))}
      </div>
    </div>
  )
}
