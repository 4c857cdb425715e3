// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  asksBirth,
  bindingDecision,
  homeDelayMs,
  launchPlan,
  oauthDecision,
  passwordDecision,
  smsDecision,
  wxMpDecision,
} from '../../../../src/lib/auth/decisions'

const pair = { token: 'T', refreshToken: 'R' }
const flags = (isReg: boolean, isPassword: boolean, isPhone = true) => ({ ...pair, isReg, isPassword, isPhone })

describe('password login', () => {
  it('stores the pair, loads the profile and goes Home', () => {
    expect(passwordDecision(pair)).toEqual({ store: { token: 'T', refreshToken: 'R' }, result: undefined, next: 'Home', profile: true })
  })
})

describe('SMS login branches (docs/product.md)', () => {
  it.each([
    ['isPassword, not isReg', flags(false, true), { token: 'T', refreshToken: 'R' }, 'isPassword', 'Home', true],
    ['isReg without password', flags(true, false), { tempToken: 'T', refreshToken: 'R' }, 'T', 'Password', false],
    ['isReg with password', flags(true, true), { tempToken: 'T', refreshToken: 'R' }, 'T', 'Improve', false],
    ['otherwise', flags(false, false), { token: 'T', refreshToken: 'R' }, undefined, 'Home', true],
  ])('%s', (_name, data, store, result, next, profile) => {
    expect(smsDecision(data)).toEqual({ store, result, next, profile })
  })
})

describe('OAuth login branches (docs/product.md)', () => {
  it('returns a string answer as is and stores nothing', () => {
    expect(oauthDecision('please retry')).toEqual({ store: {}, result: 'please retry', next: 'stay', profile: false })
  })
  it.each([
    ['no phone, registered, no password', flags(true, false, false), { tempToken: 'T' }, false, 'Bind', false],
    ['no phone, registered, with password', flags(true, true, false), { tempToken: 'T' }, 'improve', 'Improve', false],
    ['no phone, password set, not registered', flags(false, true, false), { token: 'T', refreshToken: 'R' }, 'isPassword', 'Home', true],
    ['otherwise: phone bound', flags(false, false, true), { token: 'T', refreshToken: 'R' }, undefined, 'Home', true],
    ['otherwise: phone bound, still registering', flags(true, false, true), { token: 'T', refreshToken: 'R' }, undefined, 'Home', true],
    ['otherwise: no phone, no password, not registered', flags(false, false, false), { token: 'T', refreshToken: 'R' }, undefined, 'Home', true],
  ])('%s', (_name, data, store, result, next, profile) => {
    expect(oauthDecision(data)).toEqual({ store, result, next, profile })
  })
})

describe('WX-MP login branches', () => {
  it.each([
    ['isReg without phone', flags(true, false, false), { tempToken: 'T', refreshToken: 'R' }, false, 'Bind', false],
    ['isReg with phone', flags(true, false, true), { tempToken: 'T', refreshToken: 'R' }, false, 'Improve', false],
    ['otherwise', flags(false, false, true), { token: 'T', refreshToken: 'R' }, true, 'Home', true],
  ])('%s', (_name, data, store, result, next, profile) => {
    expect(wxMpDecision(data)).toEqual({ store, result, next, profile })
  })
})

describe('binding phone branches', () => {
  it.each([
    ['isReg', flags(true, false), { tempToken: 'T', refreshToken: 'R' }, 'T', 'Improve', false],
    ['otherwise', flags(false, true), { token: 'T', refreshToken: 'R' }, undefined, 'Home', true],
  ])('%s', (_name, data, store, result, next, profile) => {
    expect(bindingDecision(data)).toEqual({ store, result, next, profile })
  })
})

describe('timing and launch', () => {
  it('Home waits 2000 ms on iOS and 100 ms elsewhere', () => {
    expect(homeDelayMs(true)).toBe(2000)
    expect(homeDelayMs(false)).toBe(100)
  })
  it('launch reloads the profile only with a cached token', () => {
    expect(launchPlan('tok')).toBe('reload-profile')
    expect(launchPlan('')).toBe('nothing')
  })
})

describe('asking the month of birth (docs/privacy.md)', () => {
  it.each([
    ['unknown and limited for it', { limited: 'age-unknown', birthKnown: false }, true],
    ['known, under 14 without consent', { limited: 'guardian-consent', birthKnown: true }, false],
    ['known, not limited', { limited: null, birthKnown: true }, false],
    ['unknown, but staff (never limited)', { limited: null, birthKnown: false }, false],
    ['a profile kept by an older version', {}, false],
    ['no profile', null, false],
  ] as const)('%s → %s', (_n, profile, asked) => {
    expect(asksBirth(profile)).toBe(asked)
  })
})
