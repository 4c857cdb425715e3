/**
 * The notification inbox's store (src/state/inbox.ts) over the app's real HTTP client and a fake server:
 * pages and their cursor, entries arriving live, reading one or all, the badge always the server's count,
 * and no answer landing once the sign-in that asked for it has ended. (inbox.test.ts covers the same store's
 * offline copy and the notices that change Home's desk.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InboxEntry, InboxPage } from '../../../src/contract/inbox'
import { appState } from '../../../src/state/app'
import { inboxState, loadInbox, loadMore, markAllRead, markRead, received, refreshUnread, resetInbox } from '../../../src/state/inbox'
import { dispatch } from '../../../src/state/session/machine'
import { ok, type Reply } from '../support/http'
import { fakeServer, openAt, pathOf, queryOf, signIn } from '../support/pageFakes'

const PROFILE = { id: 'u1', studentId: 's1', name: 'Li Hua', org: null, orgList: [], roleList: ['student'], orgRoleList: [], permList: [] }

const entry = (id: string, readAt: number | null = null): InboxEntry => ({
  id,
  kind: 'task',
  url: `/task?id=${id}`,
  texts: { 'zh-Hans': { title: `任务 ${id}`, body: '' }, en: { title: `Task ${id}`, body: '' } },
  createdAt: 1_700_000_000_000,
  readAt,
})
const page = (ids: string[], next: string | null, unread: number): Reply => ok({ entries: ids.map((id) => entry(id)), next, unread } satisfies InboxPage)
const ids = () => inboxState.entries.map((e) => e.id)

/** A reply the test lets through when it says. */
function held(reply: Reply) {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  return { answer: () => gate.then(() => reply), release }
}

beforeEach(() => {
  openAt('/notifications')
  resetInbox()
  signIn(PROFILE)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('pages', () => {
  it('the first page sets the list, its cursor and the badge from the server', async () => {
    fakeServer({ '/inbox': page(['a', 'b'], '1.b', 5) })
    await loadInbox()
    expect({ ids: ids(), next: inboxState.next, status: inboxState.status, unread: inboxState.unread, badge: appState.badge }).toEqual({ ids: ['a', 'b'], next: '1.b', status: 'ready', unread: 5, badge: 5 })
  })

  it('the next page is asked with the cursor and appended, without the entries that arrived live meanwhile', async () => {
    const { calls } = fakeServer({ '/inbox': (s) => (queryOf(s, 'cursor') === '1.b' ? page(['b', 'c'], null, 4) : page(['a', 'b'], '1.b', 5)) })
    await loadInbox()
    received({ type: 'notified', entry: entry('new'), unread: 6 })
    await loadMore()
    expect(ids()).toEqual(['new', 'a', 'b', 'c'])
    expect(inboxState.next).toBeNull()
    expect(inboxState.unread).toBe(4)
    // At the end: no more is asked for.
    await loadMore()
    expect(calls.filter((s) => pathOf(s) === '/inbox')).toHaveLength(2)
  })

  it('asks for one next page at a time', async () => {
    const later = held(page(['c'], null, 1))
    const { calls } = fakeServer({ '/inbox': (s) => (queryOf(s, 'cursor') ? later.answer() : page(['a'], '1.a', 1)) })
    await loadInbox()
    const first = loadMore()
    const second = loadMore()
    expect(inboxState.loadingMore).toBe(true)
    later.release()
    await Promise.all([first, second])
    expect(calls.filter((s) => queryOf(s, 'cursor') === '1.a')).toHaveLength(1)
    expect(inboxState.loadingMore).toBe(false)
    expect(ids()).toEqual(['a', 'c'])
  })

  it('a first page that fails says so; a reload that fails keeps the list shown', async () => {
    let reply: Reply = 'network-error'
    fakeServer({ '/inbox': () => reply })
    await expect(loadInbox()).rejects.toBeTruthy()
    expect(inboxState.status).toBe('failed')
    reply = page(['a'], null, 1)
    await loadInbox()
    reply = 'network-error'
    await expect(loadInbox()).rejects.toBeTruthy()
    expect({ status: inboxState.status, ids: ids() }).toEqual({ status: 'ready', ids: ['a'] })
  })
})

describe('live entries and reading', () => {
  it('an entry from the live channel goes on top once, with the server count', async () => {
    fakeServer({ '/inbox': page(['a'], null, 1) })
    await loadInbox()
    received({ type: 'notified', entry: entry('b'), unread: 2 })
    received({ type: 'notified', entry: entry('b'), unread: 2 })
    expect({ ids: ids(), unread: inboxState.unread, badge: appState.badge }).toEqual({ ids: ['b', 'a'], unread: 2, badge: 2 })
  })

  it('opening an unread entry shows it read at once, then takes the server count', async () => {
    const answer = held(ok({ unread: 7 }))
    fakeServer({ '/inbox': page(['a', 'b'], null, 2), '/inbox/a/read': () => answer.answer(), '/inbox/b/read': ok({ unread: 7 }) })
    await loadInbox()
    const reading = markRead('a')
    expect(inboxState.entries[0]!.readAt).not.toBeNull()
    expect(inboxState.unread).toBe(1)
    answer.release()
    await reading
    expect(inboxState.unread).toBe(7)
  })

  it('opening an entry already read takes nothing off the count before the server answers', async () => {
    const answer = held(ok({ unread: 2 }))
    fakeServer({ '/inbox': ok({ entries: [entry('a', 1)], next: null, unread: 2 }), '/inbox/a/read': () => answer.answer() })
    await loadInbox()
    const reading = markRead('a')
    expect(inboxState.unread).toBe(2)
    answer.release()
    await reading
  })

  it('全部已读 marks every entry read and clears the badge, then takes the server count', async () => {
    fakeServer({ '/inbox': page(['a', 'b'], null, 2), '/inbox/read': ok({ unread: 0 }) })
    await loadInbox()
    const done = markAllRead()
    expect(inboxState.entries.every((e) => e.readAt !== null)).toBe(true)
    expect(appState.badge).toBe(0)
    await done
    expect(inboxState.unread).toBe(0)
  })

  it('the badge is never below 0 nor a fraction, whatever the count says', async () => {
    fakeServer({ '/inbox/unread': ok({ unread: 2.7 }) })
    await refreshUnread()
    expect(inboxState.unread).toBe(2)
    received({ type: 'notified', entry: entry('x'), unread: -3 })
    expect(inboxState.unread).toBe(0)
  })
})

describe('the end of a sign-in', () => {
  it('an answer asked for before the session ended does not land', async () => {
    const answer = held(page(['a'], null, 3))
    fakeServer({ '/inbox': () => answer.answer() })
    const loading = loadInbox()
    dispatch({ type: 'ended' })
    resetInbox()
    answer.release()
    await loading
    expect({ ids: ids(), unread: inboxState.unread, status: inboxState.status }).toEqual({ ids: [], unread: 0, status: 'idle' })
  })

  it('an answer that lands after the next sign-in, for the one before, does not land either', async () => {
    const answer = held(ok({ unread: 9 }))
    fakeServer({ '/inbox/unread': () => answer.answer() })
    const refreshing = refreshUnread()
    dispatch({ type: 'ended' })
    resetInbox()
    signIn(PROFILE)
    answer.release()
    await refreshing
    expect(inboxState.unread).toBe(0)
  })

  it('nothing arrives live without a live session', () => {
    dispatch({ type: 'ended' })
    received({ type: 'notified', entry: entry('a'), unread: 1 })
    expect({ ids: ids(), unread: inboxState.unread }).toEqual({ ids: [], unread: 0 })
  })
})
