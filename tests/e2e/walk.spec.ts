/**
 * Every page of the page table on a phone, logged out and logged in as the demo student: axe finds no
 * contrast or label failure, and every visible button and link takes a tap at its centre itself (nothing
 * sits on top of it). A screenshot of each page goes to tests/e2e/screenshots/walk-*.png.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { PAGES } from '../../manifest/pages'
import { screenshot } from '../support/screenshot'
import { resumeDemoSession } from '../support/session'

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true })

/** Pages that show a record take the demo one; the others open bare, as a link would open them. */
const QUERY: Record<string, string> = {
  shareOpus: '?id=demo-opus',
  shareRead: '?id=demo-read',
  shareTask: '?id=demo-task',
  Task: '?id=demo-task-week',
  Sound: '?id=demo-sound',
  Join: '?invite=DEMO2023',
}

/** axe rules about colour contrast and about controls and images having a name. */
const CONTRAST_AND_LABELS = new Set([
  'color-contrast',
  'label',
  'button-name',
  'link-name',
  'input-button-name',
  'select-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'image-alt',
  'svg-img-alt',
  'label-title-only',
  'form-field-multiple-labels',
])

/** Visible buttons and links whose centre, scrolled into view, is hit by something else. */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''} "${(el.textContent ?? '').trim().slice(0, 20) || el.getAttribute('aria-label') || ''}"`
    const controls = [...document.querySelectorAll('button, a[href], [role="button"], [role="link"], [role="tab"]')]
    const covered: string[] = []
    for (const el of controls) {
      const style = getComputedStyle(el)
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [inert]')) continue
      el.scrollIntoView({ block: 'center', inline: 'center' })
      await new Promise((r) => requestAnimationFrame(() => r(undefined)))
      const b = el.getBoundingClientRect()
      const x = b.x + b.width / 2
      const y = b.y + b.height / 2
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue
      const hit = document.elementFromPoint(x, y)
      if (!hit || !(hit === el || el.contains(hit))) covered.push(`${describe(el)} under ${hit ? describe(hit) : 'nothing'}`)
    }
    window.scrollTo(0, 0)
    return covered
  })
}

async function walk(page: Page, state: 'out' | 'in'): Promise<void> {
  const problems: string[] = []
  for (const row of PAGES) {
    await page.goto(row.path + (QUERY[row.name] ?? ''))
    await page.locator('h1').first().waitFor()
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => document.fonts.ready)
    // Let late pieces (lazy layers, data) settle, then finish the entrance animations.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
    const axe = await new AxeBuilder({ page }).analyze()
    for (const v of axe.violations.filter((v) => CONTRAST_AND_LABELS.has(v.id))) {
      problems.push(`${state} ${row.path}: axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    }
    for (const c of await coveredControls(page)) problems.push(`${state} ${row.path}: covered ${c}`)
    await screenshot(page, `walk-${state}-${row.name}`)
  }
  expect(problems).toEqual([])
}

test.describe('walk through every page', () => {
  test.use({ reducedMotion: 'reduce' })

  test('logged out', async ({ page }) => {
    test.setTimeout(180_000)
    await walk(page, 'out')
  })

  test('logged in as the demo student', async ({ page, request }) => {
    // One page more than logged out (Notifications): a busy machine needs the room.
    test.setTimeout(240_000)
    await resumeDemoSession(page, request, 'e2e-walk')
    await walk(page, 'in')
  })
})
