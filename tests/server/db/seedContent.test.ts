/** The demo content model: fixed ids, a believable 2023 of reading, and a seed that only fills gaps. */
import { describe, expect, it } from 'vitest'
import { DEMO_IDS, beijing, seedDemoContent } from '../../../server/db/seedContent'
import { assetSize } from '../../../server/services/media'
import { localDayNumber, longestStreak, streakEndingOn } from '../../../server/services/reading'

/** The reader's local hour and 'YYYY-MM-DD', read independently of the code under test. */
const localHour = (readAt: number, tzOffsetMin: number) => new Date(readAt + tzOffsetMin * 60_000).getUTCHours()
const dayKey = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10)
import { makeApp } from '../support/helpers'

describe('demo content', () => {
  it('gives the demo student a year of reading with a streak across a month boundary', async () => {
    const { app } = await makeApp()
    const rows = await app.db
      .selectFrom('reading_records as r')
      .innerJoin('students as s', 's.id', 'r.student_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('books as b', 'b.id', 'r.book_id')
      .select(['r.id', 'r.read_at', 'r.tz_offset_min', 'r.minutes', 'b.category', 'b.title'])
      .where('u.phone', '=', '+8613800138000')
      .execute()
    expect(rows.length).toBeGreaterThanOrEqual(40)
    expect(rows.length).toBeLessThanOrEqual(80)
    expect(rows.every((r) => r.read_at >= beijing(2023, 1, 1) && r.read_at < beijing(2024, 1, 1))).toBe(true)
    expect(new Set(rows.map((r) => r.title)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThanOrEqual(4)
    const hours = new Set(rows.map((r) => localHour(r.read_at, r.tz_offset_min)))
    expect([...hours].some((h) => h < 9) && [...hours].some((h) => h >= 19)).toBe(true)

    const days = rows.map((r) => localDayNumber(r.read_at, r.tz_offset_min))
    const longest = longestStreak(days)
    expect(longest.days).toBe(17)
    expect(dayKey(longest.endDay ?? 0)).toBe('2023-02-09')
    const demo = rows.find((r) => r.id === DEMO_IDS.read)
    expect(demo && streakEndingOn(days, localDayNumber(demo.read_at, demo.tz_offset_min))).toBe(17)
    // Every other id is random, never sequential.
    expect(rows.filter((r) => r.id !== DEMO_IDS.read).every((r) => /^[0-9a-f-]{36}$/.test(r.id))).toBe(true)
  })

  it('creates each fixed id once and fills only what is missing', async () => {
    const { app, clock } = await makeApp()
    const count = async () => ({
      reading: (await app.db.selectFrom('reading_records').select('id').execute()).length,
      works: (await app.db.selectFrom('works').select('id').execute()).length,
      media: (await app.db.selectFrom('media').select('id').execute()).length,
    })
    const before = await count()
    expect(await seedDemoContent(app.db, clock.now(), assetSize)).toEqual([])
    expect(await count()).toEqual(before)

    await app.db.deleteFrom('sounds').where('id', '=', DEMO_IDS.sound).execute()
    expect(await seedDemoContent(app.db, clock.now(), assetSize)).toEqual(['sound'])
    expect(await count()).toEqual(before)
    for (const [table, id] of [['works', DEMO_IDS.opus], ['tasks', DEMO_IDS.task], ['sounds', DEMO_IDS.sound], ['reading_records', DEMO_IDS.read]] as const) {
      expect(await app.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()).toBeTruthy()
    }
  })

  it('records every shipped file with its real size', async () => {
    const { app } = await makeApp()
    const media = await app.db.selectFrom('media').selectAll().execute()
    expect(media.length).toBeGreaterThan(5)
    for (const m of media) expect(m.size).toBe(assetSize(m.key))
    expect(media.every((m) => m.size > 0)).toBe(true)
  })
})
