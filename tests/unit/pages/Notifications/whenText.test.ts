// @vitest-environment node
/**
 * The notifications' time text (pages/Notifications whenText): relative for the last day as a messaging
 * app writes it, then the app's one date form; on a fixed clock in Shanghai, in both languages.
 */
import { describe, expect, it } from 'vitest'
import { whenText } from '../../../../src/pages/Notifications/Notifications'

const tz = 'Asia/Shanghai'
// 2026-11-28 20:26 in Shanghai (UTC+8).
const now = Date.UTC(2026, 10, 28, 12, 26)
const min = 60_000
const hour = 60 * min

describe('whenText', () => {
  it('under a minute: just now', () => {
    expect(whenText('zh-Hans', now, now, tz)).toBe('刚刚')
    expect(whenText('en', now - 59_999, now, tz)).toBe('Just now')
  })

  it('under an hour: minutes ago, counted down', () => {
    expect(whenText('zh-Hans', now - min, now, tz)).toBe('1 分钟前')
    expect(whenText('en', now - 59 * min - 59_000, now, tz)).toBe('59 min ago')
  })

  it('from an hour to the start of the day: the time, 24-hour', () => {
    expect(whenText('zh-Hans', now - hour, now, tz)).toBe('19:26')
    expect(whenText('en', Date.UTC(2026, 10, 27, 16, 0), now, tz)).toBe('00:00')
  })

  it('yesterday: 昨天 and the time', () => {
    expect(whenText('zh-Hans', Date.UTC(2026, 10, 27, 15, 59), now, tz)).toBe('昨天 23:59')
    expect(whenText('en', Date.UTC(2026, 10, 26, 16, 0), now, tz)).toBe('Yesterday 00:00')
  })

  it('before yesterday: the app’s date form, with the year only when it is another', () => {
    expect(whenText('zh-Hans', Date.UTC(2026, 10, 26, 15, 59), now, tz)).toBe('11月26日 23:59')
    expect(whenText('en', Date.UTC(2026, 0, 5, 1, 0), now, tz)).toBe('5 Jan, 09:00')
    expect(whenText('zh-Hans', Date.UTC(2025, 11, 31, 12, 0), now, tz)).toBe('2025年12月31日 20:00')
    expect(whenText('en', Date.UTC(2025, 11, 31, 12, 0), now, tz)).toBe('31 Dec 2025, 20:00')
  })
})
