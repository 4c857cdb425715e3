// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { isStaff, rolesIn, sideOf, sidesOf } from '../../../../src/lib/auth/roles'

describe('which side an account sees (orgRoleList)', () => {
  it.each([
    ['a student', ['DEMO:student', 'SKY:student'], 'DEMO', 'student'],
    ['the demo teacher', ['DEMO:teacher'], 'DEMO', 'teacher'],
    ['a teacher who is also a student member there', ['DEMO:teacher', 'DEMO:student'], 'DEMO', 'both'],
    ['a teacher elsewhere only: a student here', ['DEMO:student', 'SKY:teacher'], 'DEMO', 'student'],
    ['a teacher elsewhere only, current org there', ['DEMO:student', 'SKY:teacher'], 'SKY', 'teacher'],
    ['the code in another case', ['demo:teacher'], 'DEMO', 'teacher'],
    ['no roles at all', [], 'DEMO', 'student'],
    ['no current organisation', ['DEMO:teacher'], undefined, 'student'],
  ] as const)('%s', (_name, list, org, side) => {
    expect(sideOf(list, org)).toBe(side)
  })

  it('reads the roles of one organisation only, and ignores malformed entries', () => {
    expect(rolesIn(['DEMO:teacher', 'DEMO:student', 'SKY:admin', 'teacher', ':teacher'], 'DEMO')).toEqual(['teacher', 'student'])
    expect(rolesIn(['A:B:teacher'], 'A:B')).toEqual(['teacher'])
  })

  it('counts a teacher in any organisation as staff (never sent to 家长同意)', () => {
    expect(isStaff(['DEMO:student', 'SKY:teacher'])).toBe(true)
    expect(isStaff(['DEMO:teacher'])).toBe(true)
    expect(isStaff(['DEMO:student'])).toBe(false)
    expect(isStaff([])).toBe(false)
    expect(isStaff(['DEMO:teachers'])).toBe(false)
  })

  it('says where each side is: here when this organisation holds the role, else the first that does', () => {
    // The seed's 周老师: a teacher at DEMO, a student at ACADEMY.
    const both = ['DEMO:teacher', 'ACADEMY:student']
    expect(sidesOf(both, 'DEMO')).toEqual({ teacher: 'DEMO', student: 'ACADEMY' })
    expect(sidesOf(both, 'ACADEMY')).toEqual({ teacher: 'DEMO', student: 'ACADEMY' })
    expect(sidesOf(['DEMO:teacher', 'DEMO:student', 'SKY:student'], 'DEMO')).toEqual({ teacher: 'DEMO', student: 'DEMO' })
    expect(sidesOf(['DEMO:teacher'], 'DEMO')).toEqual({ teacher: 'DEMO', student: null })
    expect(sidesOf(['DEMO:student', 'SKY:student'], 'SKY')).toEqual({ teacher: null, student: 'SKY' })
  })
})
