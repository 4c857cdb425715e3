import { afterEach, describe, expect, it } from 'vitest'
import type { GuardianStatus } from '../../../../src/contract/guardian'
import { noteStatus, resetStatuses, statusMatters } from '../../../../src/lib/guardian/status'

const status = (s: Partial<GuardianStatus>): GuardianStatus => ({ birth: { year: 2010, month: 1 }, under14: false, consent: null, limited: null, rulesVersion: '2026-11-27', ...s })

describe('whether Home asks an account its guardian status', () => {
  afterEach(resetStatuses)

  it('asks an account it has not heard of, and an empty one always', () => {
    expect(statusMatters('7')).toBe(true)
    noteStatus('', status({}))
    expect(statusMatters('')).toBe(true)
  })

  it('stops asking an account of 14 or older once the server said so, for that account only', () => {
    noteStatus('7', status({}))
    expect(statusMatters('7')).toBe(false)
    expect(statusMatters('8')).toBe(true)
  })

  it('keeps asking an account of unknown age or under 14, consented or not', () => {
    noteStatus('1', status({ birth: null, limited: 'age-unknown' }))
    noteStatus('2', status({ under14: true, limited: 'guardian-consent' }))
    noteStatus('3', status({ under14: true }))
    expect([statusMatters('1'), statusMatters('2'), statusMatters('3')]).toEqual([true, true, true])
  })

  it('asks again when a later answer limits the account', () => {
    noteStatus('7', status({}))
    noteStatus('7', status({ under14: true, limited: 'guardian-consent' }))
    expect(statusMatters('7')).toBe(true)
  })
})
