// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fill, formatClock, formatNumber, formatWhen, sameDay } from '../../../src/i18n/format'

describe('fill', () => {
  it('replaces each placeholder with its value, numbers and zero included', () => {
    expect(fill('{name} 读了 {n} 本书，{zero} 天没读', { name: '小明', n: 12, zero: 0 })).toBe('小明 读了 12 本书，0 天没读')
  })

  it('leaves a placeholder without a value as written, and text without placeholders alone', () => {
    expect(fill('Resend in {n} s ({unknown})', { n: 5 })).toBe('Resend in 5 s ({unknown})')
    expect(fill('no placeholders', {})).toBe('no placeholders')
  })
})

describe('numbers', () => {
  it('format in the reader’s language', () => {
    expect(formatNumber('en', 12345)).toBe('12,345')
    expect(formatNumber('zh-Hans', 12345)).toBe('12,345')
  })
})

describe('formatWhen: one date form per language, on a fixed clock and time zone', () => {
  const tz = 'Asia/Shanghai'
  // 2026-11-28 20:26 in Shanghai (UTC+8).
  const now = Date.UTC(2026, 10, 28, 12, 26)
  const lastYear = Date.UTC(2025, 10, 28, 12, 26)

  it('writes this year’s moment without its year, 24-hour', () => {
    expect(formatWhen('zh-Hans', now, { now, timeZone: tz })).toBe('11月28日 20:26')
    expect(formatWhen('en', now, { now, timeZone: tz })).toBe('28 Nov, 20:26')
  })

  it('names the year of another year, before or after', () => {
    expect(formatWhen('zh-Hans', lastYear, { now, timeZone: tz })).toBe('2025年11月28日 20:26')
    expect(formatWhen('en', lastYear, { now, timeZone: tz })).toBe('28 Nov 2025, 20:26')
    expect(formatWhen('zh-Hans', Date.UTC(2027, 0, 5, 1, 0), { now, timeZone: tz })).toBe('2027年1月5日 09:00')
  })

  it('leaves the time out where only a date is meant', () => {
    expect(formatWhen('zh-Hans', now, { now, timeZone: tz, time: false })).toBe('11月28日')
    expect(formatWhen('en', lastYear, { now, timeZone: tz, time: false })).toBe('28 Nov 2025')
  })

  it('writes midnight as 00:00, the afternoon on a 24-hour clock, and September as Sep', () => {
    const midnight = Date.UTC(2026, 8, 1, 16, 0) // 2026-09-02 00:00 in Shanghai
    expect(formatWhen('zh-Hans', midnight, { now, timeZone: tz })).toBe('9月2日 00:00')
    expect(formatWhen('en', midnight, { now, timeZone: tz })).toBe('2 Sep, 00:00')
    expect(formatWhen('en', Date.UTC(2026, 8, 2, 7, 5), { now, timeZone: tz })).toBe('2 Sep, 15:05')
  })

  it('reads the year at the edge in the time zone it writes in', () => {
    const newYear = Date.UTC(2026, 0, 1, 0, 0)
    expect(formatWhen('en', newYear - 1, { now, timeZone: 'UTC', time: false })).toBe('31 Dec 2025')
    expect(formatWhen('en', newYear, { now, timeZone: 'UTC', time: false })).toBe('1 Jan')
    // The same instant is already 2026 in Shanghai.
    expect(formatWhen('zh-Hans', newYear - 1, { now, timeZone: tz, time: false })).toBe('1月1日')
  })

  it('uses the device’s clock and zone when none is named', () => {
    expect(formatWhen('zh-Hans', Date.now())).toMatch(/^\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/)
  })

  it('formatClock and sameDay read the same zone', () => {
    expect(formatClock(now, tz)).toBe('20:26')
    expect(sameDay(now, Date.UTC(2026, 10, 28, 15, 59), tz)).toBe(true) // 23:59 in Shanghai
    expect(sameDay(now, Date.UTC(2026, 10, 28, 16, 0), tz)).toBe(false) // 00:00 the next day
  })
})
