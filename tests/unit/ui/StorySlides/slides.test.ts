// @vitest-environment node
/** What the slides say and how long they stay: both languages, no empty words, reading time bounds, line wrapping. */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Lang } from '../../../../manifest/app'
import type { ReportFigures, ReportSlide } from '../../../../src/contract/report'
import { slidesOf } from '../../../../server/services/reportFigures'
import { wrapText } from '../../../../src/ui/StorySlides/drawSlide'
import { aboutThem, dwellMs, SLIDE_TEXTS, slideSentence, slideText, unitBeside, widthEm } from '../../../../src/ui/StorySlides/reportSlide'

const FIGURES: ReportFigures = {
  year: 2023,
  minutes: 2460,
  pages: 1937,
  sessions: 70,
  readingDays: 64,
  books: 1,
  topBook: { title: '草房子', author: '曹文轩', minutes: 700 },
  streak: { days: 17, from: '2023-01-24', to: '2023-02-09' },
  favouriteTime: { bucket: 'evening', sessions: 30, share: 48 },
  categories: [
    { name: '儿童文学', minutes: 1200, books: 2 },
    { name: '科幻', minutes: 710, books: 2 },
  ],
  categoryCount: 2,
  works: 1,
  keyword: 'persistent',
}
const SLIDES = slidesOf(FIGURES, 'Ann')
const LANGS: Lang[] = ['zh-Hans', 'en']

// The English side loads on demand, as the page's useTexts has it load before the slides are drawn.
beforeAll(() => SLIDE_TEXTS.load())

describe('slideText', () => {
  it.each(LANGS)('gives every slide words in %s, with its figure', (lang) => {
    for (const slide of SLIDES) {
      const t = slideText(slide, lang)
      expect(t.eyebrow.length, slide.kind).toBeGreaterThan(0)
      expect(t.big.length, slide.kind).toBeGreaterThan(0)
      expect(slideSentence(t)).toContain(t.big)
    }
  })

  it('formats the figures for each language', () => {
    const minutes = SLIDES.find((s) => s.kind === 'minutes')!
    expect(slideText(minutes, 'zh-Hans')).toMatchObject({ big: '2,460', unit: '分钟', lines: ['约 41 小时，分布在 64 天里', '翻过了 1,937 页书'] })
    expect(slideText(minutes, 'en')).toMatchObject({ big: '2,460', unit: 'minutes', lines: ['About 41 hours over 64 days', '1,937 pages turned'] })
    const streak = SLIDES.find((s) => s.kind === 'streak')!
    expect(slideText(streak, 'zh-Hans').lines[0]).toBe('1月24日 – 2月9日')
    expect(slideText(streak, 'en').lines[0]).toBe('Jan 24 – Feb 9')
    // Singular in English.
    expect(slideText(SLIDES.find((s) => s.kind === 'books')!, 'en').unit).toBe('book')
    expect(slideText(SLIDES.find((s) => s.kind === 'works')!, 'en').unit).toBe('work')
  })

  it('themes the time slide by its bucket and the "start" closing by its own colours', () => {
    expect(slideText({ kind: 'time', bucket: 'night', share: 60 }, 'en')).toMatchObject({ theme: 'night', big: 'Late evenings' })
    const start: ReportSlide = { kind: 'closing', keyword: 'start', year: 2023 }
    expect(slideText(start, 'zh-Hans')).toMatchObject({ theme: 'start', big: '开始', lines: ['你的阅读故事，从现在开始', expect.any(String)] })
    expect(slideText({ kind: 'closing', keyword: 'persistent', year: 2023 }, 'en').lines[1]).toBe('On to 2024, one page at a time')
  })
})

describe('reading time', () => {
  it('is at least six seconds, grows with the words, and stops at fourteen', () => {
    const times = SLIDES.map((s) => dwellMs(slideText(s, 'zh-Hans')))
    for (const ms of times) {
      expect(ms).toBeGreaterThanOrEqual(6_000)
      expect(ms).toBeLessThanOrEqual(14_000)
    }
    const short = dwellMs({ theme: 'works', eyebrow: 'a', big: '1', unit: '', lines: [], list: [] })
    const long = dwellMs({ theme: 'works', eyebrow: 'a', big: '1', unit: '', lines: ['x'.repeat(60)], list: [] })
    expect(short).toBe(6_000)
    expect(long).toBeGreaterThan(short)
    expect(dwellMs({ theme: 'works', eyebrow: 'a'.repeat(500), big: '1', unit: '', lines: [], list: [] })).toBe(14_000)
  })
})

describe('layout helpers', () => {
  it('puts a unit beside a short figure and below a wide one', () => {
    expect(unitBeside(slideText(SLIDES.find((s) => s.kind === 'streak')!, 'zh-Hans'))).toBe(true)
    expect(unitBeside(slideText(SLIDES.find((s) => s.kind === 'minutes')!, 'zh-Hans'))).toBe(false)
    expect(widthEm('儿童文学')).toBeGreaterThan(widthEm('2023'))
  })

  it('wraps CJK anywhere and Latin at spaces', () => {
    const oneEach = (s: string) => [...s].length
    expect(wrapText(oneEach, '一天接一天你把阅读', 4)).toEqual(['一天接一', '天你把阅', '读'])
    expect(wrapText(oneEach, 'Every book you opened', 10)).toEqual(['Every book', 'you opened'])
    expect(wrapText(oneEach, '', 10)).toEqual([])
  })
})

describe('aboutThem: the words a friend reads on a shared report', () => {
  const every = (text: ReturnType<typeof slideText>) => [text.eyebrow, text.big, text.unit, ...text.lines, ...text.list.map((r) => r.label)]
  it.each(LANGS)('%s: no slide speaks to the reader', (lang) => {
    const empty = slidesOf({ ...FIGURES, minutes: 0, books: 0, works: 0 } as ReportFigures, '')
    const buckets = (['morning', 'noon', 'afternoon', 'evening', 'night'] as const).flatMap((bucket) => slidesOf({ ...FIGURES, favouriteTime: { ...FIGURES.favouriteTime!, bucket } }, 'Ann'))
    const words = (['start', 'persistent', 'explorer', 'creator', 'bookworm', 'curious'] as const).flatMap((keyword) => slidesOf({ ...FIGURES, keyword }, 'Ann'))
    for (const slide of [...SLIDES, ...empty, ...buckets, ...words]) {
      for (const line of every(aboutThem(slideText(slide, lang), lang))) {
        expect(line, `${slide.kind}: ${line}`).not.toMatch(lang === 'en' ? /\byour?\b/i : /你/)
      }
    }
  })
  it('reads "这一年，TA 读了" and "This year they read for"', () => {
    const minutes = SLIDES.find((s) => s.kind === 'minutes')!
    expect(aboutThem(slideText(minutes, 'zh-Hans'), 'zh-Hans').eyebrow).toBe('这一年，TA 读了')
    expect(aboutThem(slideText(minutes, 'en'), 'en').eyebrow).toBe('This year they read for')
    expect(slideText(minutes, 'zh-Hans').eyebrow).toBe('这一年，你读了')
  })
})
