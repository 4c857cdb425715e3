// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  compareDate,
  dateModel,
  daysInMonth,
  defaultDateBounds,
  formatDate,
  multiSelectorModel,
  normalizeDate,
  normalizeTime,
  pickerLayout,
  popoverPosition,
  resetColumns,
  resetIndex,
  resolveDate,
  resolveTime,
  selectorModel,
  stepIndex,
  timeModel,
  type PickerTexts,
  type YMD,
} from '../../../../src/ui/Picker/rules'

const TEXTS: PickerTexts = {
  year: 'Year',
  month: 'Month',
  day: 'Day',
  hour: 'Hour',
  minute: 'Minute',
  formatYear: String,
  formatMonth: String,
  formatDay: String,
}
const NOW = new Date(2026, 10, 22, 8, 0)

describe('layout', () => {
  it.each([
    [320, 'sheet'],
    [375, 'sheet'],
    [500, 'sheet'],
    [501, 'popover'],
    [1280, 'popover'],
  ] as const)('%i px wide → %s', (width, layout) => {
    expect(pickerLayout(width)).toBe(layout)
  })
})

describe('multi-column values outside a column reset to 0', () => {
  it.each([
    [0, 3, 0],
    [2, 3, 2],
    [3, 3, 0],
    [-1, 3, 0],
    [1.5, 3, 0],
    [Number.NaN, 3, 0],
    ['1', 3, 0],
    [undefined, 3, 0],
    [0, 0, 0],
  ])('resetIndex(%s, %i) = %i', (value, length, expected) => {
    expect(resetIndex(value, length)).toBe(expected)
  })

  it('resets each column on its own and fills missing columns with 0', () => {
    expect(resetColumns([1, 9, -2], [3, 4, 5])).toEqual([1, 0, 0])
    expect(resetColumns([2], [3, 4])).toEqual([2, 0])
    expect(resetColumns(null, [2, 2])).toEqual([0, 0])
  })

  it('property: every result is inside its column, and in-range values are kept', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -5, max: 20 }), fc.integer({ min: 1, max: 10 })), { maxLength: 5 }), (pairs) => {
        const out = resetColumns(
          pairs.map(([v]) => v),
          pairs.map(([, len]) => len),
        )
        pairs.forEach(([v, len], i) => {
          expect(out[i]).toBe(v >= 0 && v < len ? v : 0)
        })
      }),
    )
  })

  it('a multiSelector model opens at the reset values and keeps choices inside their columns', () => {
    const model = multiSelectorModel([['a', 'b'], ['x', 'y', 'z']], [5, 2], ['one', 'two'])
    expect(model.initial).toEqual([0, 2])
    expect(model.columns(model.initial).map((c) => [c.label, c.selected])).toEqual([
      ['one', 0],
      ['two', 2],
    ])
    expect(model.select([0, 2], 1, 1)).toEqual([0, 1])
    expect(model.select([0, 2], 0, 7)).toEqual([0, 2])
  })

  it('a selector model is one column of the range', () => {
    const model = selectorModel(['红', '绿', '蓝'], 9, 'Colour')
    expect(model.initial).toEqual([0])
    expect(model.columns([2])[0]?.options.map((o) => o.label)).toEqual(['红', '绿', '蓝'])
    expect(model.select([0], 0, 2)).toEqual([2])
  })
})

describe('dates', () => {
  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [1900, 2, 28],
    [2000, 2, 29],
    [2026, 4, 30],
    [2026, 12, 31],
  ])('%i-%i has %i days', (y, m, days) => {
    expect(daysInMonth(y, m)).toBe(days)
  })

  it('the default range is 150 years before and after the current year', () => {
    expect(defaultDateBounds(NOW)).toEqual({ start: { y: 1876, m: 1, d: 1 }, end: { y: 2176, m: 12, d: 31 } })
    const { start, end } = resolveDate({ value: '2026-01-01' }, NOW)
    expect(formatDate(start)).toBe('1876-01-01')
    expect(formatDate(end)).toBe('2176-12-31')
  })

  const start: YMD = { y: 2020, m: 3, d: 10 }
  const end: YMD = { y: 2025, m: 8, d: 20 }
  // Each row: what the case is, then the year-month-day given (its numbers as they are, 0 and 13 included)
  // and the date it becomes between 2020-03-10 and 2025-08-20.
  it.each([
    'in range stays: 2022-6-15 → 2022-06-15',
    'day past month end → last day: 2023-2-31 → 2023-02-28',
    'leap day kept in a leap year: 2024-2-30 → 2024-02-29',
    '30 April: 2022-4-31 → 2022-04-30',
    'before start → start: 2019-12-31 → 2020-03-10',
    'one day before start → start: 2020-3-9 → 2020-03-10',
    'start itself: 2020-3-10 → 2020-03-10',
    'end itself: 2025-8-20 → 2025-08-20',
    'one day after end → end: 2025-8-21 → 2025-08-20',
    'far after end → end: 2099-1-1 → 2025-08-20',
    'month 13 → 12: 2022-13-1 → 2022-12-01',
    'month 0 → 1: 2022-0-5 → 2022-01-05',
    'day 0 → 1: 2022-5-0 → 2022-05-01',
  ])('%s', (row) => {
    const [, given = '', expected] = /: (\S+) → (\S+)$/.exec(row) ?? []
    const [y = NaN, m = NaN, d = NaN] = given.split('-').map(Number)
    expect(formatDate(normalizeDate({ y, m, d }, start, end))).toBe(expected)
  })

  it.each([
    ['no value → today', { value: '' }, '2026-11-22'],
    ['garbage → today', { value: 'yesterday' }, '2026-11-22'],
    ['past the default end → clamped', { value: '2300-05-05' }, '2176-12-31'],
    ['before the default start → clamped', { value: '1700-05-05' }, '1876-01-01'],
    ['31 June → 30 June', { value: '2026-06-31' }, '2026-06-30'],
    ['given bounds clamp', { value: '2030-01-01', start: '2026-01-01', end: '2026-12-31' }, '2026-12-31'],
    ['a reversed pair is swapped', { value: '2030-01-01', start: '2026-12-31', end: '2026-01-01' }, '2026-12-31'],
    ['an end of a year means its last day', { value: '2027-12-31', end: '2027' }, '2027-12-31'],
    ['an end of a month means its last day', { value: '2027-02-28', end: '2027-02' }, '2027-02-28'],
  ])('%s', (_, spec, expected) => {
    expect(formatDate(resolveDate(spec, NOW).value)).toBe(expected)
  })

  it('property: the normalised date is real and inside the bounds', () => {
    const ymd = fc.record({ y: fc.integer({ min: 1900, max: 2100 }), m: fc.integer({ min: -2, max: 14 }), d: fc.integer({ min: -2, max: 35 }) })
    fc.assert(
      fc.property(ymd, ymd, ymd, (value, a, b) => {
        const lo = normalizeDate(a, { y: 1, m: 1, d: 1 }, { y: 9999, m: 12, d: 31 })
        const hi = normalizeDate(b, { y: 1, m: 1, d: 1 }, { y: 9999, m: 12, d: 31 })
        const [start, end] = compareDate(lo, hi) <= 0 ? [lo, hi] : [hi, lo]
        const out = normalizeDate(value, start, end)
        expect(out.m).toBeGreaterThanOrEqual(1)
        expect(out.m).toBeLessThanOrEqual(12)
        expect(out.d).toBeGreaterThanOrEqual(1)
        expect(out.d).toBeLessThanOrEqual(daysInMonth(out.y, out.m))
        expect(compareDate(out, start)).toBeGreaterThanOrEqual(0)
        expect(compareDate(out, end)).toBeLessThanOrEqual(0)
      }),
    )
  })

  it('choosing February after the 31st pulls the day back; the day column follows the month', () => {
    const model = dateModel({ value: '2023-01-31' }, NOW, TEXTS)
    expect(model.initial).toEqual([2023, 1, 31])
    const months = model.columns(model.initial)[1]
    const feb = months?.options.findIndex((o) => o.value === 2) ?? -1
    const next = model.select(model.initial, 1, feb)
    expect(next).toEqual([2023, 2, 28])
    expect(model.columns(next)[2]?.options).toHaveLength(28)
  })

  it('the columns at the bounds offer only dates inside them, and a year change clamps', () => {
    const model = dateModel({ value: '2021-01-05', start: '2020-03-10', end: '2025-08-20' }, NOW, TEXTS)
    const [years, months, days] = model.columns([2020, 3, 12])
    expect(years?.options.map((o) => o.value)).toEqual([2020, 2021, 2022, 2023, 2024, 2025])
    expect(months?.options[0]?.value).toBe(3)
    expect(days?.options[0]?.value).toBe(10)
    const y2020 = model.select([2021, 1, 5], 0, 0)
    expect(y2020).toEqual([2020, 3, 10])
    const y2025 = model.select([2021, 12, 25], 0, 5)
    expect(y2025).toEqual([2025, 8, 20])
  })

  it('fields month and year give fewer columns and shorter values', () => {
    expect(dateModel({ value: '2026-05', fields: 'month' }, NOW, TEXTS).columns([2026, 5]).map((c) => c.label)).toEqual(['Year', 'Month'])
    expect(dateModel({ value: '2026', fields: 'year' }, NOW, TEXTS).initial).toEqual([2026])
    expect(formatDate({ y: 2026, m: 5, d: 9 }, 'month')).toBe('2026-05')
  })
})

describe('times', () => {
  it.each([
    ['default range is 00:00–23:59', {}, '00:00', '00:00', '23:59'],
    ['an hour past 23 clamps', { value: '25:10' }, '23:10', '00:00', '23:59'],
    ['a minute past 59 clamps', { value: '10:75' }, '10:59', '00:00', '23:59'],
    ['before start → start', { value: '07:59', start: '08:00', end: '18:30' }, '08:00', '08:00', '18:30'],
    ['start itself', { value: '08:00', start: '08:00', end: '18:30' }, '08:00', '08:00', '18:30'],
    ['after end → end', { value: '18:31', start: '08:00', end: '18:30' }, '18:30', '08:00', '18:30'],
    ['garbage → start', { value: 'noon', start: '09:15' }, '09:15', '09:15', '23:59'],
  ])('%s', (_, spec, value, start, end) => {
    const out = resolveTime(spec)
    const f = (t: { h: number; m: number }) => `${String(t.h).padStart(2, '0')}:${String(t.m).padStart(2, '0')}`
    expect([f(out.value), f(out.start), f(out.end)]).toEqual([value, start, end])
  })

  it('property: a normalised time is always within 00:00–23:59', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30, max: 60 }), fc.integer({ min: -30, max: 120 }), (h, m) => {
        const t = normalizeTime({ h, m })
        expect(t.h * 60 + t.m).toBeGreaterThanOrEqual(0)
        expect(t.h * 60 + t.m).toBeLessThanOrEqual(23 * 60 + 59)
      }),
    )
  })

  it('the hour and minute columns stop at the bounds', () => {
    const model = timeModel({ value: '08:40', start: '08:30', end: '18:15' }, TEXTS)
    const [hours, minutes] = model.columns(model.initial)
    expect(hours?.options[0]?.label).toBe('08')
    expect(hours?.options.at(-1)?.label).toBe('18')
    expect(minutes?.options[0]?.value).toBe(30)
    expect(model.select([8, 40], 0, 10)).toEqual([18, 15])
  })
})

describe('keyboard steps', () => {
  it.each([
    ['ArrowDown', 2, 3],
    ['ArrowDown', 9, 9],
    ['ArrowUp', 2, 1],
    ['ArrowUp', 0, 0],
    ['PageDown', 2, 7],
    ['PageDown', 7, 9],
    ['PageUp', 7, 2],
    ['PageUp', 3, 0],
    ['Home', 5, 0],
    ['End', 5, 9],
    ['a', 5, null],
    ['Enter', 5, null],
  ] as const)('%s from %i → %s (10 options)', (key, from, to) => {
    expect(stepIndex(from, key, 10)).toBe(to)
  })
})

describe('popover placement', () => {
  const viewport = { width: 1280, height: 800 }
  const size = { width: 360, height: 320 }
  it('sits below the field when it fits', () => {
    expect(popoverPosition({ left: 100, top: 100, width: 300, height: 44 }, size, viewport)).toEqual({ left: 100, top: 152 })
  })
  it('flips above when there is more room above', () => {
    expect(popoverPosition({ left: 100, top: 600, width: 300, height: 44 }, size, viewport)).toEqual({ left: 100, top: 272 })
  })
  it('stays inside the right edge', () => {
    expect(popoverPosition({ left: 1100, top: 100, width: 100, height: 44 }, size, viewport).left).toBe(1280 - 8 - 360)
  })
})
