// @vitest-environment node
/**
 * The inbox store (src/state/inbox.ts): the first page and its offline copy, the server's count as the
 * badge, live entries on top once each, the notices that change Home's desk, answers dropped once the
 * sign-in that asked has ended. fetch is faked at the network's edge; IndexedDB is a Map with idb-keyval's calls.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InboxEntry, InboxPage } from '../../../src/contract/inbox'
import { fakeFetch, fakeSession, ok, setup, type Reply } from '../support/http'

vi.mock('idb-keyval', () => import('../support/fakeIdb'))
const { idbMap } = await import('../support/fakeIdb')
const { DESK_NOTICES, deskChangeOf, inboxState, loadInbox, loadMore, markAllRead, markRead, received, resetInbox } = await import('../../../src/state/inbox')
const { authState, reset: resetAuth } = await import('../../../src/state/auth')
const { resetSession, sessionState } = await import('../../../src/state/session/machine')
const { clearCopies } = await import('../../../src/lib/offline/copies')

const entry = (id: string, kind: InboxEntry['kind'] = 'task', readAt: number | null = null): InboxEntry => ({
  id,
  kind,
  url: `/task?id=${id}`,
  createdAt: Date.UTC(2026, 10, 28, 12, 0),
  readAt,
  texts: { 'zh-Hans': { title: `任务 ${id}`, body: '读一章' }, en: { title: `Task ${id}`, body: 'Read a chapter' } },
})
const page = (entries: InboxEntry[], unread: number, next: string | null = null): InboxPage => ({ entries, unread, next })

function signIn(id = 'u1'): void {
  setup(fakeSession({ token: `token-${id}`, refreshToken: `refresh-${id}` }))
  authState.token = `token-${id}`
  authState.userInfo = { id } as never
  sessionState.phase = 'signedIn'
}

/** Answers GET /inbox with `reply` and records the paths asked for. */
function server(reply: (url: string) => Reply | Promise<Reply>) {
  return fakeFetch((req) => reply(req.url))
}

beforeEach(() => {
  resetInbox()
  signIn()
})
afterEach(async () => {
  await clearCopies('u1')
  idbMap.clear()
  resetInbox()
  resetSession()
  resetAuth()
  vi.unstubAllGlobals()
})

describe('the first page', () => {
  it('shows the server’s entries and count, and keeps them as the account’s offline copy', async () => {
    server(() => ok(page([entry('a'), entry('b', 'card')], 2, 'cursor-1')))
    await loadInbox()
    expect(inboxState.entries.map((e) => e.id)).toEqual(['a', 'b'])
    expect(inboxState).toMatchObject({ status: 'ready', unread: 2, next: 'cursor-1', seenAt: undefined })
    await vi.waitFor(() => expect([...idbMap.values()].some((v) => (v as { name?: string }).name === 'inbox')).toBe(true))
  })

  it('offline, shows the copy with the time it was seen, no next page, and leaves the count alone', async () => {
    server(() => ok(page([entry('a'), entry('b')], 2)))
    await loadInbox()
    await vi.waitFor(() => expect(idbMap.size).toBeGreaterThan(0))
    resetInbox()
    signIn()
    server(() => 'network-error')
    await loadInbox()
    expect(inboxState.entries.map((e) => e.id)).toEqual(['a', 'b'])
    expect(inboxState.status).toBe('ready')
    expect(inboxState.next).toBeNull()
    expect(typeof inboxState.seenAt).toBe('number')
    // Back online: the server's page replaces the copy, and the mark goes.
    server(() => ok(page([entry('c'), entry('a'), entry('b')], 3)))
    await loadInbox()
    expect(inboxState.entries.map((e) => e.id)).toEqual(['c', 'a', 'b'])
    expect(inboxState.seenAt).toBeUndefined()
    expect(inboxState.unread).toBe(3)
  })

  it('offline with no copy (or another account’s), fails as before', async () => {
    server(() => ok(page([entry('a')], 1)))
    await loadInbox()
    await vi.waitFor(() => expect(idbMap.size).toBeGreaterThan(0))
    resetInbox()
    signIn('u2')
    server(() => 'network-error')
    await expect(loadInbox()).rejects.toMatchObject({ kind: 'network' })
    expect(inboxState.status).toBe('failed')
    expect(inboxState.entries).toEqual([])
  })

  it('a refusal is not read as offline: no copy is shown', async () => {
    server(() => ok(page([entry('a')], 1)))
    await loadInbox()
    await vi.waitFor(() => expect(idbMap.size).toBeGreaterThan(0))
    resetInbox()
    signIn()
    server(() => ({ status: 500, body: { code: 100000, msg: 'boom', data: null } }))
    await expect(loadInbox()).rejects.toBeTruthy()
    expect(inboxState.status).toBe('failed')
    expect(inboxState.seenAt).toBeUndefined()
  })

  it('drops an answer that lands after the session ended', async () => {
    let answer: (r: Reply) => void = () => undefined
    server(() => new Promise<Reply>((resolve) => (answer = resolve)))
    const loading = loadInbox()
    await vi.waitFor(() => expect(inboxState.status).toBe('loading'))
    resetInbox()
    answer(ok(page([entry('a')], 1)))
    await loading
    expect(inboxState.entries).toEqual([])
    expect(inboxState.unread).toBe(0)
  })
})

describe('older pages', () => {
  it('adds the next page without repeating entries that shifted onto it', async () => {
    server((url) => ok(url.includes('cursor=') ? page([entry('b'), entry('c')], 3) : page([entry('a'), entry('b')], 3, 'cursor-1')))
    await loadInbox()
    await loadMore()
    expect(inboxState.entries.map((e) => e.id)).toEqual(['a', 'b', 'c'])
    expect(inboxState.next).toBeNull()
  })
})

describe('live entries', () => {
  it('go on top once, with the server’s count', () => {
    received({ type: 'notified', entry: entry('a'), unread: 1 })
    received({ type: 'notified', entry: entry('a'), unread: 1 })
    received({ type: 'notified', entry: entry('b', 'friend'), unread: 2 })
    expect(inboxState.entries.map((e) => e.id)).toEqual(['b', 'a'])
    expect(inboxState.unread).toBe(2)
  })

  it('a task notice moves Home’s desk once per entry; a friend or card notice does not', () => {
    expect(received({ type: 'notified', entry: entry('t1', 'task'), unread: 1 })).toBe('tasks')
    expect(received({ type: 'notified', entry: entry('t1', 'task'), unread: 1 })).toBe('tasks')
    expect(inboxState.deskChanged).toBe(1)
    expect(received({ type: 'notified', entry: entry('f1', 'friend'), unread: 2 })).toBeUndefined()
    expect(received({ type: 'notified', entry: entry('c1', 'card'), unread: 3 })).toBeUndefined()
    expect(inboxState.deskChanged).toBe(1)
  })

  it('the class notices change the class; the list of kinds is one table', () => {
    for (const kind of ['class-confirmed', 'class-refused', 'class-removed']) expect(deskChangeOf(kind)).toBe('class')
    expect(deskChangeOf('task')).toBe('tasks')
    expect(deskChangeOf('toString')).toBeUndefined()
    expect(Object.keys(DESK_NOTICES).sort()).toEqual(['class-confirmed', 'class-refused', 'class-removed', 'task'])
  })

  it('nothing lands once signed out', () => {
    sessionState.phase = 'signedOut'
    expect(received({ type: 'notified', entry: entry('a'), unread: 1 })).toBeUndefined()
    expect(inboxState.entries).toEqual([])
    expect(inboxState.deskChanged).toBe(0)
  })
})

describe('reading', () => {
  it('one entry: marked at once, the server’s count follows', async () => {
    const { calls } = server((url) => ok(url.endsWith('/read') ? { unread: 4 } : page([entry('a'), entry('b')], 2)))
    await loadInbox()
    const marking = markRead('a')
    expect(inboxState.entries[0]!.readAt).not.toBeNull()
    expect(inboxState.unread).toBe(1)
    await marking
    expect(inboxState.unread).toBe(4)
    expect(calls.at(-1)!.url).toMatch(/\/inbox\/a\/read$/)
  })

  it('all: every entry marked, the count to zero', async () => {
    server((url) => ok(url.endsWith('/inbox/read') ? { unread: 0 } : page([entry('a'), entry('b', 'card', 5)], 1)))
    await loadInbox()
    await markAllRead()
    expect(inboxState.entries.every((e) => e.readAt !== null)).toBe(true)
    expect(inboxState.entries[1]!.readAt).toBe(5)
    expect(inboxState.unread).toBe(0)
  })
})
