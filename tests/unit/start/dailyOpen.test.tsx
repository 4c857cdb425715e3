/**
 * The daily open's content from the device (start/dailyOpen.ts, useResource's `revalidate`): the signed-in
 * account's last desk is read as soon as the logic runs, Home's first render shows it, the answer replaces
 * it; nothing of another account ever shows, and the painted frame is the worker's alone. IndexedDB is not ours:
 * idb-keyval is replaced by a Map with the same calls.
 */
import { act, cleanup, render, screen } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Desk } from '../../../src/contract/desk'

vi.mock('idb-keyval', () => import('../support/fakeIdb'))
const { idbMap: db } = await import('../support/fakeIdb')
const fetchDesk = vi.fn<() => Promise<Desk>>()
vi.mock('../../../src/pages/Home/sections/deskApi', () => ({ fetchDesk: () => fetchDesk() }))

const { HomeSections } = await import('../../../src/pages/Home/sections/HomeSections')
const { HomeFrame } = await import('../../../src/start/HomeFrame')
const { openDaily } = await import('../../../src/start/dailyOpen')
const { clearCopies, saveCopy } = await import('../../../src/lib/offline/copies')
const { COPY } = await import('../../../src/lib/offline/pages')
const { authState, reset: resetAuth } = await import('../../../src/state/auth')
const { reset: resetApp } = await import('../../../src/state/app')
const { resetSession, sessionState } = await import('../../../src/state/session/machine')

const desk = (tag: string): Desk => ({
  reading: [{ id: `r-${tag}`, bookTitle: `${tag}的书`, author: 'A', minutes: 10, pages: 5, readAt: Date.UTC(2026, 10, 1) }],
  works: [{ id: `w-${tag}`, title: `<b>${tag}的作品</b>`, createdAt: Date.UTC(2026, 10, 2), shareable: true }],
  tasks: [{ id: `t-${tag}`, title: `${tag}的任务`, publisherName: 'T', dueAt: null }],
  report: null,
  invited: 0,
})
const signIn = (id: string) => {
  authState.token = `token-${id}`
  authState.userInfo = { id } as never
  authState.org = { id: 'DEMO', name: 'Demo School' }
  // Signed in: the session machine's phase says so (as launch sets it for a stored session).
  sessionState.phase = 'signedIn'
}
const titles = (root: ParentNode) => [...root.querySelectorAll('[data-user-content]')].map((e) => e.textContent)

beforeEach(() => {
  db.clear()
  resetApp()
  resetAuth()
  resetSession()
  fetchDesk.mockReset()
})
afterEach(async () => {
  cleanup()
  await clearCopies('u1')
  await clearCopies('u2')
  document.body.replaceChildren()
})

function paintFrame(): HTMLElement {
  const root = document.createElement('div')
  root.id = 'root'
  root.dataset.prerendered = '/home'
  root.innerHTML = renderToStaticMarkup(<HomeFrame />)
  document.body.append(root)
  return root
}

describe('the daily open', () => {
  it("reads this account's last desk for Home and leaves the painted frame to the worker", async () => {
    await saveCopy('u1', COPY.desk('DEMO'), desk('u1'))
    signIn('u1')
    const root = paintFrame()
    await openDaily()
    // One store fills the frame: the rows the worker wrote from Cache Storage (start/lib/homeRows.ts).
    expect(titles(root)).toEqual([])
    expect(root.querySelectorAll('.hs-item--skeleton')).toHaveLength(6)
  })

  it("never reads another account's desk ahead, nor anything once signed out", async () => {
    await saveCopy('u1', COPY.desk('DEMO'), desk('u1'))
    signIn('u2')
    await openDaily()
    fetchDesk.mockReturnValueOnce(new Promise(() => undefined))
    render(<HomeSections />)
    expect(screen.getByTestId('home-reading').getAttribute('aria-busy')).toBe('true')
    expect(titles(screen.getByTestId('home-reading').parentElement!)).toEqual([])
    cleanup()

    resetSession()
    await expect(openDaily()).resolves.toBeUndefined()
  })

  it("Home's first render shows the copy read ahead, unmarked, and the answer replaces it", async () => {
    await saveCopy('u1', COPY.desk('DEMO'), desk('old'))
    signIn('u1')
    await openDaily()
    let answer: (d: Desk) => void = () => undefined
    fetchDesk.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    render(<HomeSections />)
    // No skeleton in between: the rows are there in the first render, with no "seen offline" mark.
    expect(screen.getByTestId('home-reading').getAttribute('aria-busy')).toBe('false')
    expect(titles(screen.getByTestId('home-reading').parentElement!)).toEqual(['old的书', '<b>old的作品</b>', 'old的任务'])
    expect(document.querySelector('.seen-at')).toBeNull()
    await act(async () => answer(desk('new')))
    expect(titles(screen.getByTestId('home-reading').parentElement!)).toEqual(['new的书', '<b>new的作品</b>', 'new的任务'])
  })

  it('not read ahead, the copy still shows before the answer; another account gets the skeleton', async () => {
    await saveCopy('u1', COPY.desk('DEMO'), desk('u1'))
    signIn('u1')
    fetchDesk.mockReturnValueOnce(new Promise(() => undefined))
    render(<HomeSections />)
    await act(async () => undefined)
    expect(titles(screen.getByTestId('home-reading').parentElement!)).toEqual(['u1的书', '<b>u1的作品</b>', 'u1的任务'])
    cleanup()

    signIn('u2')
    fetchDesk.mockReturnValueOnce(new Promise(() => undefined))
    render(<HomeSections />)
    await act(async () => undefined)
    expect(screen.getByTestId('home-reading').getAttribute('aria-busy')).toBe('true')
    expect(titles(screen.getByTestId('home-reading').parentElement!)).toEqual([])
  })

  it('a logout drops what was read ahead with the copies', async () => {
    await saveCopy('u1', COPY.desk('DEMO'), desk('u1'))
    signIn('u1')
    await openDaily()
    await clearCopies('u1')
    fetchDesk.mockReturnValueOnce(new Promise(() => undefined))
    render(<HomeSections />)
    await act(async () => undefined)
    expect(titles(screen.getByTestId('home-reading').parentElement!)).toEqual([])
  })
})
