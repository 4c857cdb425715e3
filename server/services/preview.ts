/**
 * Link previews: the Open Graph and Twitter meta of a share URL (/share/opus, /share/read, /share/task,
 * /sound), put into that URL's HTML so chat apps and crawlers that run no JavaScript show the content's
 * title, a line of text and its picture. Everything injected is HTML-escaped.
 */
import type { Lang } from '../../manifest/app'
import { APP_CONFIG } from '../../manifest/app'
import { pageByPath } from '../../manifest/pages'
import { isContentId, SHARE_PAGE, type ContentKind, type Image } from '../../src/contract/content'
import type { Db } from '../db/connect'
import { loadContent } from './content'

export const SHARE_CARD_PATH = '/api/content/card.png'
const CARD: Image = { url: SHARE_CARD_PATH, width: 1200, height: 630 }

export interface Preview {
  kind?: ContentKind
  title: string
  description: string
  image: Image
  imageAlt: string
  /** Absolute URL of the page. */
  url: string
  type: 'article' | 'website'
  /** False for missing or private content: nothing to index. */
  found: boolean
}

const KIND_OF_PAGE = new Map<string, ContentKind>(Object.entries(SHARE_PAGE).map(([kind, path]) => [path, kind as ContentKind]))

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The first `max` characters of a text as one line. */
export function excerpt(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

const T = {
  'zh-Hans': {
    missing: '此内容不可用',
    missingText: '内容不存在，或作者已不再分享。',
    minutes: (n: number) => `${n} 分钟`,
    pages: (n: number) => `${n} 页`,
    streak: (n: number) => `连续阅读 ${n} 天`,
    readTitle: (who: string, book: string) => `${who}在读《${book}》`,
    due: (d: string) => `截止 ${d}`,
    by: (who: string) => `${who} 的作品`,
    sound: (who: string) => `${who} 的声音`,
  },
  en: {
    missing: 'This content is not available',
    missingText: 'It does not exist, or its author no longer shares it.',
    minutes: (n: number) => `${n} min`,
    pages: (n: number) => `${n} pages`,
    streak: (n: number) => `${n}-day reading streak`,
    readTitle: (who: string, book: string) => `${who} is reading ${book}`,
    due: (d: string) => `due ${d}`,
    by: (who: string) => `A work by ${who}`,
    sound: (who: string) => `A recording by ${who}`,
  },
} as const

/** 'YYYY-MM-DD' in China time, where the product's schools are. */
const dateOf = (ms: number, offsetMin = 480) => new Date(ms + offsetMin * 60_000).toISOString().slice(0, 10)

/** The preview of a share URL, or null when the path is not a share page; `now` is the injected clock's. */
export async function previewFor(db: Db, pathname: string, query: URLSearchParams, origin: string, lang: Lang, now: number): Promise<Preview | null> {
  const kind = KIND_OF_PAGE.get(pathname)
  if (!kind) return null
  const t = T[lang]
  const id = query.get('id')
  const url = `${origin}${pathname}${id && isContentId(id) ? `?id=${encodeURIComponent(id)}` : ''}`
  const pageTitle = pageByPath(pathname)?.title[lang] ?? APP_CONFIG.productTitle
  const missing: Preview = { title: t.missing, description: t.missingText, image: CARD, imageAlt: APP_CONFIG.tagline[lang], url, type: 'website', found: false }
  if (!id || !isContentId(id)) return { ...missing, title: `${pageTitle} - ${APP_CONFIG.productTitle}` }
  const abs = (img: Image): Image => ({ ...img, url: new URL(img.url, origin).href })
  const base = { kind, url, type: 'article' as const, found: true }
  switch (kind) {
    case 'opus': {
      const v = await loadContent(db, 'opus', id, now)
      if (!v) return missing
      return { ...base, title: v.title, description: `${t.by(v.author.name)} · ${excerpt(v.body)}`, image: abs(v.cover ?? v.images[0] ?? CARD), imageAlt: v.title }
    }
    case 'read': {
      const v = await loadContent(db, 'read', id, now)
      if (!v) return missing
      const facts = [t.streak(v.streakDays), t.minutes(v.minutes), t.pages(v.pages)].join(' · ')
      return { ...base, title: t.readTitle(v.reader.name, v.book.title), description: v.notes ? `${facts} · ${excerpt(v.notes)}` : facts, image: abs(v.book.cover ?? CARD), imageAlt: v.book.title }
    }
    case 'task': {
      const v = await loadContent(db, 'task', id, now)
      if (!v) return missing
      const head = [v.publisher, v.className, v.dueAt ? t.due(dateOf(v.dueAt)) : ''].filter(Boolean).join(' · ')
      return { ...base, title: v.title, description: `${head} · ${excerpt(v.brief, 60)}`, image: abs(CARD), imageAlt: v.title }
    }
    case 'sound': {
      const v = await loadContent(db, 'sound', id, now)
      if (!v) return missing
      return { ...base, title: v.title, description: v.description ? `${t.sound(v.author.name)} · ${excerpt(v.description)}` : t.sound(v.author.name), image: abs(v.cover ?? CARD), imageAlt: v.title }
    }
  }
}

/** The skeleton block each page shows where its main picture will be (see the pages' Skeleton). */
const PICTURE_SLOT: Partial<Record<ContentKind, string>> = { opus: '.opus__cover-bone', read: '.read__cover.share-bone', sound: '.sound__cover.share-bone' }
const MEDIA_PICTURE = /^\/api\/content\/media\/[A-Za-z0-9-]{1,64}$/

/** The page's HTML with the preview's title, description, Open Graph and Twitter meta, and canonical link. */
export function injectPreview(html: string, p: Preview, lang: Lang): string {
  const e = escapeHtml
  const image = p.image.url.startsWith('/') ? new URL(p.image.url, p.url).href : p.image.url
  const wide = (p.image.width ?? 0) >= 600 && (p.image.width ?? 0) > (p.image.height ?? 0)
  // The Twitter card says again what the Open Graph tags say, in this order.
  const twitter = { title: p.title, description: p.description, image, 'image:alt': p.imageAlt }
  const meta = [
    `<meta name="description" content="${e(p.description)}">`,
    `<link rel="canonical" href="${e(p.url)}">`,
    p.found ? '' : '<meta name="robots" content="noindex">',
    `<meta property="og:site_name" content="${e(APP_CONFIG.productTitle)}">`,
    `<meta property="og:type" content="${p.type}">`,
    `<meta property="og:locale" content="${lang === 'en' ? 'en_US' : 'zh_CN'}">`,
    `<meta property="og:title" content="${e(p.title)}">`,
    `<meta property="og:description" content="${e(p.description)}">`,
    `<meta property="og:url" content="${e(p.url)}">`,
    `<meta property="og:image" content="${e(image)}">`,
    p.image.width ? `<meta property="og:image:width" content="${p.image.width}">` : '',
    p.image.height ? `<meta property="og:image:height" content="${p.image.height}">` : '',
    `<meta property="og:image:alt" content="${e(p.imageAlt)}">`,
    `<meta name="twitter:card" content="${wide ? 'summary_large_image' : 'summary'}">`,
    ...Object.entries(twitter).map(([name, content]) => `<meta name="twitter:${name}" content="${e(content)}">`),
    // The page shows this picture first (its largest paint): fetch it with the HTML, not after the app starts.
    p.found && !image.endsWith(SHARE_CARD_PATH) ? `<link rel="preload" as="image" href="${e(image)}" fetchpriority="high">` : '',
    pictureSlot(p, image),
  ]
    .filter(Boolean)
    .join('')
  const title = `<title>${e(p.title)} - ${e(APP_CONFIG.productTitle)}</title>`
  return html
    .replace(/<meta name="description"[^>]*>\s*/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => title)
    .replace('</head>', () => `${meta}</head>`)
}

/**
 * Paints the content's picture into the prerendered skeleton's picture block, so the first paint already
 * shows it (the app then renders the same picture in its place). Only our own media paths are used.
 */
function pictureSlot(p: Preview, image: string): string {
  const slot = p.kind && PICTURE_SLOT[p.kind]
  const path = new URL(image).pathname
  if (!p.found || !slot || !MEDIA_PICTURE.test(path)) return ''
  return `<style>${slot}{background:url(${path}) center/cover no-repeat;animation:none}</style>`
}
