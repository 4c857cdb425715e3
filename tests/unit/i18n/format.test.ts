import { describe, expect, it } from 'vitest'
import { fill, formatDateTime, formatDay, formatNumber } from '../../../src/i18n/format'

describe('fill', () => {
  it('replaces each placeholder with its value, numbers and zero included', () => {
    expect(fill('{name} 读了 {n} 本书，{zero} 天没读', { name: '小明', n: 12, zero: 0 })).toBe('小明 读了 12 本书，0 天没读')
  })

  it('leaves a placeholder without a value as written, and text without placeholders alone', () => {
    expect(fill('Resend in {n} s ({unknown})', { n: 5 })).toBe('Resend in 5 s ({unknown})')
    expect(fill('no placeholders', {})).toBe('no placeholders')
  })
})

describe('dates and numbers', () => {
  const at = Date.UTC(2026, 10, 25, 6, 5)
  it('format in the reader’s language', () => {
    expect(formatDateTime('zh-Hans', at, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })).toBe('2026年11月25日')
    expect(formatDateTime('en', at, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })).toBe('25 Nov 2026')
    expect(formatNumber('en', 12345)).toBe('12,345')
    expect(formatNumber('zh-Hans', 12345)).toBe('12,345')
  })
})

describe('formatDay', () => {
  const now = Date.UTC(2026, 10, 27, 1, 0)
  const utc = { month: 'short', day: 'numeric', timeZone: 'UTC' } as const
  it('names the year of a day from another year, and only then', () => {
    expect(formatDay('zh-Hans', Date.UTC(2023, 11, 30, 12), utc, now)).toBe('2023年12月30日')
    expect(formatDay('en', Date.UTC(2023, 11, 30, 12), utc, now)).toBe('30 Dec 2023')
    expect(formatDay('zh-Hans', Date.UTC(2026, 0, 2, 12), utc, now)).toBe('1月2日')
    expect(formatDay('en', Date.UTC(2026, 0, 2, 12), utc, now)).toBe('2 Jan')
    // Next year's due date names its year too.
    expect(formatDay('zh-Hans', Date.UTC(2027, 0, 5, 12), utc, now)).toBe('2027年1月5日')
  })
  it('reads the year at the edge in the time zone it formats in', () => {
    const newYear = Date.UTC(2026, 0, 1, 0, 0)
    expect(formatDay('en', newYear - 1, utc, now)).toBe('31 Dec 2025')
    expect(formatDay('en', newYear, utc, now)).toBe('1 Jan')
  })
})
