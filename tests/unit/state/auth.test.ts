import { beforeEach, describe, expect, it } from 'vitest'
import { read, write } from '../../../src/lib/storage'
import { authState, clearSession, hydrate, reset, setPendingRoute, setProfile, setSessionTokens } from '../../../src/state/auth'

const profile = {
  id: 'u1',
  studentId: 's1',
  name: 'Li Hua',
  org: null,
  orgList: [
    { id: 'o1', name: 'Demo School' },
    { id: 'o2', name: 'Demo Academy' },
  ],
  roleList: ['student'],
  orgRoleList: ['o1:student'],
  permList: ['report:create'],
}

beforeEach(() => {
  localStorage.clear()
  reset()
})

describe('auth store', () => {
  it('persists a token pair and drops the temporary token it replaces', () => {
    authState.tempToken = 'tmp'
    setSessionTokens('t1', 'r1')
    expect(authState.tempToken).toBe('')
    expect(read('token')).toBe('t1')
    expect(read('refreshToken')).toBe('r1')
  })

  it('saves roles, permissions and user; org falls back to the first of orgList', () => {
    setProfile(profile)
    expect(authState.roleList).toEqual(['student'])
    expect(authState.orgRoleList).toEqual(['o1:student'])
    expect(authState.permList).toEqual(['report:create'])
    expect(authState.org).toEqual({ id: 'o1', name: 'Demo School' })
    expect(read('org')).toEqual({ id: 'o1', name: 'Demo School' })
  })

  it("uses the user's own org when present", () => {
    setProfile({ ...profile, org: { id: 'o2', name: 'Demo Academy' } })
    expect(authState.org?.id).toBe('o2')
  })

  it('hydrates the persisted session on launch', () => {
    setSessionTokens('t1', 'r1')
    setProfile(profile)
    setPendingRoute({ name: 'Create', query: 'id=7' })
    reset()
    expect(authState.token).toBe('')
    hydrate()
    expect(authState.token).toBe('t1')
    expect(authState.userInfo?.id).toBe('u1')
    expect(authState.pendingRoute).toEqual({ name: 'Create', query: 'id=7' })
  })

  it('logout clears every auth key and keeps device code, last phone, language and drafts', () => {
    write('deviceCode', 'dev-1')
    write('lang', 'en')
    write('drafts', { motherday: 'hi mum' })
    write('lastPhone', '13800138000')
    hydrate()
    setSessionTokens('t1', 'r1')
    setProfile(profile)
    clearSession()
    for (const k of ['token', 'refreshToken', 'user', 'org', 'roleList', 'orgRoleList', 'permList', 'pushClientId', 'tempToken'] as const) {
      expect(read(k), k).toBeUndefined()
    }
    expect(read('deviceCode')).toBe('dev-1')
    expect(read('lang')).toBe('en')
    expect(read('drafts')).toEqual({ motherday: 'hi mum' })
    expect(authState.lastPhone).toBe('13800138000')
  })

  it('survives a corrupt stored user', () => {
    localStorage.setItem('jsj_habor_user', 'garbage')
    expect(() => hydrate()).not.toThrow()
    expect(authState.userInfo).toBeNull()
  })
})
