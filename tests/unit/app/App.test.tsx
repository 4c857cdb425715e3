/**
 * The router over the page table (src/app/App.tsx), rendered whole in an in-memory location: every row's
 * page at its path, the guard's two redirects, the file paths and `/`, the fallback for an unknown path, and
 * the query on the way. The app reads its location through the router, and navigates through
 * src/state/navigation (the browser's history); the memory location follows the history's changes, as the
 * browser's own location would, so a redirect's page renders too. `shown` lists every location in order;
 * the memory location's `history` the entries left, where a redirect replaced the one it left.
 */
import { cleanup, render, waitFor } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { afterEach, describe, expect, it } from 'vitest'
import { PAGES, pageByName, type PageName, type PageRow } from '../../../manifest/pages'
import { App } from '../../../src/app/App'
import { PAGE_LOADERS } from '../../../src/app/routes'
import { documentTitle } from '../../../src/i18n/title'
import { authState } from '../../../src/state/auth'
import { fakeServer, openAt, pathOf, signIn } from '../support/pageFakes'

const PROFILE = { id: 'u1', studentId: 's1', name: 'Li Hua', org: null, orgList: [], roleList: ['student'], permList: [] }
const HISTORY_EVENTS = ['pushState', 'replaceState', 'popstate'] as const
let stopFollowing = () => {}

afterEach(() => {
  cleanup()
  stopFollowing()
})

/** The app opened at `url` on a new device, signed in or not, its requests all answered 404. */
function openApp(url: string, { signedIn = false } = {}) {
  openAt(url)
  const server = fakeServer({})
  if (signedIn) signIn(PROFILE)
  const memory = memoryLocation({ path: url, record: true })
  const shown = [url]
  const follow = (e: Event) => {
    shown.push(`${location.pathname}${location.search}`)
    memory.navigate(shown.at(-1)!, { replace: e.type !== 'pushState' })
  }
  for (const type of HISTORY_EVENTS) addEventListener(type, follow)
  stopFollowing = () => HISTORY_EVENTS.forEach((type) => removeEventListener(type, follow))
  const view = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <App />
    </Router>,
  )
  return { memory, server, shown, view }
}

const row = (name: PageName): PageRow => pageByName(name)!

/** Waits until `page` has rendered: its shell is on screen and the title says the page is ready. */
async function shows(view: ReturnType<typeof render>, page: PageRow) {
  await waitFor(() => expect(document.title).toBe(documentTitle(page, 'zh-Hans', true)), { timeout: 10_000 })
  expect(view.container.querySelector('.shell')?.getAttribute('data-page')).toBe(page.name)
}

describe('each row of the page table', () => {
  it.each(PAGES.map((page) => [page.name, page.path, page.access, page] as const))('%s renders at %s (%s)', async (name, path, access, page) => {
    // The page's module is loaded first, as a lazy page is once its chunk has arrived.
    await PAGE_LOADERS[name]()
    const { memory, shown, view } = openApp(path, { signedIn: access === 'login' && name !== 'Login' })
    await shows(view, page)
    expect(memory.history).toEqual([path])
    expect(shown).toEqual([path])
  })
})

describe('the guard', () => {
  it('sends a signed-out visitor from a login-only page to Login, keeping the page and its query', async () => {
    await PAGE_LOADERS.Login()
    const { memory, shown, view } = openApp('/task?id=t7')
    await shows(view, row('Login'))
    const login = `/login?${new URLSearchParams({ redirect: 'Task', query: 'id=t7' }).toString()}`
    expect(shown).toEqual(['/task?id=t7', login])
    expect(memory.history).toEqual([login])
    expect(authState.pendingRoute).toEqual({ name: 'Task', query: 'id=t7' })
  })

  it('sends a signed-in visitor from Login to Home', async () => {
    await PAGE_LOADERS.Home()
    const { memory, shown, view } = openApp('/login', { signedIn: true })
    await shows(view, row('Home'))
    expect(shown).toEqual(['/login', '/home'])
    expect(memory.history).toEqual(['/home'])
  })
})

describe('paths that are not a row', () => {
  it('an unknown path gets the fallback page, Download, without its query', async () => {
    await PAGE_LOADERS.Download()
    const { memory, shown, view } = openApp('/no/such/page?x=1')
    await shows(view, row('Download'))
    expect(shown).toEqual(['/no/such/page?x=1', '/download'])
    expect(memory.history).toEqual(['/download'])
  })

  it.each([
    ['signed out', 'Login', false],
    ['signed in', 'Home', true],
  ] as const)('/ leads a visitor %s to %s with its query', async (_, name, signedIn) => {
    await PAGE_LOADERS[name]()
    const { memory, shown, view } = openApp('/?from=wechat', { signedIn })
    await shows(view, row(name))
    expect(shown).toEqual(['/?from=wechat', `${row(name).path}?from=wechat`])
    expect(memory.history).toEqual([`${row(name).path}?from=wechat`])
  })

  it("a page file's path leads to the page's path with its query", async () => {
    await PAGE_LOADERS.shareOpus()
    const { memory, shown, view } = openApp('/platforms/h5/share/opus?id=demo-opus')
    await shows(view, row('shareOpus'))
    expect(shown).toEqual(['/platforms/h5/share/opus?id=demo-opus', '/share/opus?id=demo-opus'])
    expect(memory.history).toEqual(['/share/opus?id=demo-opus'])
  })
})

describe('the query', () => {
  it("reaches the page as its inputs, the page's own request included", async () => {
    await PAGE_LOADERS.shareOpus()
    const { server, view } = openApp('/share/opus?id=demo-opus&from=timeline')
    await shows(view, row('shareOpus'))
    // The share page asks for the work its `id` names.
    await waitFor(() => expect(server.calls.map(pathOf)).toContain('/content/opus/demo-opus'))
  })
})
