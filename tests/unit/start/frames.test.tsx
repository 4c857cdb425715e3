/**
 * The login-only pages' frames (start/frames.tsx, start/PageFrame.tsx): every login-only page of the page table
 * has one in every language, each shows its page's own title in the bar in that language, and none holds
 * words or data of anyone. Each is built, precached and budgeted under its URL (manifest/pages.ts
 * FRAMES, budgets.json `frames`): a page or a language without its frame there fails here.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LANGS } from '../../../manifest/app'
import { FRAMES, frameUrl, pageByPath, PAGES } from '../../../manifest/pages'
import { FRAME_BODIES } from '../../../src/start/frames'
import { PageFrame } from '../../../src/start/PageFrame'

const loginOnly = PAGES.filter((page) => page.access === 'login')

describe('the frames of login-only pages', () => {
  it('exist for every login-only page but Home (whose frame is its own), and for no other page', () => {
    expect(Object.keys(FRAME_BODIES).sort()).toEqual(loginOnly.map((p) => p.name).filter((n) => n !== 'Home').sort())
  })

  it('are built and precached for every login-only page in every language, each under its own URL', () => {
    expect(FRAMES.map((f) => `${f.page.name} ${f.lang}`).sort()).toEqual(loginOnly.flatMap((p) => LANGS.map((lang) => `${p.name} ${lang}`)).sort())
    for (const { page, lang, url } of FRAMES) expect(url).toBe(frameUrl(page.path, lang))
    expect(new Set(FRAMES.map((f) => f.url)).size).toBe(FRAMES.length)
    // zh-Hans's is sent for the page's own path; any other language's lives where no page of the table does.
    for (const { page, lang, url } of FRAMES) {
      if (lang === 'zh-Hans') expect(url).toBe(page.path)
      else {
        expect(url).toBe(`/__frame/${lang}${page.path}`)
        expect(pageByPath(url)).toBeUndefined()
      }
    }
  })

  it('each has its size and scripts-before-paint budget (budgets.json frames)', () => {
    const budgets = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'budgets.json'), 'utf8')) as { frames: { name: string; maxGzipKB: number; maxScriptsBeforePaint: number }[] }
    expect(budgets.frames.map((f) => f.name).sort()).toEqual(FRAMES.map((f) => f.url).sort())
    for (const frame of budgets.frames) {
      expect(frame.maxGzipKB, frame.name).toBeLessThanOrEqual(12)
      expect(frame.maxScriptsBeforePaint, frame.name).toBe(0)
    }
  })

  it.each(loginOnly.filter((p) => p.name !== 'Home').flatMap((p) => LANGS.map((lang) => [p.name, lang, p] as const)))('%s (%s): its title in the bar, placeholders below, hidden from readers', (_name, lang, page) => {
    const html = renderToStaticMarkup(
      <PageFrame page={page} lang={lang}>
        {FRAME_BODIES[page.name]?.()}
      </PageFrame>,
    )
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const frame = doc.querySelector(`[data-frame="${page.name}"]`)
    expect(frame?.getAttribute('data-page')).toBe(page.name)
    expect(doc.querySelector('.scaffold__title')?.textContent).toBe(page.title[lang])
    const main = doc.querySelector('main.scaffold__main')
    expect(main?.getAttribute('aria-hidden')).toBe('true')
    expect(main?.getAttribute('aria-busy')).toBe('true')
    // No words in the column (Create's decorative year aside): its content is the page's, once it renders.
    expect((main?.textContent ?? '').replace('2023', '')).toBe('')
    expect(doc.querySelector('[data-user-content], input, button, a')).toBeNull()
  })
})
