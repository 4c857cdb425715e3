// @vitest-environment node
/**
 * The offline copies' checks (src/lib/offline/pages.ts over contract/guards.ts): what a page shows from its
 * copy has the shape of its contract type, and the checks are tied to those types, so a field the contract
 * adds does not compile until the copy checks it. The negative type cases are `@ts-expect-error`: the
 * line must fail to compile, or `npm run typecheck` fails.
 */
import { describe, expect, it } from 'vitest'
import type { Desk } from '../../../../src/contract/desk'
import { isNum, isStr, nullable, shape } from '../../../../src/contract/guards'
import { isCardList, isDesk, isLoadedReport, isPushSettings } from '../../../../src/lib/offline/pages'

/** A guard any field type accepts (never is every type's subtype), so only the missing field is wrong. */
const anything = (_: unknown): _ is never => true

const DESK: Desk = {
  reading: [{ id: 'r1', bookTitle: '三体', author: '刘慈欣', minutes: 30, pages: 12, readAt: 1 }],
  works: [{ id: 'w1', title: '读后感', createdAt: 1, shareable: true }],
  tasks: [{ id: 't1', title: '读第一章', publisherName: '李老师', dueAt: null }],
  report: null,
  invited: 0,
}

describe('the checks follow the contract types', () => {
  it('a whole desk passes; a missing field, a wrong type or a nested wrong field does not', () => {
    expect(isDesk(DESK)).toBe(true)
    const { invited: _, ...noInvited } = DESK
    expect(isDesk(noInvited)).toBe(false)
    expect(isDesk({ ...DESK, invited: '0' })).toBe(false)
    expect(isDesk({ ...DESK, reading: [{ ...DESK.reading[0], minutes: Number.NaN }] })).toBe(false)
    expect(isDesk({ ...DESK, report: { id: 'x', shareable: 'yes' } })).toBe(false)
    expect(isDesk([DESK])).toBe(false)
  })

  it('a card of a design the app does not draw, and a report of an unknown slide, are not shown', () => {
    const card = { id: 'c', design: 'carnation', to: '妈妈', message: '谢谢', senderName: '小禾', audio: null, shareable: false, createdAt: 1, mine: true }
    expect(isCardList([card])).toBe(true)
    expect(isCardList([{ ...card, design: 'balloon' }])).toBe(false)
    const report = { id: 'r', year: 2023, slides: [{ kind: 'cover' }], inviteCode: null, updatedAt: 1 }
    expect(isLoadedReport({ kind: 'public', report })).toBe(true)
    expect(isLoadedReport({ kind: 'public', report: { ...report, slides: [{ kind: 'weather' }] } })).toBe(false)
    expect(isLoadedReport({ kind: 'owner', report })).toBe(false)
    expect(isLoadedReport({ kind: 'owner', report: { ...report, shareable: true, hidden: ['cover'], createdAt: 1 } })).toBe(true)
  })

  it('push settings need every kind', () => {
    expect(isPushSettings({ task: true, friend: false, card: true })).toBe(true)
    expect(isPushSettings({ task: true, friend: false })).toBe(false)
  })

  it('a shape table must name every field of its type, each with a guard of that field type', () => {
    // @ts-expect-error `invited` has no guard: a field added to Desk fails here the same way
    shape<Desk>({ reading: anything, works: anything, tasks: anything, report: anything })
    // @ts-expect-error a string guard for a number field
    shape<{ n: number }>({ n: isStr })
    // @ts-expect-error a nested shape that misses a field of the contract's
    shape<{ o: { a: string; b: number } }>({ o: shape({ a: isStr }) })
    expect(shape<{ n: number | null }>({ n: nullable(isNum) })({ n: null })).toBe(true)
  })
})
