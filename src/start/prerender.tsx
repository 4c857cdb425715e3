/**
 * Start-up, in order: docs/performance.md "From the first byte to the first tap and the daily open's frame".
 *
 * Build-time prerender of the public entry pages (scripts/prerender.mjs): the page's HTML in zh-Hans for
 * a logged-out visitor, so the first paint never waits for JavaScript. React hydrates it on the client.
 */
import type { JSX } from 'react'
import { prerender } from 'react-dom/static'
import { Router } from 'wouter'
import { APP_CONFIG, type Lang } from '../../manifest/app'
import { FRAMES, PAGES } from '../../manifest/pages'
import { App } from '../app/App'
import { loadLang, translate } from '../i18n/i18n'
import { FRAME_BODIES } from './frames'
import { HomeFrame } from './HomeFrame'
import { PageFrame } from './PageFrame'
import { UpdatePrompt } from '../ui/UpdatePrompt/UpdatePrompt'

export { startAfterPaint } from './startAfterPaint'

/**
 * The starter's note when the app's scripts do not load (start/startAfterPaint.ts `stuckTexts`), in each
 * language. Written into the pages' HTML at build time only, so the app's catalogue does not carry them.
 */
const STUCK: Record<Lang, { portal: string; cutOff: string }> = {
  'zh-Hans': { portal: '当前 Wi-Fi 需要先登录认证才能上网，认证后再试一次', cutOff: '连不上服务器，当前 Wi-Fi 可能需要先登录认证，恢复后再试一次' },
  en: { portal: 'This Wi-Fi needs you to sign in before you can go online. Sign in, then try again', cutOff: 'Cannot reach the server. This Wi-Fi may need you to sign in first. Try again once it works' },
}
export async function stuckTexts(): Promise<Record<Lang, { portal: string; cutOff: string; open: string }>> {
  await loadLang('en')
  return { 'zh-Hans': { ...STUCK['zh-Hans'], open: translate('zh-Hans', 'app.portalOpen') }, en: { ...STUCK.en, open: translate('en', 'app.portalOpen') } }
}

async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  let html = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    html += decoder.decode(value, { stream: true })
  }
  return html + decoder.decode()
}

export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <Router ssrPath={path} ssrSearch="">
      <App />
      <UpdatePrompt />
    </Router>,
  )
  return streamToString(prelude)
}

/**
 * The frames the service worker paints on a signed-in open (docs/performance.md "The daily open"): one
 * per login-only page of the page table and language (manifest/pages.ts FRAMES). Home's is its own, with
 * no words, the same in every language; every other page's is its bar and title over its placeholders
 * (start/frames.tsx).
 */
const FRAME_VIEWS: Record<string, (lang: Lang) => JSX.Element> = Object.fromEntries(
  PAGES.filter((page) => page.access === 'login').map((page) => {
    const body = FRAME_BODIES[page.name]
    const frame = page.name === 'Home' ? () => <HomeFrame /> : (lang: Lang) => <PageFrame page={page} lang={lang}>{body?.()}</PageFrame>
    return [page.path, frame]
  }),
)

/**
 * The frames for the build: where each is served and precached (`url`), the page's path, the frame's
 * language and the source module of the page that renders over it.
 */
export const FRAME_PAGES: { url: string; path: string; lang: Lang; source: string }[] = FRAMES.map(({ page, lang, url }) => ({
  url,
  path: page.path,
  lang,
  source: `src/pages/${page.name}/${page.name}.tsx`,
}))

/** A frame's document title and description in a language other than index.html's zh-Hans. */
export const FRAME_HEAD: Record<Exclude<Lang, 'zh-Hans'>, { title: string; description: string }> = {
  en: { title: APP_CONFIG.tagline.en, description: 'Habor: read the world, express yourself. A space for students to read and express themselves.' },
}

export async function renderFrame(path: string, lang: Lang): Promise<string> {
  const frame = FRAME_VIEWS[path]
  if (!frame) throw new Error(`prerender: no frame for ${path}`)
  const { prelude } = await prerender(frame(lang))
  return streamToString(prelude)
}
