/**
 * What a report slide says, in either language, as plain data: the page draws it with HTML and "save as
 * image" draws the same thing on a canvas, so the picture always matches the slide. Words celebrate what
 * the student did and never compare them with anyone.
 */
import type { Lang } from '../../../manifest/app'
import { KEYWORD_WORDS, type ClosingKeyword, type ReportSlide, type SlideKind, type TimeBucket } from '../../contract/report'
import { formatNumber } from '../../i18n/format'

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

const BUCKETS: Record<TimeBucket, { 'zh-Hans': [string, string, string]; en: [string, string, string] }> = {
  morning: { 'zh-Hans': ['早晨', '5–11 点', '清晨的书页，和阳光一起醒来'], en: ['Mornings', '5–11 am', 'Your pages woke up with the sun'] },
  noon: { 'zh-Hans': ['中午', '11–14 点', '午间的片刻，你都留给了书'], en: ['Midday', '11 am–2 pm', 'You kept the midday break for books'] },
  afternoon: { 'zh-Hans': ['下午', '14–18 点', '放学后的时光，和故事一起度过'], en: ['Afternoons', '2–6 pm', 'After school belonged to stories'] },
  evening: { 'zh-Hans': ['晚上', '18–22 点', '晚饭后的灯光下，书页最安静'], en: ['Evenings', '6–10 pm', 'Quiet pages under the evening lamp'] },
  night: { 'zh-Hans': ['夜晚', '22 点以后', '安静的夜里，故事陪着你'], en: ['Late evenings', 'after 10 pm', 'Stories kept you company at night'] },
}

/** The sentence under the word of the year (KEYWORD_WORDS). */
const KEYWORD_LINES: Record<ClosingKeyword, Record<Lang, string>> = {
  start: { 'zh-Hans': '你的阅读故事，从现在开始', en: 'Your reading story starts now' },
  persistent: { 'zh-Hans': '一天接一天，你把阅读变成了习惯', en: 'Day after day, reading became your habit' },
  explorer: { 'zh-Hans': '你的书架上，装着好几个世界', en: 'Your shelf holds many worlds' },
  creator: { 'zh-Hans': '读进心里的，你用文字写了出来', en: 'What you read, you turned into your own words' },
  bookworm: { 'zh-Hans': '一本接一本，你停不下来', en: 'One book after another' },
  curious: { 'zh-Hans': '每次翻开书，都是一次新发现', en: 'Every book you opened was a discovery' },
}

/** Short names of the slides, for the share settings and labels. */
export const SLIDE_NAMES: Record<SlideKind, Record<Lang, string>> = {
  cover: { 'zh-Hans': '封面', en: 'Cover' },
  minutes: { 'zh-Hans': '阅读时长', en: 'Minutes read' },
  books: { 'zh-Hans': '读过的书', en: 'Books' },
  streak: { 'zh-Hans': '连续阅读', en: 'Longest streak' },
  time: { 'zh-Hans': '最爱的时段', en: 'Favourite time' },
  categories: { 'zh-Hans': '最爱的类别', en: 'Top categories' },
  works: { 'zh-Hans': '发表的作品', en: 'Works published' },
  closing: { 'zh-Hans': '年度关键词', en: 'Word of the year' },
}

const num = (n: number, lang: Lang): string => formatNumber(lang, n)

function dayLabel(iso: string, lang: Lang): string {
  const [, m, d] = iso.split('-').map(Number)
  if (lang === 'en') return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][(m ?? 1) - 1]} ${d}`
  return `${m}月${d}日`
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

export function slideText(slide: ReportSlide, lang: Lang): SlideText {
  const zh = lang === 'zh-Hans'
  const base = { unit: '', lines: [] as string[], list: [] as { label: string; value: string }[] }
  switch (slide.kind) {
    case 'cover':
      return {
        ...base,
        theme: 'cover',
        eyebrow: zh ? 'Habor 阅读年度报告' : 'Habor · Year in review',
        big: String(slide.year),
        lines: [slide.name ? (zh ? `${slide.name}的阅读故事` : `${slide.name}'s year in reading`) : zh ? '我的阅读故事' : 'My year in reading', zh ? '滑动翻页，看看这一年' : 'Swipe to see the year'],
      }
    case 'minutes': {
      const hours = Math.round(slide.minutes / 6) / 10
      return {
        ...base,
        theme: 'minutes',
        eyebrow: zh ? '这一年，你读了' : 'This year you read for',
        big: num(slide.minutes, lang),
        unit: zh ? '分钟' : 'minutes',
        lines: [
          zh ? `约 ${num(hours, lang)} 小时，分布在 ${num(slide.readingDays, lang)} 天里` : `About ${num(hours, lang)} hours over ${num(slide.readingDays, lang)} days`,
          zh ? `翻过了 ${num(slide.pages, lang)} 页书` : `${num(slide.pages, lang)} pages turned`,
        ],
      }
    }
    case 'books':
      return {
        ...base,
        theme: 'books',
        eyebrow: zh ? '你翻开了' : 'You opened',
        big: num(slide.books, lang),
        unit: zh ? '本书' : slide.books === 1 ? 'book' : 'books',
        lines: slide.topBook ? [zh ? '陪你最久的一本是' : 'The one you spent longest with', zh ? `《${slide.topBook.title}》` : `“${slide.topBook.title}”`, slide.topBook.author] : [],
      }
    case 'streak':
      return {
        ...base,
        theme: 'streak',
        eyebrow: zh ? '最长连续阅读' : 'Your longest streak',
        big: num(slide.days, lang),
        unit: zh ? '天' : 'days in a row',
        lines: [`${dayLabel(slide.from, lang)} – ${dayLabel(slide.to, lang)}`, zh ? '每一天，都有书陪着你' : 'A book every single day'],
      }
    case 'time': {
      const [name, hours, line] = BUCKETS[slide.bucket][lang]
      return {
        ...base,
        theme: slide.bucket,
        eyebrow: zh ? '你最喜欢在这个时候读书' : 'Your favourite time to read',
        big: name,
        unit: hours,
        lines: [zh ? `${slide.share}% 的阅读发生在这个时段` : `${slide.share}% of your reading happened then`, line],
      }
    }
    case 'categories':
      return {
        ...base,
        theme: 'categories',
        eyebrow: zh ? '你最爱读的类别' : 'What you loved reading',
        big: slide.top[0]?.name ?? '',
        lines: [],
        list: slide.top.map((c, i) => ({ label: `${i + 1}  ${c.name}`, value: zh ? `${num(c.minutes, lang)} 分钟` : `${num(c.minutes, lang)} min` })),
      }
    case 'works':
      return {
        ...base,
        theme: 'works',
        eyebrow: zh ? '你发表了' : 'You published',
        big: num(slide.works, lang),
        unit: zh ? '篇作品' : slide.works === 1 ? 'work' : 'works',
        lines: [zh ? '读进去的，都变成了你自己的表达' : 'What you read became your own voice'],
      }
    case 'closing': {
      const word = KEYWORD_WORDS[slide.keyword][lang]
      const line = KEYWORD_LINES[slide.keyword][lang]
      const start = slide.keyword === 'start'
      return {
        ...base,
        theme: start ? 'start' : 'closing',
        eyebrow: start ? (zh ? `${slide.year}，你的故事` : `${slide.year}: your story`) : zh ? `${slide.year} 年度关键词` : `Your word for ${slide.year}`,
        big: word,
        lines: start
          ? [line, zh ? '翻开第一本书，下一份报告会写满你的故事' : 'Open a book today, and next year’s report will be full of you']
          : [line, zh ? `${slide.year + 1}，继续读下去` : `On to ${slide.year + 1}, one page at a time`],
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
