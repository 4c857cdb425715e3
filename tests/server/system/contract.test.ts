import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { API, CODE, CODE_MESSAGE, barePhone, maskPhone, newNonce, normalizePhone, signBase, signParams, signRequest } from '../../../src/contract'
import { DEVICE, FakeClock, PASSWORD, STUDENT_PHONE, call, makeApp, passwordLogin } from '../support/helpers'

describe('signParams', () => {
  it('sorts keys, skips empty values, stringifies objects and appends the secret', () => {
    const base = signBase({ b: 2, a: 'x', empty: '', none: undefined, nil: null, obj: { k: [1, 2] }, t: 0 }, 's3')
    expect(base).toBe('a=x&b=2&obj={"k":[1,2]}&t=0&secret=s3')
  })

  it('is the lower-case SHA-256 hex of the base string', () => {
    const params = { url: 'https://example.com/a?b=1', timestamp: 1700000000000, nonce: 'a'.repeat(32) }
    const expected = createHash('sha256').update(signBase(params, 'jsj-habor-dev-sign')).digest('hex')
    expect(signParams(params)).toBe(expected)
    expect(signParams(params)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('does not depend on key order and changes with any value or the secret', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), { minKeys: 1 }), (d) => {
        const reversed = Object.fromEntries(Object.entries(d).reverse())
        expect(signParams(reversed, 'k')).toBe(signParams(d, 'k'))
        expect(signParams(d, 'k')).not.toBe(signParams(d, 'other'))
      }),
    )
  })

  it('signRequest adds timestamp and nonce that the server can rebuild', () => {
    const { timestamp, sign } = signRequest({ q: '1' }, { url: 'u' }, { now: 5, nonce: 'f'.repeat(32) })
    expect(timestamp).toBe(5)
    expect(sign).toBe(signParams({ q: '1', url: 'u', timestamp: 5, nonce: 'f'.repeat(32) }))
  })

  it('nonces are 32 hex chars and unique', () => {
    const a = newNonce()
    expect(a).toMatch(/^[0-9a-f]{32}$/)
    expect(newNonce()).not.toBe(a)
  })
})

describe('normalizePhone', () => {
  it.each([
    ['13800138000', '+8613800138000'],
    ['+8613800138000', '+8613800138000'],
    ['8613800138000', '+8613800138000'],
    ['008613800138000', '+8613800138000'],
    [' +86 138-0013-8000 ', '+8613800138000'],
    ['(+86) 139 0013 9000', '+8613900139000'],
  ])('%s → %s', (input, out) => expect(normalizePhone(input)).toBe(out))

  it.each(['', '1380013800', '138001380001', '12800138000', '+8513800138000', 'abc', '+86', '86 1380013800'])('rejects %j', (input) => {
    expect(normalizePhone(input)).toBeNull()
  })

  it('rejects non-strings', () => {
    expect(normalizePhone(13800138000)).toBeNull()
    expect(normalizePhone(undefined)).toBeNull()
  })

  it('bare and masked forms', () => {
    expect(barePhone('+8613800138000')).toBe('13800138000')
    expect(maskPhone('13800138000')).toBe('138****8000')
  })

  it('every valid bare number round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 9 }), fc.integer({ min: 0, max: 999_999_999 }), (second, rest) => {
        const bare = `1${second}${String(rest).padStart(9, '0')}`
        expect(normalizePhone(`+86${bare}`)).toBe(`+86${bare}`)
        expect(normalizePhone(`86${bare}`)).toBe(`+86${bare}`)
        expect(barePhone(bare)).toBe(bare)
      }),
    )
  })
})

describe('codes and calls', () => {
  it('every code has a message', () => {
    for (const c of Object.values(CODE)) expect(CODE_MESSAGE[c]).toBeTruthy()
  })
  it('signed calls are the two of docs/contract.md "The calls"', () => {
    expect(Object.values(API).filter((c) => c.signed).map((c) => c.path).sort()).toEqual(['/login/wx/mp', '/weixin/js/init'])
  })
})

/**
 * Whole answers of representative calls, as the app reads them: the response schemas of
 * src/contract/schemas/ send exactly the declared fields, so a field left out of a schema, or one added
 * without the app's type, shows here. Ids and tokens are random; everything else is the demo data at a
 * fixed time.
 */
describe('whole answers', () => {
  const T = Date.UTC(2024, 0, 15, 8)
  const DAY = 86_400_000
  const id = expect.any(String)
  const media = expect.stringMatching(/^\/api\/content\/media\/[A-Za-z0-9-]+$/)
  const slides = (withTime: boolean) => [
    { kind: 'cover', name: 'Demo Student', year: 2023 },
    { kind: 'minutes', minutes: 2460, sessions: 64, readingDays: 64, pages: 1937 },
    { kind: 'books', books: 7, topBook: { title: '草房子', author: '曹文轩' } },
    { kind: 'streak', days: 17, from: '2023-01-24', to: '2023-02-09' },
    ...(withTime ? [{ kind: 'time', bucket: 'evening', share: 48 }] : []),
    { kind: 'categories', top: [{ name: '儿童文学', minutes: 1200 }, { name: '科幻', minutes: 710 }, { name: '科普', minutes: 265 }] },
    { kind: 'works', works: 3 },
    { kind: 'closing', keyword: 'persistent', year: 2023 },
  ]

  it('login: the token pair, and a wrong password with the tries left', async () => {
    const { app } = await makeApp({}, new FakeClock(T))
    const wrong = await call(app, 'POST', '/login', { body: { username: STUDENT_PHONE, password: 'Wr0ngPassword', ...DEVICE } })
    expect(wrong.status).toBe(200)
    expect(wrong.body).toEqual({ code: CODE.PASSWORD_INVALID, msg: 'password invalid', data: { triesLeft: 9 } })
    const ok = await call(app, 'POST', '/login', { body: { username: STUDENT_PHONE, password: PASSWORD, ...DEVICE } })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ code: 0, msg: 'success', data: { token: id, refreshToken: id } })
  })

  it('/auth/student: the user-info object', async () => {
    const { app } = await makeApp({}, new FakeClock(T))
    const { token } = await passwordLogin(app)
    const r = await call(app, 'GET', '/auth/student?appId=jsj-habor', { token })
    const demo = { id, name: 'Demo School', code: 'DEMO' }
    expect(r.body).toEqual({
      code: 0,
      msg: 'success',
      data: {
        id,
        studentId: id,
        name: 'Demo Student',
        phone: '+8613800138000',
        avatar: null,
        grade: '七年级',
        className: '2班',
        classConfirmed: true,
        org: demo,
        orgList: [demo, { id, name: 'Demo Academy', code: 'ACADEMY' }],
        roleList: ['student'],
        orgRoleList: ['DEMO:student', 'ACADEMY:student'],
        permList: ['content:read', 'opus:write', 'report:create', 'invite:share'],
        isPassword: true,
        inviteCode: 'DEMO2023',
        createdAt: new Date(T).toISOString(),
        limited: null,
        birthKnown: true,
      },
    })
  })

  it('the desk: reading, works, open tasks, report and invitations', async () => {
    const { app } = await makeApp({}, new FakeClock(T))
    const { token } = await passwordLogin(app)
    const r = await call(app, 'GET', '/home/desk', { token })
    const read = (minutes: number, pages: number, readAt: number) => ({ id, bookTitle: '三体', author: '刘慈欣', minutes, pages, readAt })
    expect(r.body).toEqual({
      code: 0,
      msg: 'success',
      data: {
        reading: [read(25, 18, 1703919480000), read(50, 39, 1703311620000), read(35, 21, 1702716900000), read(15, 13, 1702107240000), read(40, 31, 1700898600000)],
        works: [
          { id: 'demo-opus', title: '门前的银杏树', createdAt: 1699778400000, shareable: true },
          { id, title: '读《昆虫记》有感', createdAt: 1681990200000, shareable: true },
          { id, title: '我的寒假', createdAt: 1676466000000, shareable: false },
        ],
        tasks: [
          { id: 'demo-task-week', title: '《西游记》第一至十回', publisherName: '李老师', dueAt: T + 3 * DAY },
          { id: 'demo-task-month', title: '观察一种身边的昆虫', publisherName: '李老师', dueAt: T + 10 * DAY },
        ],
        report: null,
        invited: 0,
      },
    })
  })

  it('a content call: a shared work, and one that is not there', async () => {
    const { app } = await makeApp({}, new FakeClock(T))
    const r = await call(app, 'GET', '/content/opus/demo-opus')
    expect(r.body).toEqual({
      code: 0,
      msg: 'success',
      data: {
        id: 'demo-opus',
        title: '门前的银杏树',
        author: { name: 'Demo Student', className: '七年级 2班' },
        org: 'Demo School',
        cover: { url: media, width: 1200, height: 630 },
        body: expect.stringMatching(/^我家门前有一棵银杏树[^]*很多很多个春天。$/),
        images: [
          { url: media, width: 800, height: 600 },
          { url: media, width: 800, height: 600 },
        ],
        audio: { url: media, mime: 'audio/wav', durationMs: 20760 },
        createdAt: 1699778400000,
      },
    })
    expect((await call(app, 'GET', '/content/opus/no-such-work')).body).toEqual({ code: CODE.DATA_EMPTY, msg: 'data empty', data: null })
  })

  it('the report: the owner sees every slide and the settings; others the visible slides', async () => {
    const { app } = await makeApp({}, new FakeClock(T))
    const { token } = await passwordLogin(app)
    const made = await call<{ id: string }>(app, 'POST', '/reports', { token, body: { year: 2023 } })
    expect(made.body).toEqual({
      code: 0,
      msg: 'success',
      data: { id, year: 2023, slides: slides(true), inviteCode: 'DEMO2023', updatedAt: T, shareable: false, hidden: [], createdAt: T },
    })
    const reportId = made.body.data.id
    await call(app, 'PUT', `/reports/${reportId}`, { token, body: { shareable: true, hidden: ['time'] } })
    const shared = await call(app, 'GET', `/report/${reportId}`)
    expect(shared.body).toEqual({ code: 0, msg: 'success', data: { id: reportId, year: 2023, slides: slides(false), inviteCode: 'DEMO2023', updatedAt: T } })
  })
})
