/** Home's word on the limited state comes from the stored profile, with no call of its own, and follows Consent's answers. */
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GuardianNotice } from '../../../../src/pages/Home/GuardianNotice'
import { reset as resetApp } from '../../../../src/state/app'
import { reset as resetAuth, setLimits, setProfile } from '../../../../src/state/auth'

const PROFILE = { id: 'u1', studentId: 's1', orgList: [], roleList: [], permList: [] }
const fetchSpy = vi.fn()

beforeEach(() => {
  resetApp()
  resetAuth()
  fetchSpy.mockReset()
  vi.stubGlobal('fetch', fetchSpy)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('GuardianNotice', () => {
  it('says why an under-14 account without consent cannot share, until Consent answers that it may', async () => {
    setProfile({ ...PROFILE, limited: 'guardian-consent', birthKnown: true })
    render(<GuardianNotice />)
    expect(screen.getByRole('note').textContent).toContain('未满 14 周岁')
    // valtio tells React of a change on the next microtask.
    await act(async () => setLimits({ limited: null, birth: { year: 2014, month: 3 } }))
    expect(screen.queryByRole('note')).toBeNull()
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('says nothing for an account that is not limited, or a profile kept by an older version', () => {
    setProfile({ ...PROFILE, limited: null, birthKnown: true })
    const { unmount } = render(<GuardianNotice />)
    expect(screen.queryByRole('note')).toBeNull()
    unmount()
    setProfile(PROFILE)
    render(<GuardianNotice />)
    expect(screen.queryByRole('note')).toBeNull()
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
