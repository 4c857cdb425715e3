/**
 * What a report slide says, in either language, as plain data: the page draws it with HTML and "save as
 * image" draws the same thing on a canvas, so the picture always matches the slide. Words celebrate what
 * the student did and never compare them with anyone.
 */
import type { Lang } from '../../../manifest/app'
import { KEYWORD_WORDS, type ClosingKeyword, type ReportSlide, type SlideKind, type TimeBucket } from '../../contract/report'
import { formatNumber } from '../../i18n/format'
import { defineTexts, type TextsOf } from '../../i18n/texts'

export type SlideTheme = 'cover' | 'minutes' | 'books' | 'streak' | 'morning' | 'noon' | 'afternoon' | 'evening' | 'night' | 'categories' | 'works' | 'closing' | 'start'

export interface SlideText {
  theme: SlideTheme
  /** Small line above the figure. */
  eyebrow: string
  /** The figure or the word of the slide. */
  big: string
  unit: string
  lines: string[]
  /** Ranked rows (top categories). */
  list: { label: string; value: string }[]
}

/** Gradient stops and ink of each theme, shared by the CSS custom properties and the canvas. */
export const THEMES: Record<SlideTheme, { from: string; to: string; ink: string; accent: string }> = {
  // Every start colour keeps white text at 4.5:1 or more; the end colours are darker still.
  cover: { from: '#0e7a5f', to: '#0b3d5c', ink: '#ffffff', accent: '#ffd166' },
  minutes: { from: '#c2410c', to: '#7c2d12', ink: '#ffffff', accent: '#ffe8a3' },
  books: { from: '#5f3dc4', to: '#364fc7', ink: '#ffffff', accent: '#ffd8a8' },
  streak: { from: '#c92a2a', to: '#862e9c', ink: '#ffffff', accent: '#ffe066' },
  morning: { from: '#1971c2', to: '#0b4f8a', ink: '#ffffff', accent: '#ffe066' },
  noon: { from: '#b45309', to: '#7c2d12', ink: '#ffffff', accent: '#fff3bf' },
  afternoon: { from: '#0b7285', to: '#0a4f5c', ink: '#ffffff', accent: '#ffe8a3' },
  evening: { from: '#6741d9', to: '#1c2a6b', ink: '#ffffff', accent: '#ffc078' },
  night: { from: '#243b6b', to: '#0b1026', ink: '#ffffff', accent: '#ffe066' },
  categories: { from: '#087f5b', to: '#0b4f3c', ink: '#ffffff', accent: '#b2f2bb' },
  works: { from: '#a61e4d', to: '#5f1238', ink: '#ffffff', accent: '#ffdeeb' },
  closing: { from: '#087f5b', to: '#1c2a6b', ink: '#ffffff', accent: '#ffd166' },
  start: { from: '#0b7285', to: '#0e7a5f', ink: '#ffffff', accent: '#ffe8a3' },
}

/**
 * The slides' words (src/i18n/texts.ts): the zh-Hans side here, the English in ./reportSlide.en.ts. A
 * component that shows slides reads the table with useTexts first, so that slideText finds the English
 * loaded. Words celebrate and never compare.
 */
export const SLIDE_TEXTS = defineTexts(
  {
    /** Name, hours and the line of each time of day. */
    buckets: {
      morning: ['早晨', '5–11 点', '清晨的书页，和阳光一起醒来'],
      noon: ['中午', '11–14 点', '午间的片刻，你都留给了书'],
      afternoon: ['下午', '14–18 点', '放学后的时光，和故事一起度过'],
      evening: ['晚上', '18–22 点', '晚饭后的灯光下，书页最安静'],
      night: ['夜晚', '22 点以后', '安静的夜里，故事陪着你'],
    } satisfies Record<TimeBucket, readonly [string, string, string]> as Record<TimeBucket, readonly [string, string, string]>,
    /** The sentence under the word of the year (KEYWORD_WORDS). */
    keywordLines: {
      start: '你的阅读故事，从现在开始',
      persistent: '一天接一天，你把阅读变成了习惯',
      explorer: '你的书架上，装着好几个世界',
      creator: '读进心里的，你用文字写了出来',
      bookworm: '一本接一本，你停不下来',
      curious: '每次翻开书，都是一次新发现',
    } satisfies Record<ClosingKeyword, string> as Record<ClosingKeyword, string>,
    /** Short names of the slides, for the share settings and labels. */
    slideNames: {
      cover: '封面',
      minutes: '阅读时长',
      books: '读过的书',
      streak: '连续阅读',
      time: '最爱的时段',
      categories: '最爱的类别',
      works: '发表的作品',
      closing: '年度关键词',
    } satisfies Record<SlideKind, string> as Record<SlideKind, string>,
    day: (month: number, day: number) => `${month}月${day}日`,
    cover: { eyebrow: 'Habor 阅读年度报告', named: (name: string) => `${name}的阅读故事`, mine: '我的阅读故事', swipe: '滑动翻页，看看这一年' },
    minutes: {
      eyebrow: '这一年，你读了',
      unit: '分钟',
      hours: (hours: string, days: string) => `约 ${hours} 小时，分布在 ${days} 天里`,
      pages: (pages: string) => `翻过了 ${pages} 页书`,
    },
    books: { eyebrow: '你翻开了', unit: (_n: number) => '本书', longest: '陪你最久的一本是', title: (title: string) => `《${title}》` },
    streak: { eyebrow: '最长连续阅读', unit: '天', every: '每一天，都有书陪着你' },
    time: { eyebrow: '你最喜欢在这个时候读书', share: (share: number) => `${share}% 的阅读发生在这个时段` },
    categories: { eyebrow: '你最爱读的类别', minutes: (minutes: string) => `${minutes} 分钟` },
    works: { eyebrow: '你发表了', unit: (_n: number) => '篇作品', line: '读进去的，都变成了你自己的表达' },
    closing: {
      startEyebrow: (year: number) => `${year}，你的故事`,
      eyebrow: (year: number) => `${year} 年度关键词`,
      startLine: '翻开第一本书，下一份报告会写满你的故事',
      next: (year: number) => `${year}，继续读下去`,
    },
  },
  () => import('./reportSlide.en'),
)
export type SlideWords = TextsOf<typeof SLIDE_TEXTS>

const num = (n: number, lang: Lang): string => formatNumber(lang, n)

function dayLabel(iso: string, w: SlideWords): string {
  const [, m = 1, d = 1] = iso.split('-').map(Number)
  return w.day(m, d)
}

/**
 * The same words about someone else: a friend reading a shared report reads "这一年，TA 读了…", not a
 * report that speaks to them.
 */
export function aboutThem(text: SlideText, lang: Lang): SlideText {
  const say =
    lang === 'zh-Hans'
      ? (t: string) =>
          t
            .replace(/^我的阅读故事$/, 'TA 的阅读故事')
            .replace(/你/g, 'TA').replace(/TA(?=[\u4e00-\u9fff])/g, 'TA ').replace(/([\u4e00-\u9fff])TA/g, '$1 TA')
      : (t: string) =>
          t
            .replace(/\bYour\b/g, 'Their')
            .replace(/\byour\b/g, 'their')
            .replace(/\bYou\b/g, 'They')
            .replace(/\b(kept|of|with) you\b/g, '$1 them')
            .replace(/\byou\b/g, 'they')
            .replace(/^My year in reading$/, 'Their year in reading')
  return { ...text, eyebrow: say(text.eyebrow), big: say(text.big), unit: say(text.unit), lines: text.lines.map(say), list: text.list.map((r) => ({ ...r, label: say(r.label) })) }
}

/** What `slide` says in `lang`, with the table's side `w` (the page passes what useTexts gave it). */
export function slideText(slide: ReportSlide, lang: Lang, w: SlideWords = SLIDE_TEXTS(lang)): SlideText {
  const base = { unit: '', lines: [] as string[], list: [] as { label: string; value: string }[] }
  switch (slide.kind) {
    case 'cover':
      return { ...base, theme: 'cover', eyebrow: w.cover.eyebrow, big: String(slide.year), lines: [slide.name ? w.cover.named(slide.name) : w.cover.mine, w.cover.swipe] }
    case 'minutes': {
      const hours = Math.round(slide.minutes / 6) / 10
      return {
        ...base,
        theme: 'minutes',
        eyebrow: w.minutes.eyebrow,
        big: num(slide.minutes, lang),
        unit: w.minutes.unit,
        lines: [w.minutes.hours(num(hours, lang), num(slide.readingDays, lang)), w.minutes.pages(num(slide.pages, lang))],
      }
    }
    case 'books':
      return {
        ...base,
        theme: 'books',
        eyebrow: w.books.eyebrow,
        big: num(slide.books, lang),
        unit: w.books.unit(slide.books),
        lines: slide.topBook ? [w.books.longest, w.books.title(slide.topBook.title), slide.topBook.author] : [],
      }
    case 'streak':
      return { ...base, theme: 'streak', eyebrow: w.streak.eyebrow, big: num(slide.days, lang), unit: w.streak.unit, lines: [`${dayLabel(slide.from, w)} – ${dayLabel(slide.to, w)}`, w.streak.every] }
    case 'time': {
      const [name, hours, line] = w.buckets[slide.bucket]
      return { ...base, theme: slide.bucket, eyebrow: w.time.eyebrow, big: name, unit: hours, lines: [w.time.share(slide.share), line] }
    }
    case 'categories':
      return {
        ...base,
        theme: 'categories',
        eyebrow: w.categories.eyebrow,
        big: slide.top[0]?.name ?? '',
        list: slide.top.map((c, i) => ({ label: `${i + 1}  ${c.name}`, value: w.categories.minutes(num(c.minutes, lang)) })),
      }
    case 'works':
      return { ...base, theme: 'works', eyebrow: w.works.eyebrow, big: num(slide.works, lang), unit: w.works.unit(slide.works), lines: [w.works.line] }
    case 'closing': {
      const start = slide.keyword === 'start'
      const line = w.keywordLines[slide.keyword]
      return {
        ...base,
        theme: start ? 'start' : 'closing',
        eyebrow: start ? w.closing.startEyebrow(slide.year) : w.closing.eyebrow(slide.year),
        big: KEYWORD_WORDS[slide.keyword][lang],
        lines: [line, start ? w.closing.startLine : w.closing.next(slide.year + 1)],
      }
    }
  }
}

/** How long a slide stays before auto-advance: never shorter than a slow reader needs for its words. */
export function dwellMs(text: SlideText): number {
  const chars = [text.eyebrow, text.big, text.unit, ...text.lines, ...text.list.map((l) => l.label + l.value)].join('').length
  return Math.min(14_000, Math.max(6_000, 3_000 + chars * 120))
}

/** The words of a slide as one sentence, for its accessible name and the live announcement. */
export const slideSentence = (t: SlideText): string => [t.eyebrow, `${t.big}${t.unit ? ` ${t.unit}` : ''}`, ...t.list.map((l) => `${l.label} ${l.value}`), ...t.lines].filter(Boolean).join('，')

/** A unit goes beside a short figure ("7 本书") and under a wide one ("2,460" / "分钟"). */
export const unitBeside = (text: SlideText): boolean => widthEm(text.big) <= 2.3

/** The width of a string in em at the slide's heavy weight, on the widest common fallback font: so the figure always fits. */
export function widthEm(text: string): number {
  let em = 0
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0
    if (c >= 0x2e80) em += 1
    else if (/[0-9]/.test(ch)) em += 0.7
    else if (/[,.:'’]/.test(ch)) em += 0.38
    else if (ch === ' ') em += 0.35
    else if (/[A-Z]/.test(ch)) em += 0.78
    else em += 0.66
  }
  return em * 1.04
}
