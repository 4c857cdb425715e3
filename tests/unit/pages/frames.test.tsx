/**
 * The login-only pages' frames (pages/frames.tsx, ui/PageFrame): every login-only page of the page table
 * has one, each shows its page's own title in the bar, and none holds words or data of anyone.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PAGES } from '../../../manifest/pages'
import { FRAME_BODIES } from '../../../src/pages/frames'
import { PageFrame } from '../../../src/ui/PageFrame/PageFrame'

const loginOnly = PAGES.filter((page) => page.access === 'login')

describe('the frames of login-only pages', () => {
  it('exist for every login-only page but Home (whose frame is its own), and for no other page', () => {
    expect(Object.keys(FRAME_BODIES).sort()).toEqual(loginOnly.map((p) => p.name).filter((n) => n !== 'Home').sort())
  })

  it.each(loginOnly.filter((p) => p.name !== 'Home').map((p) => [p.name, p] as const))('%s: its title in the bar, placeholders below, hidden from readers', (_name, page) => {
    const html = renderToStaticMarkup(<PageFrame page={page}>{FRAME_BODIES[page.name]?.()}</PageFrame>)
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const frame = doc.querySelector(`[data-frame="${page.name}"]`)
    expect(frame?.getAttribute('data-page')).toBe(page.name)
    expect(doc.querySelector('.scaffold__title')?.textContent).toBe(page.title['zh-Hans'])
    const main = doc.querySelector('main.scaffold__main')
    expect(main?.getAttribute('aria-hidden')).toBe('true')
    expect(main?.getAttribute('aria-busy')).toBe('true')
    // No words in the column (Create's decorative year aside): its content is the page's, once it renders.
    expect((main?.textContent ?? '').replace('2023', '')).toBe('')
    expect(doc.querySelector('[data-user-content], input, button, a')).toBeNull()
  })
})
