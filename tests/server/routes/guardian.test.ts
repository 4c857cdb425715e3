/**
 * Children under 14 (docs/privacy.md, docs/contract.md "Guardians"): the age, the guardian's consent by
 * SMS code, the limits of an unconsented account on every public write and read, and the guardian's page.
 * Runs on SQLite and, through scripts/test-server-pg.mjs, on PostgreSQL.
 */
import type { FastifyInstance } from 'fastify'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHILDREN_RULES_VERSION, isUnderConsentAge, type GuardianSignin, type GuardianStatus } from '../../../src/contract/guardian'
import type { InviteCheck, InviteInfo } from '../../../src/contract/invite'
import type { StudentProfile } from '../../../src/contract'
import { wavFile } from '../../support/wav'
import { call, DEVICE, FakeClock, makeApp, passwordLogin, STUDENT_PHONE, type Pair } from '../support/helpers'
import { queryCounter } from '../support/queries'

/** 2026-03-10 12:00 in China. */
const NOW = Date.UTC(2026, 2, 10, 4)
/** Twelve at NOW. */
const TWELVE = { year: 2014, month: 1 }
/** Fifteen at NOW. */
const FIFTEEN = { year: 2011, month: 1 }
const GUARDIAN = '13500135000'

async function outboxCode(app: FastifyInstance, phone: string): Promise<string> {
  return (await call<{ code: string }>(app, 'GET', `/dev/sms/outbox?phone=${phone}`)).body.data.code
}

/** A new student registered by SMS with `birth` (or none, as an older app sends), returning the final pair. */
async function register(app: FastifyInstance, phone: string, birth?: { year: number; month: number }, inviteCode?: string): Promise<string> {
  await call(app, 'POST', '/sms/code', { body: { username: `+86${phone}`, scene: 'login' } })
  const sms = await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${phone}`, code: await outboxCode(app, phone), isAdmin: false, ...DEVICE } })
  const done = await call<Pair>(app, 'PUT', '/auth/student/improve', {
    token: sms.body.data.token,
    body: { name: `学生${phone.slice(-3)}`, grade: '六年级', className: '1班', orgCode: 'DEMO', ...(birth ? { birth } : {}), ...(inviteCode ? { inviteCode } : {}) },
  })
  expect(done.body.code).toBe(0)
  return done.body.data.token
}

const status = async (app: FastifyInstance, token: string) => (await call<GuardianStatus>(app, 'GET', '/guardian/status', { token })).body

/** Sends the guardian's code for the account of `token` and consents with it. */
async function consent(app: FastifyInstance, clock: FakeClock, token: string, guardian = GUARDIAN) {
  const sent = await call(app, 'POST', '/guardian/code', { token, body: { guardianPhone: guardian } })
  expect(sent.body.code).toBe(0)
  const code = await outboxCode(app, guardian)
  clock.advance(1000)
  return call<GuardianStatus>(app, 'POST', '/guardian/consent', { token, body: { guardianPhone: guardian, code, rulesVersion: CHILDREN_RULES_VERSION } })
}

const upload = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/cards/audio', headers: { authorization: `Bearer ${token}`, 'content-type': 'audio/wav' }, payload: wavFile(1500) }).then((r) => r.json() as { code: number; data: { audioId: string } & { reason?: string } })

describe('the age rule', () => {
  it('counts 14 from the first day of the month after the birth month, in China time', () => {
    const born = { year: 2012, month: 5 }
    // 2026-05-31 23:59:59.999 and 2026-06-01 00:00 in China (UTC+8).
    expect(isUnderConsentAge(born, Date.UTC(2026, 4, 31, 15, 59, 59, 999))).toBe(true)
    expect(isUnderConsentAge(born, Date.UTC(2026, 4, 31, 16))).toBe(false)
    // December rolls into the next year.
    expect(isUnderConsentAge({ year: 2012, month: 12 }, Date.UTC(2026, 11, 31, 15, 59, 59, 999))).toBe(true)
    expect(isUnderConsentAge({ year: 2012, month: 12 }, Date.UTC(2026, 11, 31, 16))).toBe(false)
  })

  it('lifts the limits on the server at that instant, on the fake clock', async () => {
    const { app, clock } = await makeApp({}, new FakeClock(Date.UTC(2026, 4, 31, 15, 59, 59, 999)))
    const token = await register(app, '13700137101', { year: 2012, month: 5 })
    expect((await status(app, token)).data).toMatchObject({ under14: true, limited: 'guardian-consent', consent: null })
    clock.advance(1)
    expect((await status(app, token)).data).toMatchObject({ under14: false, limited: null })
  })
})

describe('an under-14 account without consent', () => {
  it('is limited from registration, and no public write is accepted whatever the client sends', async () => {
    const { app } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137102', TWELVE, 'DEMO2023')
    expect((await status(app, child)).data).toEqual({ birth: TWELVE, under14: true, consent: null, limited: 'guardian-consent', rulesVersion: CHILDREN_RULES_VERSION })

    const refused = { code: 200007, data: { reason: 'guardian-consent' } }
    // A recording, in either of the forms the server reads.
    expect(await upload(app, child)).toMatchObject(refused)
    // A card: shared by default, shared on purpose, or private with someone's recording.
    expect((await call(app, 'POST', '/cards', { token: child, body: { design: 'carnation', message: '妈妈节日快乐' } })).body).toMatchObject(refused)
    expect((await call(app, 'POST', '/cards', { token: child, body: { design: 'carnation', message: '妈妈节日快乐', shareable: true } })).body).toMatchObject(refused)
    expect((await call(app, 'POST', '/cards', { token: child, body: { design: 'carnation', message: 'x', shareable: false, audioId: crypto.randomUUID() } })).body).toMatchObject(refused)
    // A private card is the child's own, and stays unreachable to others; sharing it later is refused.
    const own = await call<{ id: string }>(app, 'POST', '/cards', { token: child, body: { design: 'carnation', message: '给妈妈', shareable: false } })
    expect(own.body.code).toBe(0)
    expect((await call(app, 'PUT', `/cards/${own.body.data.id}`, { token: child, body: { shareable: true } })).body).toMatchObject(refused)
    expect((await call(app, 'GET', `/cards/${own.body.data.id}`)).body.code).toBe(100001)
    // A report is made private, and sharing it is refused, alone or with other settings.
    const report = await call<{ id: string; shareable: boolean }>(app, 'POST', '/reports', { token: child, body: { year: 2023 } })
    expect(report.body.data.shareable).toBe(false)
    expect((await call(app, 'PUT', `/reports/${report.body.data.id}`, { token: child, body: { shareable: true } })).body).toMatchObject(refused)
    expect((await call(app, 'PUT', `/reports/${report.body.data.id}`, { token: child, body: { shareable: true, hidden: [] } })).body).toMatchObject(refused)
    expect((await call(app, 'GET', `/report/${report.body.data.id}`)).body.code).toBe(100001)
    // Not in the inviter's list, and not named to whoever holds the child's own code.
    const demo = await passwordLogin(app)
    expect((await call<InviteInfo>(app, 'GET', '/invite', { token: demo.token })).body.data.joined).toEqual([])
    const childCode = (await call<InviteInfo>(app, 'GET', '/invite', { token: child })).body.data.code
    expect((await call<InviteCheck>(app, 'GET', `/invite/check?code=${childCode}`)).body.data.inviterName).toBe('')
    // Reading stays open.
    expect((await call(app, 'GET', '/cards', { token: child })).body.code).toBe(0)
    expect((await call(app, 'GET', '/home/desk', { token: child })).body.code).toBe(0)
  })

  it('after the guardian consents, the same actions work; the record names the guardian and the rules version', async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137103', TWELVE, 'DEMO2023')
    const given = await consent(app, clock, child)
    expect(given.body).toMatchObject({ code: 0, data: { limited: null, consent: { rulesVersion: CHILDREN_RULES_VERSION, consentedAt: NOW + 1000, guardianPhoneTail: '5000' } } })
    const rows = await app.db.selectFrom('guardian_consents').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ guardian_phone: `+86${GUARDIAN}`, rules_version: CHILDREN_RULES_VERSION, withdrawn_at: null })
    expect(Number(rows[0]!.consented_at)).toBe(NOW + 1000)

    const up = await upload(app, child)
    expect(up.code).toBe(0)
    const card = await call<{ id: string }>(app, 'POST', '/cards', { token: child, body: { design: 'carnation', message: '妈妈节日快乐', audioId: up.data.audioId } })
    expect(card.body.code).toBe(0)
    expect((await call(app, 'GET', `/cards/${card.body.data.id}`)).body.code).toBe(0)
    const report = await call<{ id: string }>(app, 'POST', '/reports', { token: child, body: { year: 2023 } })
    expect((await call(app, 'PUT', `/reports/${report.body.data.id}`, { token: child, body: { shareable: true } })).body.code).toBe(0)
    expect((await call(app, 'GET', `/report/${report.body.data.id}`)).body.code).toBe(0)
    const demo = await passwordLogin(app)
    expect((await call<InviteInfo>(app, 'GET', '/invite', { token: demo.token })).body.data.joined.map((j) => j.name)).toEqual(['学生103'])
  })

  it("the inviter's list goes by each child's newest consent row, as the child's own limits do", async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137104', TWELVE, 'DEMO2023')
    expect((await consent(app, clock, child)).body.code).toBe(0)
    const demo = await passwordLogin(app)
    const listed = async () => (await call<InviteInfo>(app, 'GET', '/invite', { token: demo.token })).body.data.joined.map((j) => j.name)
    expect(await listed()).toEqual(['学生104'])
    const [given] = await app.db.selectFrom('guardian_consents').selectAll().execute()
    // A withdrawn row at the same moment with a lower id comes first in the newest-first order: it counts.
    await app.db.insertInto('guardian_consents').values({ ...given!, id: ' ', withdrawn_at: NOW + 2000 }).execute()
    expect((await status(app, child)).data.limited).toBe('guardian-consent')
    expect(await listed()).toEqual([])
    // A later consent counts again.
    await app.db.insertInto('guardian_consents').values({ ...given!, id: '~', consented_at: Number(given!.consented_at) + 1 }).execute()
    expect((await status(app, child)).data.limited).toBe(null)
    expect(await listed()).toEqual(['学生104'])
  })

  it('the status comes from the sign-in check alone (one query), and so does the profile\'s limited', async () => {
    const q = queryCounter()
    const { app, clock } = await makeApp({ wrapDialect: q.wrapDialect }, new FakeClock(NOW))
    const child = await register(app, '13700137105', TWELVE)
    const both = async () => {
      const st = await q.measure(() => call<GuardianStatus>(app, 'GET', '/guardian/status', { token: child }))
      expect(st.queries, st.sql.join('\n')).toBe(1)
      const profile = await call<StudentProfile>(app, 'GET', '/auth/student', { token: child })
      expect(profile.body.data.limited).toBe(st.result.body.data.limited)
      return st.result.body.data
    }
    expect(await both()).toEqual({ birth: TWELVE, under14: true, consent: null, limited: 'guardian-consent', rulesVersion: CHILDREN_RULES_VERSION })
    expect((await consent(app, clock, child)).body.code).toBe(0)
    expect(await both()).toMatchObject({ limited: null, consent: { rulesVersion: CHILDREN_RULES_VERSION, consentedAt: NOW + 1000, guardianPhoneTail: '5000' } })
  })

  it('a consent to an older version of the rules counts for nothing: the account is asked again', async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137104', TWELVE)
    expect((await consent(app, clock, child)).body.code).toBe(0)
    await app.db.updateTable('guardian_consents').set({ rules_version: '2020-01-01' }).execute()
    expect((await status(app, child)).data).toMatchObject({ consent: null, limited: 'guardian-consent' })
    expect((await call(app, 'POST', '/cards', { token: child, body: { design: 'carnation', message: 'x' } })).body.code).toBe(200007)
    // A consent sent with the old version is refused before the code is spent.
    clock.advance(61_000)
    expect((await call(app, 'POST', '/guardian/code', { token: child, body: { guardianPhone: GUARDIAN } })).body.code).toBe(0)
    const code = await outboxCode(app, GUARDIAN)
    expect((await call(app, 'POST', '/guardian/consent', { token: child, body: { guardianPhone: GUARDIAN, code, rulesVersion: '2020-01-01' } })).body).toMatchObject({ code: 100002, msg: expect.stringContaining('rulesVersion') })
    expect((await call(app, 'POST', '/guardian/consent', { token: child, body: { guardianPhone: GUARDIAN, code, rulesVersion: CHILDREN_RULES_VERSION } })).body.code).toBe(0)
  })

  it("one account's code cannot consent for another, nor the student's own number stand for a guardian", async () => {
    const { app, clock } = await makeApp({}, new FakeClock(NOW))
    const a = await register(app, '13700137105', TWELVE)
    const b = await register(app, '13700137106', TWELVE)
    await call(app, 'POST', '/guardian/code', { token: a, body: { guardianPhone: GUARDIAN } })
    const codeOfA = await outboxCode(app, GUARDIAN)
    expect((await call(app, 'POST', '/guardian/consent', { token: b, body: { guardianPhone: GUARDIAN, code: codeOfA, rulesVersion: CHILDREN_RULES_VERSION } })).body.code).toBe(200005)
    expect((await status(app, b)).data.limited).toBe('guardian-consent')
    // A sign-in code of the guardian's page is no consent either.
    clock.advance(61_000)
    await call(app, 'POST', '/guardian/signin/code', { body: { phone: GUARDIAN } })
    const signinCode = await outboxCode(app, GUARDIAN)
    expect((await call(app, 'POST', '/guardian/consent', { token: b, body: { guardianPhone: GUARDIAN, code: signinCode, rulesVersion: CHILDREN_RULES_VERSION } })).body.code).toBe(200005)
    // A's code is still A's.
    expect((await call(app, 'POST', '/guardian/consent', { token: a, body: { guardianPhone: GUARDIAN, code: codeOfA, rulesVersion: CHILDREN_RULES_VERSION } })).body.code).toBe(0)
    expect(await app.db.selectFrom('guardian_consents').select('user_id').execute()).toHaveLength(1)
    expect((await call(app, 'POST', '/guardian/code', { token: b, body: { guardianPhone: '13700137106' } })).body).toMatchObject({ code: 200009, msg: expect.stringContaining('guardianPhone') })
  })

  it('parallel consents with one code record one consent', async () => {
    const { app } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137107', TWELVE)
    await call(app, 'POST', '/guardian/code', { token: child, body: { guardianPhone: GUARDIAN } })
    const code = await outboxCode(app, GUARDIAN)
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(app, 'POST', '/guardian/consent', { token: child, body: { guardianPhone: GUARDIAN, code, rulesVersion: CHILDREN_RULES_VERSION } })))
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1)
    expect(answers.filter((a) => a.body.code === 200005)).toHaveLength(5)
    expect(await app.db.selectFrom('guardian_consents').select('id').execute()).toHaveLength(1)
  })

  it('a student of 15 is not limited and is not asked for a guardian', async () => {
    const { app } = await makeApp({}, new FakeClock(NOW))
    const teen = await register(app, '13700137108', FIFTEEN)
    expect((await status(app, teen)).data).toMatchObject({ under14: false, limited: null, consent: null })
    expect((await call(app, 'POST', '/guardian/code', { token: teen, body: { guardianPhone: GUARDIAN } })).body.code).toBe(100002)
    expect((await upload(app, teen)).code).toBe(0)
  })
})

describe('the logs', () => {
  it("hold no child's name or phone, nor the guardian's number, through registration, consent and the guardian's page", async () => {
    const lines: string[] = []
    // The SMS provider is a configured one: the console provider's line names the number by design (dev only).
    const sent: { phone: string; code: string }[] = []
    const { app, clock } = await makeApp({ logger: { level: 'info' }, logStream: { write: (l: string) => void lines.push(l) }, sms: { name: 'stub', send: async (m) => void sent.push(m) } }, new FakeClock(NOW))
    const codeOf = (phone: string) => sent.filter((m) => m.phone === `+86${phone}`).at(-1)!.code
    const phone = '13700137111'
    await call(app, 'POST', '/sms/code', { body: { username: `+86${phone}`, scene: 'login' } })
    const sms = await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${phone}`, code: codeOf(phone), isAdmin: false, ...DEVICE } })
    const done = await call<Pair>(app, 'PUT', '/auth/student/improve', { token: sms.body.data.token, body: { name: '欧阳小雪', grade: '六年级', className: '1班', orgCode: 'DEMO', birth: TWELVE } })
    const child = done.body.data.token
    await call(app, 'POST', '/guardian/code', { token: child, body: { guardianPhone: GUARDIAN } })
    clock.advance(1000)
    expect((await call(app, 'POST', '/guardian/consent', { token: child, body: { guardianPhone: GUARDIAN, code: codeOf(GUARDIAN), rulesVersion: CHILDREN_RULES_VERSION } })).body.code).toBe(0)
    clock.advance(61_000)
    await call(app, 'POST', '/guardian/signin/code', { body: { phone: GUARDIAN } })
    const signin = await call<GuardianSignin>(app, 'POST', '/guardian/signin', { body: { phone: GUARDIAN, code: codeOf(GUARDIAN) } })
    await app.inject({ method: 'GET', url: `/api/guardian/children/${signin.body.data.children[0]!.id}`, headers: { 'guardian-token': signin.body.data.token } })
    const log = lines.join('')
    expect(lines.length).toBeGreaterThan(5)
    for (const secret of ['欧阳小雪', phone, GUARDIAN, signin.body.data.token]) expect(log).not.toContain(secret)
  })
})

describe('an account from before the question', () => {
  it('is limited until it answers, answers once, and an under-14 answer makes what it shared private', async () => {
    const { app } = await makeApp({}, new FakeClock(NOW))
    const older = await register(app, '13700137109')
    expect((await status(app, older)).data).toMatchObject({ birth: null, limited: 'age-unknown' })
    expect((await call(app, 'POST', '/cards', { token: older, body: { design: 'carnation', message: 'x' } })).body).toMatchObject({ code: 200007, data: { reason: 'age-unknown' } })
    // Shared before the rule (written as it stood then).
    const report = await call<{ id: string }>(app, 'POST', '/reports', { token: older, body: { year: 2023 } })
    await app.db.updateTable('reports' as never).set({ shareable: 1 } as never).execute()
    expect((await call(app, 'GET', `/report/${report.body.data.id}`)).body.code).toBe(100001)
    expect((await call(app, 'PUT', '/guardian/birth', { token: older, body: { year: 2027, month: 1 } })).body.code).toBe(100002)
    const answered = await call<GuardianStatus>(app, 'PUT', '/guardian/birth', { token: older, body: TWELVE })
    expect(answered.body.data).toMatchObject({ birth: TWELVE, under14: true, limited: 'guardian-consent' })
    expect((await call(app, 'PUT', '/guardian/birth', { token: older, body: FIFTEEN })).body).toMatchObject({ code: 100002, msg: expect.stringContaining('already given') })
    const row = await app.db.selectFrom('reports' as never).select('shareable' as never).executeTakeFirstOrThrow()
    expect(Number((row as { shareable: number }).shareable)).toBe(0)
  })

  it('the demo student is seeded 14 or older and is not asked', async () => {
    const { app } = await makeApp({}, new FakeClock(NOW))
    const { token } = await passwordLogin(app, {}, STUDENT_PHONE)
    expect((await status(app, token)).data).toMatchObject({ birth: { year: 2008, month: 1 }, under14: false, limited: null })
  })
})

describe("the guardian's page", () => {
  it('signs in with a code, exports the child, withdraws (private again) and deletes (files gone)', async () => {
    const { app, clock, dir } = await makeApp({}, new FakeClock(NOW))
    const child = await register(app, '13700137110', TWELVE)
    expect((await consent(app, clock, child)).body.code).toBe(0)
    const studentId = (await app.db.selectFrom('students').select(['id', 'user_id']).where('name', '=', '学生110').executeTakeFirstOrThrow())
    const book = await app.db.selectFrom('books').select('id').limit(1).executeTakeFirstOrThrow()
    await app.db.insertInto('reading_records').values({ id: crypto.randomUUID(), student_id: studentId.id, book_id: book.id, read_at: NOW - 86_400_000, tz_offset_min: -480, minutes: 25, pages: 12, notes: null, shareable: 0, deleted_at: null, created_at: NOW, updated_at: NOW }).execute()
    const up = await upload(app, child)
    const card = await call<{ id: string }>(app, 'POST', '/cards', { token: child, body: { design: 'carnation', message: '妈妈节日快乐', audioId: up.data.audioId } })
    const report = await call<{ id: string }>(app, 'POST', '/reports', { token: child, body: { year: 2023 } })
    await call(app, 'PUT', `/reports/${report.body.data.id}`, { token: child, body: { shareable: true } })

    clock.advance(61_000)
    expect((await call(app, 'POST', '/guardian/signin/code', { body: { phone: GUARDIAN } })).body.code).toBe(0)
    const wrong = await call(app, 'POST', '/guardian/signin', { body: { phone: GUARDIAN, code: '000000' } })
    expect(wrong.body.code).toBe(200005)
    const signin = await call<GuardianSignin>(app, 'POST', '/guardian/signin', { body: { phone: GUARDIAN, code: await outboxCode(app, GUARDIAN) } })
    expect(signin.body.data.children).toEqual([{ id: studentId.user_id, name: '学生110', consent: 'given', summary: expect.objectContaining({ reading: expect.objectContaining({ count: 1, minutes: 25 }), cards: expect.objectContaining({ count: 1 }) }) }])
    const headers = { 'guardian-token': signin.body.data.token }
    const path = `/api/guardian/children/${studentId.user_id}`

    // Without the token, with another's, or for a child that is not theirs: nothing.
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(401)
    expect((await app.inject({ method: 'GET', url: path, headers: { 'guardian-token': 'nope' } })).statusCode).toBe(401)
    const demoUser = await app.db.selectFrom('users').select('id').where('phone', '=', `+86${STUDENT_PHONE}`).executeTakeFirstOrThrow()
    expect((await app.inject({ method: 'GET', url: `/api/guardian/children/${demoUser.id}`, headers })).json()).toMatchObject({ code: 100001 })

    const exported = await app.inject({ method: 'GET', url: path, headers })
    expect(exported.headers['content-disposition']).toContain('attachment')
    const data = exported.json() as Record<string, unknown> & { profile: { name: string; birth: unknown }; readingRecords: unknown[]; cards: { recording: string }[]; recordings: { id: string }[]; reports: { shared: boolean }[]; consents: unknown[] }
    expect(data.profile).toMatchObject({ name: '学生110', birth: TWELVE })
    expect(data.readingRecords).toEqual([expect.objectContaining({ minutes: 25, pages: 12 })])
    expect(data.cards).toEqual([expect.objectContaining({ message: '妈妈节日快乐', recording: up.data.audioId, shared: true })])
    expect(data.recordings).toEqual([expect.objectContaining({ id: up.data.audioId })])
    expect(data.reports).toEqual([expect.objectContaining({ shared: true })])
    expect(data.consents).toEqual([expect.objectContaining({ rulesVersion: CHILDREN_RULES_VERSION })])
    const recording = await app.inject({ method: 'GET', url: `${path}/recordings/${up.data.audioId}`, headers })
    expect(recording.statusCode).toBe(200)
    expect(recording.rawPayload.equals(wavFile(1500))).toBe(true)

    // Correcting the profile.
    expect((await app.inject({ method: 'PUT', url: `${path}/profile`, headers, payload: { name: '林小溪', grade: '六年级', className: '2班', ...TWELVE } })).json()).toMatchObject({ code: 0 })
    expect((await call<{ name: string }>(app, 'GET', '/auth/student', { token: child })).body.data.name).toBe('林小溪')

    // Withdrawing: limited again, the shared report and the card's link reach nobody.
    expect((await app.inject({ method: 'POST', url: `${path}/withdraw`, headers })).json()).toMatchObject({ code: 0 })
    expect((await status(app, child)).data.limited).toBe('guardian-consent')
    expect((await call(app, 'GET', `/report/${report.body.data.id}`)).body.code).toBe(100001)
    expect((await call(app, 'GET', `/cards/${card.body.data.id}`)).body.code).toBe(100001)
    expect((await app.inject({ method: 'GET', url: `/api/cards/audio/${up.data.audioId}` })).json()).toMatchObject({ code: 100001 })
    expect((await call<{ shareable: boolean }>(app, 'GET', `/reports/${report.body.data.id}`, { token: child })).body.data.shareable).toBe(false)

    // Deleting: the account ends, its files are gone.
    const files = () => (existsSync(join(dir, 'cards')) ? readdirSync(join(dir, 'cards')) : [])
    expect(files()).toHaveLength(1)
    expect((await app.inject({ method: 'POST', url: `${path}/delete`, headers })).json()).toMatchObject({ code: 0 })
    expect(files()).toHaveLength(0)
    expect((await call(app, 'GET', '/guardian/status', { token: child })).status).toBe(401)
    expect((await app.db.selectFrom('users').select('status').where('id', '=', studentId.user_id).executeTakeFirstOrThrow()).status).toBe('deleted')
    expect(await app.db.selectFrom('guardian_consents').select('id').execute()).toHaveLength(0)
  })

  it('is limited like the sign-in calls', async () => {
    const { app } = await makeApp({ limits: { authPerMinute: 3 } }, new FakeClock(NOW))
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await call(app, 'POST', '/guardian/signin', { body: { phone: GUARDIAN, code: '123456' }, ip: '10.1.2.3' })).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    // Another address is counted alone.
    expect((await call(app, 'POST', '/guardian/signin', { body: { phone: GUARDIAN, code: '123456' }, ip: '10.1.2.4' })).status).toBe(200)
    const burst = await Promise.all(Array.from({ length: 6 }, () => call(app, 'POST', '/guardian/signin/code', { body: { phone: GUARDIAN }, ip: '10.1.2.5' })))
    expect(burst.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(3)
    expect(burst.find((a) => a.status === 429)?.body).toMatchObject({ code: 100003 })
  })
})
