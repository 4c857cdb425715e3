/**
 * Every page of the page table on a phone (375×812), a small phone (320×568) and a phone on its side
 * (812×375), logged out and logged in as the demo student: axe (WCAG 2.0 and 2.1 A and AA, and its best
 * practices) finds nothing, no greeting or title is cut by an ellipsis, and every visible button and link
 * takes a tap at its centre itself (nothing sits on top of it). A screenshot of each page goes to
 * tests/e2e/screenshots/walk-<state>-<page>-<size>.png.
 *
 * Each page is loaded once per state, at one of the sizes (the table's pages take the three in turn, so
 * every size is a loading size for a third of them), judged there, then turned to the other two sizes and
 * judged again, as a student turns a phone or a window changes size. Loading every page at every size
 * took half again as long (docs/running.md "Tests").
 */
import { axe } from '../support/axe'
import { expect, type Page } from '@playwright/test'
import { test } from '../support/fixtures'
import { PAGES, type PageRow } from '../../manifest/pages'
import { screenshot } from '../support/screenshot'
import { assignClassTask, resumeDemoSession } from '../support/session'
import { uniqueText } from '../support/unique'

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true })

const SIZES = [
  { width: 375, height: 812 },
  { width: 320, height: 568 },
  { width: 812, height: 375 },
]

/** Pages that show a record take the demo one; the others open bare, as a link would open them. */
const QUERY: Record<string, string> = {
  shareOpus: '?id=demo-opus',
  shareRead: '?id=demo-read',
  shareTask: '?id=demo-task',
  Task: '?id=demo-task-week',
  Sound: '?id=demo-sound',
  Join: '?invite=DEMO2023',
}

/** Pages that move on by themselves once done, signed in: judged where they come to rest. */
const SETTLES_AT: Record<string, RegExp> = { Create: /\/2023\/report\?id=/ }

/**
 * Where a page comes to rest. The guard's redirects (Login signed in, a signed-in page signed out) happen
 * once the app has started, and before that a prerendered page may show: judging it on its first heading
 * could run axe in the moment between the two pages.
 */
function settlesAt(row: PageRow, state: 'out' | 'in'): RegExp | undefined {
  if (state === 'in') return row.name === 'Login' ? /\/home$/ : SETTLES_AT[row.name]
  return row.access === 'login' ? /\/login\?redirect=/ : undefined
}

/**
 * Waits until React has rendered the page into #root: not the prerendered HTML before the app has started
 * (a signed-in student's prerendered page is cleared and rendered afresh, src/start/mount.tsx, and axe run
 * in that moment finds no heading and no main), nor a daily open's frame, which moves out of #root into a
 * cover while React renders under it. React marks the root it has taken as soon as it takes it.
 */
async function rendered(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer')) && root.querySelector('h1') !== null
  })
}

/** The axe rule sets the walk holds every page to. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** Greetings and titles whose text is cut: an ellipsis (one line or clamped lines) that is in use. */
function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>('h1, h2, h3, [class*="greeting"], [class*="title"]')) {
      const style = getComputedStyle(el)
      if (el.closest('[aria-hidden="true"], [hidden]') || el.getClientRects().length === 0) continue
      const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '' && el.scrollHeight > el.clientHeight + 1
      const ellipsis = style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1
      if (clamped || ellipsis) cut.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}"`)
    }
    return cut
  })
}

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

/** Lets the page come to rest at the size it now has: layout, the rotate hint's turn, the entrance animations. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  await page.evaluate(() => document.fonts.ready)
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
}

const sizeTag = (size: { width: number; height: number }) => `${size.width}x${size.height}`

async function walk(page: Page, state: 'out' | 'in', part: number): Promise<void> {
  const problems: string[] = []
  // The size the pages of this part are loaded at, then the two they are turned to.
  const loadAt = SIZES[part]!
  const sizes = [loadAt, ...SIZES.filter((size) => size !== loadAt)]
  for (const row of PAGES.filter((_, i) => i % SIZES.length === part)) {
    await page.setViewportSize(loadAt)
    await page.goto(row.path + (QUERY[row.name] ?? ''))
    const settles = settlesAt(row, state)
    if (settles) await page.waitForURL(settles)
    await rendered(page)
    // Let late pieces (lazy layers, data) arrive.
    await page.waitForLoadState('networkidle')
    for (const size of sizes) {
      if (size !== loadAt) await page.setViewportSize(size)
      await settle(page)
      const where = `${state} ${sizeTag(size)}${size === loadAt ? '' : ` (loaded at ${sizeTag(loadAt)})`} ${row.path}`
      const found = await axe(page).withTags(AXE_TAGS).analyze()
      for (const v of found.violations) problems.push(`${where}: axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
      for (const c of await cutTexts(page)) problems.push(`${where}: cut ${c}`)
      for (const c of await coveredControls(page)) problems.push(`${where}: covered ${c}`)
      await screenshot(page, `walk-${state}-${row.name}-${sizeTag(size)}`)
    }
  }
  expect(problems).toEqual([])
}

test.describe('walk through every page', () => {
  // The six walks are the suite's longest tests and share nothing (each worker has its own server): they
  // go to whichever workers are free instead of queueing in one.
  test.describe.configure({ mode: 'parallel' })
  test.use({ reducedMotion: 'reduce' })

  for (const [part, size] of SIZES.entries()) {
    const loaded = `${size.width}×${size.height}`
    test(`logged out, a third of the pages loaded at ${loaded} and turned to the other sizes`, async ({ page }) => {
      test.slow()
      await walk(page, 'out', part)
    })

    test(`logged in as the demo student, a third of the pages loaded at ${loaded} and turned to the other sizes`, async ({ page, request }) => {
      test.slow()
      // A teacher's title as long as teachers write them, so Home's desk shows it whole at every size
      // (whatever the specs before this one on the worker's server have set).
      await assignClassTask(request, `e2e-walk-teacher-${size.width}`, { title: uniqueText('读《城南旧事》第一章，写下最喜欢的一段话'), brief: '读完这一章，写下你最喜欢的一句话。' })
      await resumeDemoSession(page, request, `e2e-walk-${size.width}`)
      await walk(page, 'in', part)
    })
  }
})
