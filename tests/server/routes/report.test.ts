/**
 * The year in review: figures checked against values worked out here from fixture records (with the
 * calendar of Asia/Shanghai, not the server's offset arithmetic), privacy, hidden slides that never
 * leave the server, and creating twice.
 */
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { OwnerReport, PublicReport, ReportSlide, ReportSummary } from '../../../src/contract/report'
import { call, makeApp, passwordLogin, smsCode, DEVICE, SMS_ONLY_PHONE, type Pair } from '../support/helpers'

/** Local (UTC+8) start time, minutes, pages, book. */
type Fixture = [local: string, minutes: number, pages: number, book: 'fox' | 'stars' | 'poems' | 'river']
const BOOKS = {
  fox: { title: '小狐狸的冬天', author: '林一', category: '儿童文学' },
  stars: { title: '星星的秘密', author: 'A. Author', category: '科普' },
  poems: { title: '唐诗三百首', author: '蘅塘退士', category: '诗歌' },
  river: { title: '大河之歌', author: '王二', category: '儿童文学' },
} as const

const FIXTURES: Fixture[] = [
  // 01:00 local on New Year's Day is 2022 in UTC: it belongs to 2023.
  ['2023-01-01T01:00', 10, 4, 'poems'],
  // Four days across the January → February boundary.
  ['2023-01-30T19:30', 30, 12, 'fox'],
  ['2023-01-31T20:05', 25, 10, 'fox'],
  ['2023-02-01T07:40', 15, 5, 'stars'],
  ['2023-02-02T19:10', 40, 16, 'fox'],
  // The longest run: five days across May → June.
  ['2023-05-30T18:30', 20, 8, 'river'],
  ['2023-05-31T21:45', 35, 14, 'river'],
  ['2023-06-01T12:15', 20, 6, 'stars'],
  ['2023-06-02T19:00', 45, 20, 'river'],
  ['2023-06-03T20:30', 30, 11, 'poems'],
  ['2023-09-10T08:00', 25, 9, 'stars'],
  ['2023-11-20T19:45', 50, 22, 'fox'],
  // Outside 2023 in local time although one of them is 2023 in UTC.
  ['2022-12-31T23:30', 99, 99, 'fox'],
  ['2024-01-01T04:00', 99, 99, 'stars'],
]

const utcOf = (local: string): number => Date.parse(`${local}:00+08:00`)

/** Independent arithmetic: the Shanghai calendar from Intl. */
const shanghai = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
function partsOf(ms: number): { date: string; year: number; hour: number } {
  const p = Object.fromEntries(shanghai.formatToParts(ms).map((x) => [x.type, x.value]))
  return { date: `${p.year}-${p.month}-${p.day}`, year: Number(p.year), hour: Number(p.hour) }
}
function bucketOf(hour: number): string {
  if (hour >= 5 && hour <= 10) return 'morning'
  if (hour >= 11 && hour <= 13) return 'noon'
  if (hour >= 14 && hour <= 17) return 'afternoon'
  if (hour >= 18 && hour <= 21) return 'evening'
  return 'night'
}

function expected() {
  const rows = FIXTURES.filter(([l]) => partsOf(utcOf(l)).year === 2023)
  const dates = [...new Set(rows.map(([l]) => partsOf(utcOf(l)).date))].sort()
  let best = { days: 0, from: '', to: '' }
  let start = 0
  for (let i = 0; i < dates.length; i++) {
    if (i > 0 && Date.parse(dates[i]!) - Date.parse(dates[i - 1]!) !== 86_400_000) start = i
    if (i - start + 1 > best.days) best = { days: i - start + 1, from: dates[start]!, to: dates[i]! }
  }
  const buckets = new Map<string, number>()
  for (const [l] of rows) buckets.set(bucketOf(partsOf(utcOf(l)).hour), (buckets.get(bucketOf(partsOf(utcOf(l)).hour)) ?? 0) + 1)
  const [bucket, count] = [...buckets.entries()].sort((a, b) => b[1] - a[1])[0]!
  const cats = new Map<string, number>()
  for (const [, m, , b] of rows) cats.set(BOOKS[b].category, (cats.get(BOOKS[b].category) ?? 0) + m)
  return {
    minutes: rows.reduce((s, r) => s + r[1], 0),
    pages: rows.reduce((s, r) => s + r[2], 0),
    sessions: rows.length,
    readingDays: dates.length,
    books: new Set(rows.map((r) => r[3])).size,
    streak: best,
    bucket,
    share: Math.round((count / rows.length) * 100),
    categories: [...cats.entries()].sort((a, b) => b[1] - a[1]).map(([name, minutes]) => ({ name, minutes })),
  }
}

async function smsUser(app: FastifyInstance): Promise<string> {
  const code = await smsCode(app, SMS_ONLY_PHONE)
  return (await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${SMS_ONLY_PHONE}`, code, isAdmin: false, ...DEVICE } })).body.data.token
}

/** Gives the SMS-only student (no demo reading) the fixture records and two works of 2023, one deleted work and one of 2022. */
async function seedFixtures(app: FastifyInstance): Promise<void> {
  const student = await app.db.selectFrom('students').innerJoin('users', 'users.id', 'students.user_id').select('students.id').where('users.phone', '=', `+86${SMS_ONLY_PHONE}`).executeTakeFirstOrThrow()
  const now = Date.now()
  for (const [key, b] of Object.entries(BOOKS)) {
    await app.db.insertInto('books').values({ id: `fixture-${key}`, title: b.title, author: b.author, category: b.category, cover_media_id: null, total_pages: 200, created_at: now }).execute()
  }
  let n = 0
  const record = (readAt: number, minutes: number, pages: number, book: string, deletedAt: number | null = null) => ({
    id: `fixture-record-${n++}`,
    student_id: student.id,
    book_id: `fixture-${book}`,
    read_at: readAt,
    tz_offset_min: 480,
    minutes,
    pages,
    notes: null,
    shareable: 0,
    deleted_at: deletedAt,
    created_at: now,
    updated_at: now,
  })
  for (const [l, m, p, b] of FIXTURES) await app.db.insertInto('reading_records').values(record(utcOf(l), m, p, b)).execute()
  // A deleted record never counts.
  await app.db.insertInto('reading_records').values(record(utcOf('2023-03-15T19:00'), 500, 50, 'poems', now)).execute()
  const work = (id: string, local: string, deletedAt: number | null = null) => ({
    id,
    student_id: student.id,
    org_id: null,
    title: id,
    body: 'text',
    cover_media_id: null,
    images: '[]',
    audio_media_id: null,
    shareable: 0,
    deleted_at: deletedAt,
    created_at: utcOf(local),
    updated_at: utcOf(local),
  })
  await app.db.insertInto('works').values([work('fixture-w1', '2023-04-01T10:00'), work('fixture-w2', '2023-12-31T22:00'), work('fixture-w3', '2023-05-01T10:00', now), work('fixture-w4', '2022-12-31T20:00')]).execute()
}

const slide = <K extends ReportSlide['kind']>(r: { slides: ReportSlide[] }, kind: K): Extract<ReportSlide, { kind: K }> | undefined =>
  r.slides.find((s): s is Extract<ReportSlide, { kind: K }> => s.kind === kind)

async function setup() {
  const { app, clock } = await makeApp()
  await seedFixtures(app)
  const owner = await smsUser(app)
  const other = (await passwordLogin(app)).token
  return { app, clock, owner, other }
}

describe('year in review', () => {
  it('computes the figures of 2023 from the student records: minutes, books, a streak across a month boundary, time of day, categories and works', async () => {
    const { app, owner } = await setup()
    const made = await call<OwnerReport>(app, 'POST', '/reports', { token: owner, body: { year: 2023 } })
    expect(made.body.code).toBe(0)
    const r = made.body.data
    const want = expected()
    expect(r.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(r).toMatchObject({ year: 2023, shareable: false, hidden: [] })
    expect(slide(r, 'minutes')).toEqual({ kind: 'minutes', minutes: want.minutes, pages: want.pages, sessions: want.sessions, readingDays: want.readingDays })
    expect(slide(r, 'books')?.books).toBe(want.books)
    // Book with the most minutes: the fox (30+25+40+50).
    expect(slide(r, 'books')?.topBook).toEqual({ title: '小狐狸的冬天', author: '林一' })
    expect(slide(r, 'streak')).toEqual({ kind: 'streak', ...want.streak })
    expect(want.streak).toEqual({ days: 5, from: '2023-05-30', to: '2023-06-03' })
    expect(slide(r, 'time')).toEqual({ kind: 'time', bucket: want.bucket, share: want.share })
    expect(want.bucket).toBe('evening')
    expect(slide(r, 'categories')?.top).toEqual(want.categories.slice(0, 3))
    expect(slide(r, 'works')).toEqual({ kind: 'works', works: 2 })
    expect(slide(r, 'cover')).toEqual({ kind: 'cover', name: expect.any(String), year: 2023 })
    expect(r.slides.map((s) => s.kind)).toEqual(['cover', 'minutes', 'books', 'streak', 'time', 'categories', 'works', 'closing'])
    // Three categories and a five-day streak: neither "persistent" (7+) nor "explorer" (4+); no 3 works, no 10 books.
    expect(slide(r, 'closing')).toEqual({ kind: 'closing', keyword: 'curious', year: 2023 })
  })

  it('the streak crosses a month boundary when it is the longest run', async () => {
    const { app, owner } = await setup()
    const student = await app.db.selectFrom('students').innerJoin('users', 'users.id', 'students.user_id').select('students.id').where('users.phone', '=', `+86${SMS_ONLY_PHONE}`).executeTakeFirstOrThrow()
    // Two more days after Feb 2 make Jan 30 → Feb 4 six days long, longer than May 30 → Jun 3.
    for (const [i, l] of ['2023-02-03T06:30', '2023-02-04T22:30'].entries()) {
      await app.db.insertInto('reading_records').values({ id: `extra-${i}`, student_id: student.id, book_id: 'fixture-stars', read_at: utcOf(l), tz_offset_min: 480, minutes: 10, pages: 2, notes: null, shareable: 0, deleted_at: null, created_at: 0, updated_at: 0 }).execute()
    }
    const r = (await call<OwnerReport>(app, 'POST', '/reports', { token: owner, body: { year: 2023 } })).body.data
    expect(slide(r, 'streak')).toEqual({ kind: 'streak', days: 6, from: '2023-01-30', to: '2023-02-04' })
  })

  it('a year without records is a friendly "your story starts now" report, not an error', async () => {
    const { app } = await makeApp()
    const token = await smsUser(app)
    const r = await call<OwnerReport>(app, 'POST', '/reports', { token, body: { year: 2023 } })
    expect(r.body.code).toBe(0)
    expect(r.body.data.slides).toEqual([
      { kind: 'cover', name: expect.any(String), year: 2023 },
      { kind: 'closing', keyword: 'start', year: 2023 },
    ])
  })

  it('creating again updates the same report: one id, one row, settings kept, new figures', async () => {
    const { app, clock, owner } = await setup()
    const first = (await call<OwnerReport>(app, 'POST', '/reports', { token: owner, body: { year: 2023 } })).body.data
    await call(app, 'PUT', `/reports/${first.id}`, { token: owner, body: { shareable: true, hidden: ['time'] } })
    const student = await app.db.selectFrom('students').innerJoin('users', 'users.id', 'students.user_id').select('students.id').where('users.phone', '=', `+86${SMS_ONLY_PHONE}`).executeTakeFirstOrThrow()
    await app.db.insertInto('reading_records').values({ id: 'extra', student_id: student.id, book_id: 'fixture-poems', read_at: utcOf('2023-12-01T19:00'), tz_offset_min: 480, minutes: 60, pages: 30, notes: null, shareable: 0, deleted_at: null, created_at: 0, updated_at: 0 }).execute()
    clock.advance(60_000)
    const [a, b] = await Promise.all([
      call<OwnerReport>(app, 'POST', '/reports', { token: owner, body: { year: 2023 } }),
      call<OwnerReport>(app, 'POST', '/reports', { token: owner, body: { year: 2023 } }),
    ])
    expect(a.body.data.id).toBe(first.id)
    expect(b.body.data.id).toBe(first.id)
    expect(a.body.data).toMatchObject({ shareable: true, hidden: ['time'], createdAt: first.createdAt, updatedAt: first.updatedAt + 60_000 })
    expect(slide(a.body.data, 'minutes')?.minutes).toBe(expected().minutes + 60)
    const list = await call<ReportSummary[]>(app, 'GET', '/reports', { token: owner })
    expect(list.body.data).toEqual([{ id: first.id, year: 2023, createdAt: first.createdAt, updatedAt: first.updatedAt + 60_000, shareable: true, slideCount: 8, hiddenCount: 1 }])
    expect(await app.db.selectFrom('reports').select('id').execute()).toEqual([{ id: first.id }])
  })

  it('is private by default: another user and a visitor get 100001 from every path; shared, they see it', async () => {
    const { app, owner, other } = await setup()
    const { id } = (await call<OwnerReport>(app, 'POST', '/reports', { token: owner, body: { year: 2023 } })).body.data
    expect((await call(app, 'GET', `/report/${id}`)).body).toMatchObject({ code: 100001, data: null })
    const privateForOther = await call(app, 'GET', `/report/${id}`, { token: other })
    expect(privateForOther.status).toBe(200)
    expect(privateForOther.body).toMatchObject({ code: 100001, data: null })
    expect((await call(app, 'GET', `/reports/${id}`, { token: other })).body).toMatchObject({ code: 100001, data: null })
    expect((await call(app, 'PUT', `/reports/${id}`, { token: other, body: { shareable: true } })).body).toMatchObject({ code: 100001, data: null })
    expect((await call<ReportSummary[]>(app, 'GET', '/reports', { token: other })).body.data).toEqual([])
    // Still private after the other user's attempt.
    expect((await call(app, 'GET', `/report/${id}`)).body.code).toBe(100001)
    expect((await call(app, 'GET', `/report/${crypto.randomUUID()}`)).body.code).toBe(100001)
    // Owner-only calls need a login at all.
    expect((await call(app, 'GET', `/reports/${id}`)).status).toBe(401)

    await call(app, 'PUT', `/reports/${id}`, { token: owner, body: { shareable: true } })
    const seen = await call<PublicReport>(app, 'GET', `/report/${id}`)
    expect(seen.body.code).toBe(0)
    expect(seen.body.data.slides).toHaveLength(8)
    expect(seen.body.data).not.toHaveProperty('hidden')
    expect(seen.body.data).not.toHaveProperty('shareable')
    await call(app, 'PUT', `/reports/${id}`, { token: owner, body: { shareable: false } })
    expect((await call(app, 'GET', `/report/${id}`)).body.code).toBe(100001)
  })

  it('never sends a hidden slide, or its figures, to anyone but the owner', async () => {
    const { app, owner, other } = await setup()
    const { id } = (await call<OwnerReport>(app, 'POST', '/reports', { token: owner, body: { year: 2023 } })).body.data
    const put = await call<OwnerReport>(app, 'PUT', `/reports/${id}`, { token: owner, body: { shareable: true, hidden: ['streak', 'time', 'streak'] } })
    expect(put.body.data.hidden).toEqual(['streak', 'time'])
    for (const token of [undefined, other]) {
      const res = await app.inject({ method: 'GET', url: `/api/report/${id}`, headers: token ? { authorization: `Bearer ${token}` } : {} })
      const text = res.body
      const body = JSON.parse(text) as { data: PublicReport }
      expect(body.data.slides.map((s) => s.kind)).toEqual(['cover', 'minutes', 'books', 'categories', 'works', 'closing'])
      for (const leak of ['streak', '2023-05-30', '2023-06-03', 'evening', 'bucket', 'time']) expect(text).not.toContain(leak)
    }
    // The owner still sees every slide and which are hidden.
    const mine = await call<OwnerReport>(app, 'GET', `/reports/${id}`, { token: owner })
    expect(mine.body.data.slides).toHaveLength(8)
    expect(mine.body.data.hidden).toEqual(['streak', 'time'])
    // A hidden cover hides the name too.
    await call(app, 'PUT', `/reports/${id}`, { token: owner, body: { hidden: ['cover'] } })
    const name = slide(mine.body.data, 'cover')!.name
    const pub = await app.inject({ method: 'GET', url: `/api/report/${id}` })
    expect(name.length).toBeGreaterThan(0)
    expect(pub.body).not.toContain(name)
  })

  it('refuses other years, unknown slide kinds and unknown fields with 100002, and anonymous creation with 401; ignores unknown fields', async () => {
    const { app, owner } = await setup()
    expect((await call(app, 'POST', '/reports', { token: owner, body: { year: 2022 } })).body).toMatchObject({ code: 100002, msg: expect.stringMatching(/^year:/) })
    expect((await call(app, 'POST', '/reports', { token: owner, body: {} })).body).toMatchObject({ code: 100002, msg: 'year: is required' })
    expect((await call(app, 'POST', '/reports', { body: { year: 2023 } })).status).toBe(401)
    const { id } = (await call<OwnerReport>(app, 'POST', '/reports', { token: owner, body: { year: 2023 } })).body.data
    expect((await call(app, 'PUT', `/reports/${id}`, { token: owner, body: { hidden: ['secret'] } })).body.code).toBe(100002)
    // Unknown fields are dropped (Fastify's removeAdditional), never stored.
    expect((await call<OwnerReport>(app, 'PUT', `/reports/${id}`, { token: owner, body: { user_id: 'x', shareable: true } })).body.data).toMatchObject({ id, shareable: true })
    expect((await call(app, 'GET', '/report/not%20an%20id')).body.code).toBe(100002)
  })

  it('keeps a real invitation code of someone else, and drops an unknown one or the student own', async () => {
    const { app, owner, other } = await setup()
    const demoCode = 'DEMO2023'
    const made = await call<OwnerReport>(app, 'POST', '/reports', { token: owner, body: { year: 2023, invite: ' demo2023 ' } })
    expect(made.body.code).toBe(0)
    const codeOf = async (id: string) => (await app.db.selectFrom('reports').select('invite_code').where('id', '=', id).executeTakeFirstOrThrow()).invite_code
    expect(await codeOf(made.body.data.id)).toBe(demoCode)
    const unknown = await call<OwnerReport>(app, 'POST', '/reports', { token: other, body: { year: 2023, invite: 'NOPE' } })
    expect(unknown.body.code).toBe(0)
    const own = await call<OwnerReport>(app, 'POST', '/reports', { token: other, body: { year: 2023, invite: demoCode } })
    expect(own.body.data.inviteCode).toBe(demoCode)
    expect(own.body.data.id).toBe(unknown.body.data.id)
    expect(await codeOf(own.body.data.id)).toBeNull()
    expect(await codeOf(made.body.data.id)).toBe(demoCode)
  })
})
