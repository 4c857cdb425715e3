// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { classIn, classLineIn, gradeIn } from '../../../src/i18n/school'

describe('grades and classes in the interface language', () => {
  it.each([
    ['zh-Hans', '七年级', '七年级'],
    ['en', '七年级', 'Grade 7'],
    ['zh-Hans', 'Grade 10', '高一'],
    ['en', 'Year 7', 'Year 7'],
    ['en', '', ''],
  ] as const)('%s: grade %s → %s', (lang, stored, shown) => {
    expect(gradeIn(lang, stored)).toBe(shown)
  })

  it.each([
    ['en', '2班', 'Class 2'],
    ['zh-Hans', 'Class 30', '30班'],
    ['zh-Hans', '火箭班', '火箭班'],
  ] as const)('%s: class %s → %s', (lang, stored, shown) => {
    expect(classIn(lang, stored)).toBe(shown)
  })
})

describe('classLineIn', () => {
  it('turns each known part of the server-written line, and keeps the rest', () => {
    expect(classLineIn('en', '七年级 2班')).toBe('Grade 7 Class 2')
    expect(classLineIn('zh-Hans', '七年级 2班')).toBe('七年级 2班')
    expect(classLineIn('en', '七年级 火箭班')).toBe('Grade 7 火箭班')
  })
})
