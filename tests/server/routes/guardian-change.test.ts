/**
 * Who may be a child's guardian and how a consent ends (docs/privacy.md "Guardian consent", docs/contract.md
 * "Guardians"): the child's own number and a classmate's are refused with codes of their own; a new
 * consent while one is current is refused unless the current guardian withdraws or confirms the change;
 * the guardian whose consent ends is told by a notice SMS; the export masks other guardians' numbers;
 * erasing an account erases its idempotency rows; the age's declaration is recorded; the guardian page's
 * token is reused after a reload and ends with a sign-out. Runs on SQLite and, through
 * scripts/test-server-pg.mjs, on PostgreSQL.
 */
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { CODE } from '../../../src/contract/codes'
import { CHILDREN_RULES_VERSION, type GuardianChildren, type GuardianSignin, type GuardianStatus } from '../../../src/contract/guardian'
import { keysDb } from '../../../server/services/idempotency'
import { call, DEVICE, FakeClock, makeApp, passwordLogin, type Pair } from '../support/helpers'
import { appChannel, listeningApp, SETTLE_MS, until } from '../support/broker'
import { afterThisTest } from '../support/cleanup'

/** 2026-03-10 12:00 in China. */
const NOW = Date.UTC(2026, 2, 10, 4)
const TWELVE = { year: 2014, month: 1 }
const FIRST = '13500135001'
const SECOND = '13500135002'
/** The seeded teacher (membership role `teacher`) and the seeded demo student (born 2008: 18 at NOW). */
const TEACHER = '13600136000'
const ADULT_STUDENT = '13800138000'

async function outboxCode(app: FastifyInstance, phone: string): Promise<string> {
  return (await call<{ code: string }>(app, 'GET', `/dev/sms/outbox?phone=${phone}`)).body.data.code
}

/** A student registered by SMS with `birth`; answers the final token and the user id. */
async function register(app: FastifyInstance, phone: string, birth?: { year: number; month: number }): Promise<{ token: string; id: string }> {
  await call(app, 'POST', '/sms/code', { body: { username: `+86${phone}`, scene: 'login' } })
  const sms = await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${phone}`, code: await outboxCode(app, phone), isAdmin: false, ...DEVICE } })
  const done = await call<Pair>(app, 'PUT', '/auth/student/improve', { token: sms.body.data.token, body: { name: `学生${phone.slice(-3)}`, grade: '六年级', className: '1班', orgCode: 'DEMO', ...(birth ? { birth } : {}) } })
  expect(done.body.code).toBe(0)
  const user = await app.db.selectFrom('users').select('id').where('phone', '=', `+86${phone}`).executeTakeFirstOrThrow()
  return { token: done.body.data.token, id: user.id }
}

const sendCode = (app: FastifyInstance, token: string, guardianPhone: string) => call(app, 'POST', '/guardian/code', { token, body: { guardianPhone } })
const consentWith = (app: FastifyInstance, token: string, guardianPhone: string, code: string, currentCode?: string) =>
  call<GuardianStatus>(app, 'POST', '/guardian/consent', { token, body: { guardianPhone, code, rulesVersion: CHILDREN_RULES_VERSION, ...(currentCode ? { currentCode } : {}) } })

/** Sends the guardian's code for the account and consents with it. */
async function consent(app: FastifyInstance, clock: FakeClock, token: string, guardian: string) {
  expect((await sendCode(app, token, guardian)).body.code).toBe(0)
  const code = await outboxCode(app, guardian)
  clock.advance(1000)
  return consentWith(app, token, guardian, code)
}

/** The guardian page's token for `phone`, after the send interval. */
async function signin(app: FastifyInstance, clock: FakeClock, phone: string): Promise<GuardianSignin> {
  clock.advance(61_000)
  expect((await call(app, 'POST', '/guardian/signin/code', { body: { phone } })).body.code).toBe(0)
  const r = await call<GuardianSignin>(app, 'POST', '/guardian/signin', { body: { phone, code: await outboxCode(app, phone) } })
  expect(r.body.code).toBe(0)
  return r.body.data
}

const asGuardian = (app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string) => app.inject({ method, url: `/api/guardian/children${url}`, headers: { 'guardian-token': token } })
const notices = async (app: FastifyInstance, phone: string) => (await app.smsOutbox!.noticesTo(`+86${phone}`)).map((n) => n.kind)

describe("the guardian's number", () => {
  it("is refused as the child's own with a code of its own, on the code and on the consent", async () => {
    const { app } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137301', TWELVE)
    expect((await sendCode(app, child.token, '13700137301')).body).toMatchObject({ code: CODE.GUARDIAN_PHONE_OWN })
    expect((await consentWith(app, child.token, '13700137301', '123456')).body).toMatchObject({ code: CODE.GUARDIAN_PHONE_OWN })
    expect(CODE.GUARDIAN_PHONE_OWN).toBe(200009)
  })

  it("is refused when it is a classmate's or another under-18 account's; a teacher's and an adult's are taken", async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137302', TWELVE)
    await register(app, '13700137303', TWELVE)
    // Sixteen, with an age given: under 18.
    await register(app, '13700137304', { year: 2010, month: 1 })
    // A student account whose age was never given: only the student role.
    await register(app, '13700137305')
    for (const phone of ['13700137303', '13700137304', '13700137305']) {
      expect((await sendCode(app, child.token, phone)).body).toMatchObject({ code: CODE.GUARDIAN_PHONE_CHILD })
      expect((await consentWith(app, child.token, phone, '123456')).body).toMatchObject({ code: CODE.GUARDIAN_PHONE_CHILD })
    }
    expect(CODE.GUARDIAN_PHONE_CHILD).toBe(200011)
    await expect(app.smsOutbox!.newest('+8613700137303')).resolves.toMatchObject({ scene: 'login' })
    // Staff (the teacher role) and an adult (the demo student is 18) may be guardians.
    expect((await consent(app, clock, child.token, TEACHER)).body.code).toBe(0)
    const other = await register(app, '13700137306', TWELVE)
    expect((await consent(app, clock, other.token, ADULT_STUDENT)).body.code).toBe(0)
  })
})

describe('a new consent while one is current', () => {
  it('is refused, and the first guardian can still export and withdraw; after the withdrawal the new one is taken', async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137311', TWELVE)
    expect((await consent(app, clock, child.token, FIRST)).body.code).toBe(0)
    expect((await sendCode(app, child.token, SECOND)).body.code).toBe(0)
    const code = await outboxCode(app, SECOND)
    expect((await consentWith(app, child.token, SECOND, code)).body).toMatchObject({ code: CODE.GUARDIAN_CONSENT_CURRENT })
    expect(CODE.GUARDIAN_CONSENT_CURRENT).toBe(200010)
    expect(await app.db.selectFrom('guardian_consents').select('guardian_phone').execute()).toEqual([{ guardian_phone: `+86${FIRST}` }])

    const first = await signin(app, clock, FIRST)
    expect(first.children.map((c) => c.id)).toEqual([child.id])
    const exported = await asGuardian(app, first.token, 'GET', `/${child.id}`)
    expect(exported.json()).toMatchObject({ exportedFor: child.id })
    expect((await asGuardian(app, first.token, 'POST', `/${child.id}/withdraw`)).json()).toMatchObject({ code: 0 })
    // Withdrawn: the code refused before was not spent, and now counts.
    expect((await consentWith(app, child.token, SECOND, code)).body).toMatchObject({ code: 0, data: { limited: null, consent: { guardianPhoneTail: '5002' } } })
  })

  it('is taken when the current guardian confirms it with a code sent to their own number; a wrong one is 200005', async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137312', TWELVE)
    expect((await consent(app, clock, child.token, FIRST)).body.code).toBe(0)
    clock.advance(61_000)
    expect((await sendCode(app, child.token, FIRST)).body.code).toBe(0)
    const firstCode = await outboxCode(app, FIRST)
    expect((await sendCode(app, child.token, SECOND)).body.code).toBe(0)
    const secondCode = await outboxCode(app, SECOND)
    const wrong = firstCode === '000000' ? '111111' : '000000'
    expect((await consentWith(app, child.token, SECOND, secondCode, wrong)).body.code).toBe(CODE.SMS_CODE_INVALID)
    clock.advance(61_000)
    expect((await sendCode(app, child.token, SECOND)).body.code).toBe(0)
    const again = await outboxCode(app, SECOND)
    expect((await consentWith(app, child.token, SECOND, again, firstCode)).body).toMatchObject({ code: 0, data: { consent: { guardianPhoneTail: '5002' } } })
    // The first guardian is told, and no longer sees the child.
    expect(await notices(app, FIRST)).toEqual(['consent-replaced'])
    expect((await signin(app, clock, FIRST)).children).toEqual([])
  })

  it('two consents of two guardians sent at once: one is taken, the other is 200010', async () => {
    const { app } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137313', TWELVE)
    await sendCode(app, child.token, FIRST)
    await sendCode(app, child.token, SECOND)
    const codes = [await outboxCode(app, FIRST), await outboxCode(app, SECOND)]
    const answers = await Promise.all([consentWith(app, child.token, FIRST, codes[0]!), consentWith(app, child.token, SECOND, codes[1]!)])
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, CODE.GUARDIAN_CONSENT_CURRENT])
    expect(await app.db.selectFrom('guardian_consents').select('id').execute()).toHaveLength(1)
  })
})

describe("a re-consent sent at once with the first guardian's withdrawal", () => {
  it('never leaves two consents current, and the withdrawal always works', async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137314', TWELVE)
    expect((await consent(app, clock, child.token, FIRST)).body.code).toBe(0)
    const page = await signin(app, clock, FIRST)
    expect((await sendCode(app, child.token, SECOND)).body.code).toBe(0)
    const code = await outboxCode(app, SECOND)
    const [reconsent, withdrawn] = await Promise.all([consentWith(app, child.token, SECOND, code), asGuardian(app, page.token, 'POST', `/${child.id}/withdraw`)])
    expect(withdrawn.json()).toMatchObject({ code: 0 })
    expect([0, CODE.GUARDIAN_CONSENT_CURRENT]).toContain(reconsent.body.code)
    const rows = await app.db.selectFrom('guardian_consents').select(['guardian_phone', 'withdrawn_at']).orderBy('consented_at').execute()
    // The first consent is withdrawn whatever the order; the second is recorded only when the withdrawal came first.
    expect(rows[0]).toMatchObject({ guardian_phone: `+86${FIRST}` })
    expect(rows[0]!.withdrawn_at).not.toBeNull()
    expect(rows.filter((r) => r.withdrawn_at === null).length).toBe(reconsent.body.code === 0 ? 1 : 0)
    // Refused, the child can send it again now that the first guardian withdrew.
    if (reconsent.body.code !== 0) expect((await consentWith(app, child.token, SECOND, code)).body.code).toBe(0)
  })
})

describe('the notice SMS', () => {
  it('reaches the guardian whose consent ends: withdrawn, account deleted by a guardian or by the child; never replacing a code', async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const a = await register(app, '13700137321', TWELVE)
    expect((await consent(app, clock, a.token, FIRST)).body.code).toBe(0)
    const page = await signin(app, clock, FIRST)
    const code = await outboxCode(app, FIRST)
    expect((await asGuardian(app, page.token, 'POST', `/${a.id}/withdraw`)).json()).toMatchObject({ code: 0 })
    expect(await notices(app, FIRST)).toEqual(['consent-withdrawn'])
    // The dev outbox's code for the number is still the sign-in code.
    expect(await outboxCode(app, FIRST)).toBe(code)
    // A withdrawn consent ending again (the account deleted) tells nobody twice.
    expect((await asGuardian(app, page.token, 'POST', `/${a.id}/delete`)).json()).toMatchObject({ code: 0 })
    expect(await notices(app, FIRST)).toEqual(['consent-withdrawn'])

    const b = await register(app, '13700137322', TWELVE)
    clock.advance(61_000)
    expect((await consent(app, clock, b.token, SECOND)).body.code).toBe(0)
    const page2 = await signin(app, clock, SECOND)
    expect((await asGuardian(app, page2.token, 'POST', `/${b.id}/delete`)).json()).toMatchObject({ code: 0 })
    expect(await notices(app, SECOND)).toEqual(['account-deleted'])

    // The child deletes its own account (Settings, with an SMS code).
    const c = await register(app, '13700137323', TWELVE)
    clock.advance(61_000)
    expect((await consent(app, clock, c.token, FIRST)).body.code).toBe(0)
    clock.advance(61_000)
    await call(app, 'POST', '/sms/code', { body: { username: '+8613700137323', scene: 'login' } })
    expect((await call(app, 'POST', '/logout/cancel', { token: c.token, body: { code: await outboxCode(app, '13700137323') } })).body.code).toBe(0)
    expect(await notices(app, FIRST)).toEqual(['consent-withdrawn', 'account-deleted'])
  })

  it('has its own per-phone limit, apart from the codes', async () => {
    const { app, clock } = await makeApp({ limits: { sms: { noticesPerDay: 2, perHour: 50, perDay: 100 } } }, new FakeClock(NOW))
    for (const phone of ['13700137331', '13700137332', '13700137333']) {
      const child = await register(app, phone, TWELVE)
      clock.advance(61_000)
      expect((await consent(app, clock, child.token, FIRST)).body.code).toBe(0)
      const page = await signin(app, clock, FIRST)
      expect((await asGuardian(app, page.token, 'POST', `/${child.id}/withdraw`)).json()).toMatchObject({ code: 0 })
    }
    // The third withdrawal still worked; its notice was held back by the limit; codes were sent throughout.
    expect(await notices(app, FIRST)).toEqual(['consent-withdrawn', 'consent-withdrawn'])
    clock.advance(86_400_000)
    const child = await register(app, '13700137334', TWELVE)
    expect((await consent(app, clock, child.token, FIRST)).body.code).toBe(0)
    const page = await signin(app, clock, FIRST)
    expect((await asGuardian(app, page.token, 'POST', `/${child.id}/withdraw`)).json()).toMatchObject({ code: 0 })
    expect(await notices(app, FIRST)).toHaveLength(3)
  })
})

describe('the export', () => {
  it("holds the requesting guardian's consent records in full and other guardians' numbers masked", async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137341', TWELVE)
    expect((await consent(app, clock, child.token, FIRST)).body.code).toBe(0)
    const first = await signin(app, clock, FIRST)
    expect((await asGuardian(app, first.token, 'POST', `/${child.id}/withdraw`)).json()).toMatchObject({ code: 0 })
    clock.advance(61_000)
    expect((await consent(app, clock, child.token, SECOND)).body.code).toBe(0)
    const second = await signin(app, clock, SECOND)
    const data = (await asGuardian(app, second.token, 'GET', `/${child.id}`)).json() as { consents: { guardianPhone: string }[] }
    expect(data.consents.map((c) => c.guardianPhone)).toEqual(['135****5001', `+86${SECOND}`])
    expect(JSON.stringify(data)).not.toContain(FIRST)
  })
})

describe('erasing an account', () => {
  it('erases its idempotency rows, by a guardian and by the child', async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const rows = (userId: string) => keysDb(app.db).selectFrom('idempotency_keys').select('key').where('user_id', '=', userId).execute()
    const profile = (token: string) => call(app, 'PUT', '/auth/student/profile', { token, headers: { 'idempotency-key': 'erase-key-0001' }, body: { name: '林小溪', grade: '六年级', className: '2班' } })

    const a = await register(app, '13700137351', TWELVE)
    expect((await profile(a.token)).body.code).toBe(0)
    expect(await rows(a.id)).toHaveLength(1)
    expect((await consent(app, clock, a.token, FIRST)).body.code).toBe(0)
    const page = await signin(app, clock, FIRST)
    expect((await asGuardian(app, page.token, 'POST', `/${a.id}/delete`)).json()).toMatchObject({ code: 0 })
    expect(await rows(a.id)).toEqual([])

    const b = await register(app, '13700137352', TWELVE)
    expect((await profile(b.token)).body.code).toBe(0)
    expect(await rows(b.id)).toHaveLength(1)
    clock.advance(61_000)
    await call(app, 'POST', '/sms/code', { body: { username: '+8613700137352', scene: 'login' } })
    expect((await call(app, 'POST', '/logout/cancel', { token: b.token, body: { code: await outboxCode(app, '13700137352') } })).body.code).toBe(0)
    expect(await rows(b.id)).toEqual([])
  })
})

describe("the age's declaration", () => {
  const declaration = (app: FastifyInstance, userId: string) =>
    app.db.selectFrom('students').select(['birth_declared_by', 'birth_declared_at']).where('user_id', '=', userId).executeTakeFirstOrThrow().then((r) => ({ by: r.birth_declared_by, at: r.birth_declared_at === null ? null : Number(r.birth_declared_at) }))

  it('records the child at Improve and at Consent, and the guardian who corrects it, with the time', async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const improved = await register(app, '13700137361', TWELVE)
    expect(await declaration(app, improved.id)).toEqual({ by: 'student', at: NOW })

    const older = await register(app, '13700137362')
    expect(await declaration(app, older.id)).toEqual({ by: null, at: null })
    clock.advance(5000)
    expect((await call(app, 'PUT', '/guardian/birth', { token: older.token, body: TWELVE })).body.code).toBe(0)
    expect(await declaration(app, older.id)).toEqual({ by: 'student', at: NOW + 5000 })

    expect((await consent(app, clock, older.token, FIRST)).body.code).toBe(0)
    const page = await signin(app, clock, FIRST)
    const profile = (birth: { year: number; month: number }) => app.inject({ method: 'PUT', url: `/api/guardian/children/${older.id}/profile`, headers: { 'guardian-token': page.token }, payload: { name: '林小溪', grade: '六年级', className: '1班', ...birth } })
    // The name alone corrected: the child's declaration stands.
    expect((await profile(TWELVE)).json()).toMatchObject({ code: 0 })
    expect(await declaration(app, older.id)).toEqual({ by: 'student', at: NOW + 5000 })
    clock.advance(1000)
    expect((await profile({ year: 2013, month: 6 })).json()).toMatchObject({ code: 0 })
    expect(await declaration(app, older.id)).toEqual({ by: 'guardian', at: clock.now() })
  })
})

describe("the guardian page's sign-in", () => {
  it('is reused by its token for 30 minutes (a reload), with a summary of each child, and ends at sign-out', async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137371', TWELVE)
    expect((await consent(app, clock, child.token, FIRST)).body.code).toBe(0)
    await call(app, 'POST', '/cards', { token: child.token, body: { design: 'carnation', message: '妈妈节日快乐' } })
    const page = await signin(app, clock, FIRST)
    const signedInAt = clock.now()
    const headers = { 'guardian-token': page.token }
    const children = () => call<GuardianChildren>(app, 'GET', '/guardian/children', { headers })

    clock.advance(29 * 60_000)
    const again = await children()
    expect(again.body).toMatchObject({ code: 0, data: { expiresIn: 60, children: [{ id: child.id, name: '学生371', consent: 'given' }] } })
    expect(again.body.data.children[0]!.summary).toMatchObject({ cards: { count: 1, last: signedInAt - 61_000 }, reading: { count: 0 }, reports: { count: 0 }, recordings: { count: 0 } })
    // Without a token, or past its 30 minutes: 401, and the page asks for a code again.
    expect((await call(app, 'GET', '/guardian/children')).status).toBe(401)
    clock.advance(60_000)
    expect((await children()).status).toBe(401)

    const next = await signin(app, clock, FIRST)
    const out = await call(app, 'POST', '/guardian/signout', { headers: { 'guardian-token': next.token } })
    expect(out.body.code).toBe(0)
    expect((await call(app, 'GET', '/guardian/children', { headers: { 'guardian-token': next.token } })).status).toBe(401)
    expect(await app.db.selectFrom('guardian_sessions').select('token_hash').execute()).toHaveLength(0)
  })
})

describe("a change the guardian makes on their own phone", () => {
  it("reaches the child's open app over the live channel, which then reads its profile again: a correction, then the withdrawal", async () => {
    const t = await listeningApp({}, new FakeClock(NOW))
    const { app, clock } = t
    const child = await register(app, '13700137381', TWELVE)
    expect((await consent(app, clock, child.token, FIRST)).body.code).toBe(0)
    const page = await signin(app, clock, FIRST)
    let changed = 0
    const channel = appChannel(t.url, () => ({ token: child.token, userId: child.id }), { onAccountChanged: () => changed++ })
    afterThisTest(() => channel.close())
    await channel.open()

    const edit = await app.inject({ method: 'PUT', url: `/api/guardian/children/${child.id}/profile`, headers: { 'guardian-token': page.token }, payload: { name: '林小溪', grade: '六年级', className: '1班', ...TWELVE } })
    expect(edit.json()).toMatchObject({ code: 0 })
    await until(() => changed === 1, SETTLE_MS, 'the correction')
    expect((await asGuardian(app, page.token, 'POST', `/${child.id}/withdraw`)).json()).toMatchObject({ code: 0 })
    await until(() => changed === 2, SETTLE_MS, 'the withdrawal')
    // What the app then reads is the server's new state.
    expect((await call<GuardianStatus>(app, 'GET', '/guardian/status', { token: child.token })).body.data).toMatchObject({ limited: 'guardian-consent', consent: null })
    // The child's own consent says the new state in its answer: no message for it. (Messages on one topic
    // arrive in order, so the withdrawal after it is the third message, not the fourth.)
    clock.advance(61_000)
    expect((await consent(app, clock, child.token, FIRST)).body.code).toBe(0)
    expect((await asGuardian(app, page.token, 'POST', `/${child.id}/withdraw`)).json()).toMatchObject({ code: 0 })
    await until(() => changed >= 3, SETTLE_MS, 'the second withdrawal')
    expect(changed).toBe(3)
  })
})

// The seeded teacher and demo student stay usable as guardians' numbers only through these routes' checks.
it('the seeded accounts used above are as this file says', async () => {
  const { app } = await makeApp({}, new FakeClock(NOW))
  expect((await passwordLogin(app, {}, TEACHER)).token).toBeTruthy()
})
