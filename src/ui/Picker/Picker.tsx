/**
 * The picker of docs/product.md: selector, multiSelector, date and time. A field-like button opens it
 * (unless disabled); a bottom sheet with wheel columns at phone widths, a popover near the field above
 * 500 px. Confirm or Enter commits; Cancel, the mask or Esc closes without a change.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import type { Lang } from '../../../manifest/app'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import { PickerColumn } from './PickerColumn'
import {
  dateModel,
  formatDate,
  formatTime,
  multiSelectorModel,
  parseDate,
  parseTime,
  pickerLayout,
  popoverPosition,
  resetIndex,
  resolveDate,
  resolveTime,
  selectorModel,
  timeModel,
  type DateFields,
  type PickerLayout,
  type PickerModel,
  type PickerTexts,
} from './rules'
import './Picker.css'

interface CommonProps {
  /** Visible label of the field; also names the dialog. */
  label: string
  disabled?: boolean
  /** Shown while nothing is chosen; defaults to 'Choose'. */
  placeholder?: string
  onCancel?: () => void
  /** Replaces the value text inside the field button. */
  children?: ReactNode
  className?: string
}

export interface SelectorProps extends CommonProps {
  mode: 'selector'
  range: readonly string[]
  /** Index into range; anything outside it shows the placeholder and opens at 0. */
  value: number
  onChange: (value: number) => void
}

export interface MultiSelectorProps extends CommonProps {
  mode: 'multiSelector'
  range: readonly (readonly string[])[]
  value: readonly number[]
  onChange: (value: number[]) => void
  /** Called while open when one column's choice changes, e.g. to load the next column's range. */
  onColumnChange?: (column: number, index: number) => void
  /** Accessible names of the columns; default "<label> 1", "<label> 2", … */
  columnLabels?: readonly string[]
}

export interface DateProps extends CommonProps {
  mode: 'date'
  /** 'YYYY-MM-DD' ('YYYY-MM' or 'YYYY' with fields); empty → nothing chosen. */
  value: string
  start?: string
  end?: string
  fields?: DateFields
  onChange: (value: string) => void
}

export interface TimeProps extends CommonProps {
  mode: 'time'
  /** 'HH:mm'; empty → nothing chosen. */
  value: string
  start?: string
  end?: string
  onChange: (value: string) => void
}

export type PickerProps = SelectorProps | MultiSelectorProps | DateProps | TimeProps

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

export function pickerTexts(lang: Lang): PickerTexts {
  const zh = lang === 'zh-Hans'
  return {
    year: translate(lang, 'picker.year'),
    month: translate(lang, 'picker.month'),
    day: translate(lang, 'picker.day'),
    hour: translate(lang, 'picker.hour'),
    minute: translate(lang, 'picker.minute'),
    formatYear: (y) => (zh ? `${y}年` : String(y)),
    formatMonth: (m) => (zh ? `${m}月` : (MONTHS_EN[m - 1] ?? String(m))),
    formatDay: (d) => (zh ? `${d}日` : String(d)),
  }
}

function modelOf(props: PickerProps, lang: Lang, now: Date): PickerModel {
  switch (props.mode) {
    case 'selector':
      return selectorModel(props.range, props.value, props.label)
    case 'multiSelector':
      return multiSelectorModel(
        props.range,
        props.value,
        props.range.map((_, i) => props.columnLabels?.[i] ?? `${props.label} ${i + 1}`),
      )
    case 'date':
      return dateModel({ value: props.value, start: props.start, end: props.end, fields: props.fields }, now, pickerTexts(lang))
    case 'time':
      return timeModel({ value: props.value, start: props.start, end: props.end }, pickerTexts(lang))
  }
}

/** The text of the chosen value, with the rules applied, or null when nothing is chosen. */
export function displayValue(props: PickerProps, now: Date): string | null {
  switch (props.mode) {
    case 'selector':
      return resetIndex(props.value, props.range.length) === props.value ? (props.range[props.value] ?? null) : null
    case 'multiSelector': {
      const valid = props.range.length > 0 && props.range.every((col, i) => resetIndex(props.value[i], col.length) === props.value[i])
      return valid ? props.range.map((col, i) => col[props.value[i] ?? 0]).join(' / ') : null
    }
    case 'date':
      return parseDate(props.value) ? formatDate(resolveDate(props, now).value, props.fields) : null
    case 'time':
      return parseTime(props.value) ? formatTime(resolveTime(props).value) : null
  }
}

function commit(props: PickerProps, draft: readonly number[]): void {
  switch (props.mode) {
    case 'selector':
      props.onChange(draft[0] ?? 0)
      return
    case 'multiSelector':
      props.onChange([...draft])
      return
    case 'date':
      props.onChange(formatDate({ y: draft[0] ?? 0, m: draft[1] ?? 1, d: draft[2] ?? 1 }, props.fields))
      return
    case 'time':
      props.onChange(formatTime({ h: draft[0] ?? 0, m: draft[1] ?? 0 }))
      return
  }
}

interface Session {
  model: PickerModel
  draft: number[]
  layout: PickerLayout
}

export function Picker(props: PickerProps) {
  const { label, disabled = false, placeholder, children, className } = props
  const lang = useLang()
  const id = useId()
  const triggerRef = useRef<HTMLButtonElement>(null)
  const [session, setSession] = useState<Session | null>(null)
  // The latest session for callbacks that fire after a render (a wheel settling on an option).
  const sessionRef = useRef<Session | null>(null)
  sessionRef.current = session
  const shown = displayValue(props, new Date())

  const open = () => {
    if (disabled || session) return
    const model = modelOf(props, lang, new Date())
    setSession({ model, draft: model.initial, layout: pickerLayout(window.innerWidth) })
  }

  const close = useCallback(() => {
    setSession(null)
    triggerRef.current?.focus()
  }, [])

  const cancel = () => {
    close()
    props.onCancel?.()
  }

  const confirm = () => {
    const current = sessionRef.current
    if (!current) return
    close()
    commit(props, current.draft)
  }

  const select = (column: number, option: number) => {
    const current = sessionRef.current
    if (!current) return
    const draft = current.model.select(current.draft, column, option)
    const next = { ...current, draft }
    sessionRef.current = next
    setSession(next)
    if (props.mode === 'multiSelector' && draft[column] !== current.draft[column]) props.onColumnChange?.(column, draft[column] ?? 0)
  }

  return (
    <div className={['picker', className].filter(Boolean).join(' ')}>
      <span className="picker__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={triggerRef}
        type="button"
        className="picker__trigger"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={session !== null}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={open}
      >
        <span id={`${id}-value`} className={shown === null ? 'picker__value picker__value--empty' : 'picker__value'}>
          {children ?? shown ?? placeholder ?? translate(lang, 'picker.choose')}
        </span>
        <svg className="picker__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M7 10l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {session &&
        createPortal(
          <PickerPanel
            id={id}
            title={label}
            lang={lang}
            session={session}
            anchor={triggerRef}
            onSelect={select}
            onConfirm={confirm}
            onCancel={cancel}
          />,
          document.body,
        )}
    </div>
  )
}

interface PanelProps {
  id: string
  title: string
  lang: Lang
  session: Session
  anchor: RefObject<HTMLButtonElement | null>
  onSelect: (column: number, option: number) => void
  onConfirm: () => void
  onCancel: () => void
}

function PickerPanel({ id, title, lang, session, anchor, onSelect, onConfirm, onCancel }: PanelProps) {
  const panelRef = useRef<HTMLDivElement>(null)
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null)
  const columns = session.model.columns(session.draft)
  const popover = session.layout === 'popover'

  useLayoutEffect(() => {
    const panel = panelRef.current
    const trigger = anchor.current
    if (!popover || !panel || !trigger) return
    const place = (event?: Event) => {
      if (event?.target instanceof Node && panel.contains(event.target)) return
      const r = trigger.getBoundingClientRect()
      setPosition(
        popoverPosition(
          { left: r.left, top: r.top, width: r.width, height: r.height },
          { width: panel.offsetWidth, height: panel.offsetHeight },
          { width: window.innerWidth, height: window.innerHeight },
        ),
      )
    }
    place()
    const onMove = (event: Event) => place(event)
    // Follow the field when the window resizes or anything scrolls underneath.
    window.addEventListener('resize', onMove)
    window.addEventListener('scroll', onMove, true)
    return () => {
      window.removeEventListener('resize', onMove)
      window.removeEventListener('scroll', onMove, true)
    }
  }, [popover, anchor])

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('[role="listbox"]')?.focus({ preventScroll: true })
  }, [])

  const focusColumn = (from: number, step: -1 | 1) => {
    const lists = panelRef.current?.querySelectorAll<HTMLElement>('[role="listbox"]')
    lists?.[from + step]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onCancel()
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault()
      onConfirm()
    } else if (event.key === 'Tab') {
      // Keep focus inside the modal dialog.
      const focusables = Array.from(panelRef.current?.querySelectorAll<HTMLElement>('button, [tabindex="0"]') ?? [])
      const first = focusables[0]
      const last = focusables[focusables.length - 1]
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first?.focus()
      }
    }
  }

  return (
    <div className={`picker-layer picker-layer--${session.layout}`}>
      <div className="picker-mask" data-picker-mask="" onClick={onCancel} aria-hidden="true" />
      <div
        ref={panelRef}
        className="picker-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={onKeyDown}
        // Unplaced for one frame: transparent, not hidden, so that focus can move in at once.
        style={popover ? (position ?? { opacity: 0 }) : undefined}
      >
        <div className="picker-panel__bar">
          <button type="button" className="picker-panel__cancel" onClick={onCancel}>
            {translate(lang, 'app.cancel')}
          </button>
          <h2 className="picker-panel__title" id={`${id}-title`}>
            {title}
          </h2>
          <button type="button" className="picker-panel__confirm" onClick={onConfirm}>
            {translate(lang, 'app.ok')}
          </button>
        </div>
        <div className="picker-panel__columns">
          {columns.map((column, index) => (
            <PickerColumn
              key={index}
              id={`${id}-c${index}`}
              column={column}
              onSelect={(option) => onSelect(index, option)}
              onNeighbour={(step) => focusColumn(index, step)}
            />
          ))}
        </div>
      </div>
    </div>
  )
}
