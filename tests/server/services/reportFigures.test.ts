/** The year in review's pure figures: buckets at their edges, streaks, keywords, and which slides exist. */
import { describe, expect, it } from 'vitest'
import { visibleSlides } from '../../../src/contract/report'
import { closingKeyword, computeReport, reportStreak, slidesOf, timeBucketOf, type ReadingInput } from '../../../server/services/reportFigures'

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000
const rec = (local: string, minutes = 20, bookId = 'b1', category = '科普', tzOffsetMin = 480): ReadingInput => ({
  readAt: Date.parse(`${local}:00Z`) - tzOffsetMin * 60_000,
  tzOffsetMin,
  minutes,
  pages: 5,
  bookId,
  title: `T-${bookId}`,
  author: 'A',
  category,
})

describe('time of day', () => {
  it.each([
    [4, 'night'],
    [5, 'morning'],
    [10, 'morning'],
    [11, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [21, 'evening'],
    [22, 'night'],
    [0, 'night'],
  ])('hour %i is %s', (hour, bucket) => {
    expect(timeBucketOf(hour)).toBe(bucket)
  })
})

describe('the streak slide', () => {
  it('is null without days and one day for a single day', () => {
    expect(reportStreak([])).toBeNull()
    expect(reportStreak([day('2023-03-01')])).toEqual({ days: 1, from: '2023-03-01', to: '2023-03-01' })
  })
  it('runs across month ends, leap-free February and the year end, ignoring repeats', () => {
    const days = ['2023-02-27', '2023-02-28', '2023-03-01', '2023-03-01', '2023-03-02', '2023-12-30', '2023-12-31', '2024-01-01'].map(day)
    expect(reportStreak(days)).toEqual({ days: 4, from: '2023-02-27', to: '2023-03-02' })
  })
  it('keeps the earliest of equal runs, whatever the input order', () => {
    expect(reportStreak(['2023-05-02', '2023-05-01', '2023-01-02', '2023-01-01'].map(day))).toEqual({ days: 2, from: '2023-01-01', to: '2023-01-02' })
  })
})

describe('computeReport', () => {
  it('uses the reader\'s local calendar for the year and the time of day', () => {
    const f = computeReport(2023, [rec('2023-01-01T00:30', 10), rec('2022-12-31T23:59', 99), rec('2024-01-01T00:01', 99), rec('2023-12-31T23:59', 10, 'b2', '科普', -300)], [])
    expect(f).toMatchObject({ minutes: 20, sessions: 2, books: 2, readingDays: 2, favouriteTime: { bucket: 'night', sessions: 2, share: 100 } })
  })

  it('breaks a tie of sessions by minutes, and ranks categories by minutes then sessions then name', () => {
    const f = computeReport(
      2023,
      [rec('2023-04-01T08:00', 10, 'a', '诗歌'), rec('2023-04-02T19:00', 30, 'b', '科普'), rec('2023-04-03T09:00', 10, 'c', '历史'), rec('2023-04-04T20:00', 5, 'd', '童话'), rec('2023-04-05T12:00', 15, 'e', '童话')],
      [],
    )
    expect(f.favouriteTime).toEqual({ bucket: 'evening', sessions: 2, share: 40 })
    expect(f.categories).toEqual([
      { name: '科普', minutes: 30, books: 1 },
      { name: '童话', minutes: 20, books: 2 },
      { name: '历史', minutes: 10, books: 1 },
    ])
    expect(f.categoryCount).toBe(4)
    expect(f.streak).toEqual({ days: 5, from: '2023-04-01', to: '2023-04-05' })
  })

  it('counts works of the year only', () => {
    const at = (iso: string) => Date.parse(iso)
    expect(computeReport(2023, [], [{ createdAt: at('2023-06-01T00:00:00Z') }, { createdAt: at('2022-12-31T17:00:00Z') }, { createdAt: at('2023-12-31T16:30:00Z') }]).works).toBe(2)
  })

  it('an empty year has no figures and the "start" keyword', () => {
    const f = computeReport(2023, [], [])
    expect(f).toMatchObject({ minutes: 0, sessions: 0, books: 0, streak: null, favouriteTime: null, categories: [], works: 0, keyword: 'start', topBook: null })
    expect(slidesOf(f, 'Ann').map((s) => s.kind)).toEqual(['cover', 'closing'])
  })
})

describe('closing keyword and slides', () => {
  const base = computeReport(2023, [rec('2023-01-01T08:00')], [])
  it.each([
    [{ sessions: 0, works: 0 }, 'start'],
    [{ streak: { days: 7, from: '', to: '' } }, 'persistent'],
    [{ streak: { days: 6, from: '', to: '' }, categoryCount: 4 }, 'explorer'],
    [{ works: 3 }, 'creator'],
    [{ books: 10 }, 'bookworm'],
    [{ books: 9, works: 2 }, 'curious'],
  ] as const)('%o → %s', (over, keyword) => {
    expect(closingKeyword({ ...base, ...over })).toBe(keyword)
  })

  it('leaves out a one-day streak and zero works, never a slide that says "0"', () => {
    const kinds = slidesOf(base, 'Ann').map((s) => s.kind)
    expect(kinds).toEqual(['cover', 'minutes', 'books', 'time', 'categories', 'closing'])
  })

  it('works without reading still make a works slide', () => {
    const f = computeReport(2023, [], [{ createdAt: Date.parse('2023-05-01T00:00:00Z') }])
    expect(slidesOf(f, 'Ann').map((s) => s.kind)).toEqual(['cover', 'works', 'closing'])
    expect(f.keyword).toBe('curious')
  })

  it('visibleSlides drops the hidden kinds only', () => {
    const slides = slidesOf(base, 'Ann')
    expect(visibleSlides(slides, ['time', 'cover']).map((s) => s.kind)).toEqual(['minutes', 'books', 'categories', 'closing'])
  })
})
