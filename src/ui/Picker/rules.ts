/**
 * The picker's decisions of docs/product.md as pure functions: bounds, clamping, resets, columns,
 * keyboard steps and layout. The component only renders what these return.
 */

/** Wider than this (CSS px) the picker is a popover near its field; otherwise a bottom sheet. */
export const PICKER_DESKTOP_MIN_WIDTH = 500
/** Default date range: this many years before and after the current year. */
export const DATE_RANGE_YEARS = 150

export type PickerMode = 'selector' | 'multiSelector' | 'date' | 'time'
export type DateFields = 'year' | 'month' | 'day'
export type PickerLayout = 'popover' | 'sheet'

export interface YMD {
  y: number
  /** 1–12 */
  m: number
  d: number
}
export interface HM {
  h: number
  m: number
}

export function pickerLayout(viewportWidth: number): PickerLayout {
  return viewportWidth > PICKER_DESKTOP_MIN_WIDTH ? 'popover' : 'sheet'
}

// ── columns of indices (selector, multiSelector) ─────────────────────────────────────────────────

/** An index that is not a whole number inside [0, length) resets to 0 (docs/product.md "Input rules"). */
export function resetIndex(value: unknown, length: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < length ? value : 0
}

/** One index per column; a missing or out-of-range one resets to 0. */
export function resetColumns(values: readonly unknown[] | null | undefined, lengths: readonly number[]): number[] {
  return lengths.map((len, i) => resetIndex(values?.[i], len))
}

// ── dates ────────────────────────────────────────────────────────────────────────────────────────

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

export function daysInMonth(y: number, m: number): number {
  return m === 2 && isLeapYear(y) ? 29 : (MONTH_DAYS[m - 1] ?? 31)
}

export function compareDate(a: YMD, b: YMD): number {
  return a.y - b.y || a.m - b.m || a.d - b.d
}

/** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' (missing parts are 1); anything else → null. */
export function parseDate(text: string | null | undefined): YMD | null {
  const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec((text ?? '').trim())
  if (!match) return null
  return { y: Number(match[1]), m: match[2] ? Number(match[2]) : 1, d: match[3] ? Number(match[3]) : 1 }
}

const pad2 = (n: number) => String(n).padStart(2, '0')

export function formatDate(date: YMD, fields: DateFields = 'day'): string {
  const y = String(date.y).padStart(4, '0')
  if (fields === 'year') return y
  if (fields === 'month') return `${y}-${pad2(date.m)}`
  return `${y}-${pad2(date.m)}-${pad2(date.d)}`
}

/** The default range: 1 January, 150 years back, to 31 December, 150 years ahead. */
export function defaultDateBounds(now: Date): { start: YMD; end: YMD } {
  const year = now.getFullYear()
  return { start: { y: year - DATE_RANGE_YEARS, m: 1, d: 1 }, end: { y: year + DATE_RANGE_YEARS, m: 12, d: 31 } }
}

/** Month into 1–12, a day past the month's end pulled back to the last day, then clamped into [start, end]. */
export function normalizeDate(date: YMD, start: YMD, end: YMD): YMD {
  const m = Math.min(12, Math.max(1, date.m))
  const d = Math.min(daysInMonth(date.y, m), Math.max(1, date.d))
  const fixed = { y: date.y, m, d }
  if (compareDate(fixed, start) < 0) return { ...start }
  if (compareDate(fixed, end) > 0) return { ...end }
  return fixed
}

export interface DateSpec {
  value?: string | null
  start?: string | null
  end?: string | null
}

/** Bounds (given or default; a reversed pair is swapped) and the value inside them; no value → today. */
export function resolveDate(spec: DateSpec, now: Date): { value: YMD; start: YMD; end: YMD } {
  const defaults = defaultDateBounds(now)
  const rawStart = parseDate(spec.start) ?? defaults.start
  const rawEnd = parseDate(spec.end)
  // An end given as 'YYYY' or 'YYYY-MM' means the last day of that year or month.
  const endText = (spec.end ?? '').trim()
  const end = rawEnd
    ? { y: rawEnd.y, m: endText.length === 4 ? 12 : rawEnd.m, d: endText.length <= 7 ? 31 : rawEnd.d }
    : defaults.end
  const start = { ...rawStart, d: Math.min(rawStart.d, daysInMonth(rawStart.y, rawStart.m)) }
  const endFixed = { ...end, d: Math.min(Math.max(1, end.d), daysInMonth(end.y, Math.min(12, Math.max(1, end.m)))) }
  const [lo, hi] = compareDate(start, endFixed) <= 0 ? [start, endFixed] : [endFixed, start]
  const today = { y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() }
  return { value: normalizeDate(parseDate(spec.value) ?? today, lo, hi), start: lo, end: hi }
}

// ── times ────────────────────────────────────────────────────────────────────────────────────────

export const TIME_START: HM = { h: 0, m: 0 }
export const TIME_END: HM = { h: 23, m: 59 }

export function compareTime(a: HM, b: HM): number {
  return a.h - b.h || a.m - b.m
}

/** 'H:mm' or 'HH:mm'; anything else → null. Hours and minutes out of range are kept for clamping. */
export function parseTime(text: string | null | undefined): HM | null {
  const match = /^(\d{1,2}):(\d{1,2})$/.exec((text ?? '').trim())
  return match ? { h: Number(match[1]), m: Number(match[2]) } : null
}

export function formatTime(t: HM): string {
  return `${pad2(t.h)}:${pad2(t.m)}`
}

export function normalizeTime(t: HM, start: HM = TIME_START, end: HM = TIME_END): HM {
  const fixed = { h: Math.min(23, Math.max(0, t.h)), m: Math.min(59, Math.max(0, t.m)) }
  if (compareTime(fixed, start) < 0) return { ...start }
  if (compareTime(fixed, end) > 0) return { ...end }
  return fixed
}

export interface TimeSpec {
  value?: string | null
  start?: string | null
  end?: string | null
}

/** Bounds within 00:00–23:59 and the value inside them; no value → the start. */
export function resolveTime(spec: TimeSpec): { value: HM; start: HM; end: HM } {
  const a = normalizeTime(parseTime(spec.start) ?? TIME_START)
  const b = normalizeTime(parseTime(spec.end) ?? TIME_END)
  const [start, end] = compareTime(a, b) <= 0 ? [a, b] : [b, a]
  return { value: normalizeTime(parseTime(spec.value) ?? start, start, end), start, end }
}

// ── the column model the component renders ────────────────────────────────────────────────────────

export interface ColumnOption {
  value: number
  label: string
}
export interface Column {
  /** Accessible name of the column (listbox). */
  label: string
  options: ColumnOption[]
  /** Index into options of the chosen one. */
  selected: number
}

/** Texts the columns need, so the rules stay free of any catalogue. */
export interface PickerTexts {
  year: string
  month: string
  day: string
  hour: string
  minute: string
  formatYear: (y: number) => string
  formatMonth: (m: number) => string
  formatDay: (d: number) => string
}

/**
 * A picker's state while open is one number per column: the index for selector and multiSelector,
 * [year, month, day] for date (fewer with `fields`) and [hour, minute] for time.
 */
export interface PickerModel {
  initial: number[]
  columns(draft: readonly number[]): Column[]
  /** The draft after choosing option `option` in column `column`, normalised by the rules. */
  select(draft: readonly number[], column: number, option: number): number[]
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)

function optionsOf(values: number[], format: (n: number) => string): ColumnOption[] {
  return values.map((value) => ({ value, label: format(value) }))
}

function columnFor(label: string, options: ColumnOption[], value: number | undefined): Column {
  const found = options.findIndex((o) => o.value === value)
  return { label, options, selected: found < 0 ? 0 : found }
}

export function selectorModel(range0: readonly string[], value: unknown, label: string): PickerModel {
  return multiSelectorModel([range0], [value], [label])
}

export function multiSelectorModel(
  ranges: readonly (readonly string[])[],
  value: readonly unknown[] | null | undefined,
  labels: readonly string[],
): PickerModel {
  const lengths = ranges.map((r) => r.length)
  return {
    initial: resetColumns(value, lengths),
    columns: (draft) =>
      ranges.map((r, i) => ({
        label: labels[i] ?? String(i + 1),
        options: r.map((text, index) => ({ value: index, label: text })),
        selected: resetIndex(draft[i], r.length),
      })),
    select: (draft, column, option) =>
      resetColumns(
        draft.map((v, i) => (i === column ? option : v)),
        lengths,
      ),
  }
}

const FIELD_COUNT: Record<DateFields, number> = { year: 1, month: 2, day: 3 }

export function dateModel(spec: DateSpec & { fields?: DateFields }, now: Date, texts: PickerTexts): PickerModel {
  const { value, start, end } = resolveDate(spec, now)
  const count = FIELD_COUNT[spec.fields ?? 'day']
  const toYMD = (draft: readonly number[]): YMD =>
    normalizeDate({ y: draft[0] ?? start.y, m: draft[1] ?? 1, d: draft[2] ?? 1 }, start, end)
  const toDraft = (date: YMD) => [date.y, date.m, date.d].slice(0, count)
  return {
    initial: toDraft(value),
    columns: (draft) => {
      const date = toYMD(draft)
      const [years = [], months = [], days = []] = dateColumnValues(date, start, end)
      const columns = [
        columnFor(texts.year, optionsOf(years, texts.formatYear), date.y),
        columnFor(texts.month, optionsOf(months, texts.formatMonth), date.m),
        columnFor(texts.day, optionsOf(days, texts.formatDay), date.d),
      ]
      return columns.slice(0, count)
    },
    select: (draft, column, option) => {
      const current = toYMD(draft)
      const columns = dateColumnValues(current, start, end)
      const picked = columns[column]?.[option]
      if (picked === undefined) return toDraft(current)
      const next = { ...current }
      if (column === 0) next.y = picked
      else if (column === 1) next.m = picked
      else next.d = picked
      return toDraft(normalizeDate(next, start, end))
    },
  }
}

/** The option values of each date column for a date inside [start, end]. */
export function dateColumnValues(date: YMD, start: YMD, end: YMD): number[][] {
  return [
    range(start.y, end.y),
    range(date.y === start.y ? start.m : 1, date.y === end.y ? end.m : 12),
    range(
      date.y === start.y && date.m === start.m ? start.d : 1,
      date.y === end.y && date.m === end.m ? end.d : daysInMonth(date.y, date.m),
    ),
  ]
}

export function timeModel(spec: TimeSpec, texts: PickerTexts): PickerModel {
  const { value, start, end } = resolveTime(spec)
  const toHM = (draft: readonly number[]): HM => normalizeTime({ h: draft[0] ?? start.h, m: draft[1] ?? 0 }, start, end)
  const minutesOf = (h: number) => range(h === start.h ? start.m : 0, h === end.h ? end.m : 59)
  return {
    initial: [value.h, value.m],
    columns: (draft) => {
      const t = toHM(draft)
      return [
        columnFor(texts.hour, optionsOf(range(start.h, end.h), pad2), t.h),
        columnFor(texts.minute, optionsOf(minutesOf(t.h), pad2), t.m),
      ]
    },
    select: (draft, column, option) => {
      const t = toHM(draft)
      const values = column === 0 ? range(start.h, end.h) : minutesOf(t.h)
      const picked = values[option]
      if (picked === undefined) return [t.h, t.m]
      const next = normalizeTime(column === 0 ? { h: picked, m: t.m } : { h: t.h, m: picked }, start, end)
      return [next.h, next.m]
    },
  }
}

// ── keyboard ─────────────────────────────────────────────────────────────────────────────────────

/** Listbox keys (WAI-ARIA APG): the next option index, or null when the key is not a listbox key. */
export function stepIndex(index: number, key: string, length: number, page = 5): number | null {
  if (length <= 0) return null
  const last = length - 1
  const at = (n: number) => Math.min(last, Math.max(0, n))
  switch (key) {
    case 'ArrowDown':
      return at(index + 1)
    case 'ArrowUp':
      return at(index - 1)
    case 'PageDown':
      return at(index + page)
    case 'PageUp':
      return at(index - page)
    case 'Home':
      return 0
    case 'End':
      return last
    default:
      return null
  }
}

// ── popover placement ────────────────────────────────────────────────────────────────────────────

export interface Rect {
  left: number
  top: number
  width: number
  height: number
}

/**
 * Where a popover of `size` goes near `anchor` inside a viewport: below when it fits (or when there is
 * more room below), otherwise above; left-aligned with the anchor and kept `margin` px inside the edges.
 */
export function popoverPosition(
  anchor: Rect,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  gap = 8,
  margin = 8,
): { left: number; top: number } {
  const below = anchor.top + anchor.height + gap
  const roomBelow = viewport.height - below - margin
  const roomAbove = anchor.top - gap - margin
  const top = size.height <= roomBelow || roomBelow >= roomAbove ? below : anchor.top - gap - size.height
  const maxLeft = viewport.width - margin - size.width
  const left = Math.max(margin, Math.min(anchor.left, maxLeft))
  return { left, top: Math.max(margin, top) }
}
