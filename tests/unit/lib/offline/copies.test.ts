// @vitest-environment node
/**
 * The offline copy (lib/offline/copies.ts): per account, versioned, bounded, never trusted as read back,
 * cleared per account. IndexedDB is not ours: idb-keyval is replaced by a Map with the same calls.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('idb-keyval', () => import('../../support/fakeIdb'))
const { idbMap: db } = await import('../../support/fakeIdb')

const { clearCopies, COPY_SCHEMA, MAX_COPIES, MAX_COPY_CHARS, readCopy, saveCopy } = await import('../../../../src/lib/offline/copies')
const { isInvite, isTaskOrNone } = await import('../../../../src/lib/offline/pages')

const INVITE = { code: 'ABC123', path: '/join?code=ABC123', joined: [{ name: '小明', joinedAt: 1 }] }
const NOW = 1_800_000_000_000

beforeEach(() => db.clear())

describe('the offline copy', () => {
  it('reads back what the same account saved, with when; another account sees nothing', async () => {
    await saveCopy('u1', 'invite', INVITE, NOW - 5000)
    expect(await readCopy('u1', 'invite', isInvite, NOW)).toEqual({ data: INVITE, at: NOW - 5000 })
    expect(await readCopy('u2', 'invite', isInvite, NOW)).toBeUndefined()
    expect(await readCopy('', 'invite', isInvite, NOW)).toBeUndefined()
  })

  it('never trusts what it reads: another schema, another account inside, a time ahead, a wrong shape read as never seen', async () => {
    const key = JSON.stringify(['u1', 'invite'])
    const good = { v: COPY_SCHEMA, account: 'u1', name: 'invite', at: NOW - 1, data: INVITE }
    db.set(key, { ...good, v: COPY_SCHEMA + 1 })
    expect(await readCopy('u1', 'invite', isInvite, NOW)).toBeUndefined()
    db.set(key, { ...good, account: 'u2' })
    expect(await readCopy('u1', 'invite', isInvite, NOW)).toBeUndefined()
    db.set(key, { ...good, at: NOW + 60_001 })
    expect(await readCopy('u1', 'invite', isInvite, NOW)).toBeUndefined()
    db.set(key, { ...good, data: { ...INVITE, joined: [{ name: 1 }] } })
    expect(await readCopy('u1', 'invite', isInvite, NOW)).toBeUndefined()
    db.set(key, 'garbage')
    expect(await readCopy('u1', 'invite', isInvite, NOW)).toBeUndefined()
    db.set(key, good)
    expect(await readCopy('u1', 'invite', isInvite, NOW)).toEqual({ data: INVITE, at: NOW - 1 })
  })

  it(`keeps at most ${MAX_COPIES} pages per account, dropping the one seen longest ago`, async () => {
    for (let i = 0; i <= MAX_COPIES; i++) await saveCopy('u1', `task:${i}`, null, NOW - 1000 + i)
    await saveCopy('u2', 'task:0', null, NOW - 5000)
    expect(await readCopy('u1', 'task:0', isTaskOrNone, NOW)).toBeUndefined()
    expect(await readCopy('u1', 'task:1', isTaskOrNone, NOW)).toEqual({ data: null, at: NOW - 999 })
    expect(await readCopy('u1', `task:${MAX_COPIES}`, isTaskOrNone, NOW)).toBeDefined()
    // Another account's pages are not counted with these.
    expect(await readCopy('u2', 'task:0', isTaskOrNone, NOW)).toBeDefined()
  })

  it(`does not keep an answer over ${MAX_COPY_CHARS} characters, and forgets the older copy of it`, async () => {
    await saveCopy('u1', 'invite', INVITE, NOW - 10)
    await saveCopy('u1', 'invite', { ...INVITE, path: 'x'.repeat(MAX_COPY_CHARS) }, NOW)
    expect(await readCopy('u1', 'invite', isInvite, NOW)).toBeUndefined()
  })

  it('clears one account, and only that one', async () => {
    await saveCopy('u1', 'invite', INVITE, NOW)
    await saveCopy('u1', 'task:a', null, NOW)
    await saveCopy('u2', 'invite', INVITE, NOW)
    await clearCopies('u1')
    expect(await readCopy('u1', 'invite', isInvite, NOW)).toBeUndefined()
    expect(await readCopy('u1', 'task:a', isTaskOrNone, NOW)).toBeUndefined()
    expect(await readCopy('u2', 'invite', isInvite, NOW)).toBeDefined()
  })
})
