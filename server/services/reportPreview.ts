/**
 * The link preview of a shared year in review (/2023/report?id=…), for renderIndexHtml: a title and a
 * line made only of the slides the owner left visible, so a chat app's preview never shows a hidden
 * figure. Reports are personal: they preview, but ask not to be indexed. injectPreview escapes it all.
 */
import type { Kysely } from 'kysely'
import type { Lang } from '../../manifest/app'
import { APP_CONFIG } from '../../manifest/app'
import { KEYWORD_WORDS, reportPagePath, type ReportSlide } from '../../src/contract/report'
import type { Database } from '../db/schema'
import { SHARE_CARD_PATH, type Preview } from './preview'
import { publicView, sharedReport } from './report'

export const REPORT_PAGE = '/2023/report'
const ID = /^[A-Za-z0-9-]{1,64}$/

const T = {
  'zh-Hans': {
    title: (name: string, year: number) => (name ? `${name}的 ${year} 阅读年度报告` : `${year} 阅读年度报告`),
    missing: '这份年度报告暂时看不到',
    missingText: '它可能不存在，或者主人还没有公开。',
    lead: '来看看这一年的阅读故事',
    minutes: (n: number) => `读了 ${n.toLocaleString('zh-CN')} 分钟`,
    books: (n: number) => `${n} 本书`,
    streak: (n: number) => `最长连续阅读 ${n} 天`,
    category: (c: string) => `最爱${c}`,
    works: (n: number) => `发表 ${n} 篇作品`,
    keyword: (w: string) => `年度关键词：${w}`,
  },
  en: {
    title: (name: string, year: number) => (name ? `${name}'s ${year} in reading` : `A ${year} in reading`),
    missing: 'This year in review is not available',
    missingText: 'It may not exist, or its owner has not shared it.',
    lead: 'A year of reading, as a story',
    minutes: (n: number) => `${n.toLocaleString('en-GB')} minutes read`,
    books: (n: number) => `${n} ${n === 1 ? 'book' : 'books'}`,
    streak: (n: number) => `a ${n}-day streak`,
    category: (c: string) => `loved ${c}`,
    works: (n: number) => `${n} ${n === 1 ? 'work' : 'works'} published`,
    keyword: (w: string) => `word of the year: ${w}`,
  },
} as const

/** One fact per visible slide, in slide order. */
function factsOf(slides: readonly ReportSlide[], lang: Lang): string[] {
  const t = T[lang]
  return slides.flatMap((s) => {
    switch (s.kind) {
      case 'minutes':
        return [t.minutes(s.minutes)]
      case 'books':
        return [t.books(s.books)]
      case 'streak':
        return [t.streak(s.days)]
      case 'categories':
        return s.top[0] ? [t.category(s.top[0].name)] : []
      case 'works':
        return [t.works(s.works)]
      case 'closing':
        return s.keyword === 'start' ? [] : [t.keyword(KEYWORD_WORDS[s.keyword][lang])]
      default:
        return []
    }
  })
}

/** The preview of a report URL, or null when the path is not the report page. */
export async function reportPreviewFor(db: Kysely<Database>, pathname: string, query: URLSearchParams, origin: string, lang: Lang): Promise<Preview | null> {
  if (pathname !== REPORT_PAGE) return null
  const t = T[lang]
  const id = query.get('id')
  const image = { url: new URL(SHARE_CARD_PATH, origin).href, width: 1200, height: 630 }
  const missing: Preview = { title: t.missing, description: t.missingText, image, imageAlt: APP_CONFIG.tagline[lang], url: `${origin}${REPORT_PAGE}`, type: 'website', found: false }
  if (!id || !ID.test(id)) return missing
  const row = await sharedReport(db, id)
  if (!row) return missing
  const view = await publicView(db, row)
  if (view.slides.length === 0) return missing
  const cover = view.slides.find((s) => s.kind === 'cover')
  const title = t.title(cover?.kind === 'cover' ? cover.name : '', view.year)
  const facts = factsOf(view.slides, lang)
  return {
    title,
    description: facts.length ? facts.join(' · ') : t.lead,
    image,
    imageAlt: title,
    url: `${origin}${reportPagePath(view.id)}`,
    type: 'article',
    // A student's report is shared by link, not published: previews yes, search indexing no.
    found: false,
  }
}
