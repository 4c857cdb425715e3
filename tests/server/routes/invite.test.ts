/** Invitations: my code and list, linking at registration, and the public code check. */
import { describe, expect, it } from 'vitest'
import type { InviteCheck, InviteInfo } from '../../../src/contract/invite'
import { call, deleteAccount, makeApp, PASSWORD, passwordLogin, smsCode, DEVICE, SMS_ONLY_PHONE, type Pair } from '../support/helpers'
import { accountRereads, queryCounter } from '../support/queries'

async function register(app: Awaited<ReturnType<typeof makeApp>>['app'], phone: string, name: string, inviteCode?: string, birth = { year: 2008, month: 6 }): Promise<Pair> {
  const code = await smsCode(app, phone)
  const sms = await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${phone}`, code, isAdmin: false, ...DEVICE } })
  const done = await call<Pair>(app, 'PUT', '/auth/student/improve', { token: sms.body.data.token, body: { name, grade: 'Grade 7', className: 'Class 1', orgCode: 'DEMO', birth, ...(inviteCode ? { inviteCode } : {}) } })
  expect(done.body.code).toBe(0)
  return done.body.data
}

describe('GET /invite', () => {
  it('needs a login', async () => {
    const { app } = await makeApp()
    const r = await call(app, 'GET', '/invite')
    expect(r.status).toBe(401)
    expect(r.body.code).toBe(300001)
  })

  it('gives the demo student DEMO2023, its link and an empty list', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const r = await call<InviteInfo>(app, 'GET', '/invite', { token })
    expect(r.body).toMatchObject({ code: 0, data: { code: 'DEMO2023', path: '/login?invite=DEMO2023', joined: [] } })
  })

  it('lists who joined with the code at registration, newest first; an unknown code never blocks registration', async () => {
    const { app, clock } = await makeApp()
    await register(app, '13700137001', 'Li Lei', 'demo2023')
    clock.advance(60_000)
    await register(app, '13700137002', 'Han Meimei', ' DEMO2023 ')
    clock.advance(60_000)
    const stranger = await register(app, '13700137003', 'Wang Fang', 'NOSUCHCODE')
    const { token } = await passwordLogin(app)
    const r = await call<InviteInfo>(app, 'GET', '/invite', { token })
    expect(r.body.data.joined.map((j) => j.name)).toEqual(['Han Meimei', 'Li Lei'])
    expect(r.body.data.joined[0]!.joinedAt).toBe(r.body.data.joined[1]!.joinedAt + 60_000)
    // The one with the unknown code registered and has its own code, with nobody in its list.
    const own = await call<InviteInfo>(app, 'GET', '/invite', { token: stranger.token })
    expect(own.body.data.code).toMatch(/^[A-Z2-9]{8}$/)
    expect(own.body.data.joined).toEqual([])
  })

  it('keeps a deleted invitee in the count without the name', async () => {
    const { app, clock } = await makeApp()
    const pair = await register(app, '13700137004', 'Zhao Min', 'DEMO2023')
    expect((await deleteAccount(app, pair.token, { phone: '13700137004', clock })).body.code).toBe(0)
    const { token } = await passwordLogin(app)
    const r = await call<InviteInfo>(app, 'GET', '/invite', { token })
    expect(r.body.data.joined).toEqual([{ name: '', joinedAt: expect.any(Number) }])
  })

  // On PostgreSQL each query is a round trip: the sign-in check's, then one read of the list with what the
  // limited rule needs of each invitee (docs/privacy.md).
  it('costs 2 round trips with invitees, and reads nothing of the account again', async () => {
    const q = queryCounter()
    const { app, clock } = await makeApp({ wrapDialect: q.wrapDialect })
    await register(app, '13700137005', 'Li Lei', 'DEMO2023')
    clock.advance(60_000)
    // Under 14 without a guardian's consent: limited, so in nobody's list.
    await register(app, '13700137006', 'Xiao Hong', 'DEMO2023', { year: new Date(clock.now()).getUTCFullYear() - 10, month: 1 })
    // A member of two organisations is listed once.
    const academy = await app.db.selectFrom('orgs').select('id').where('code', '=', 'ACADEMY').executeTakeFirstOrThrow()
    const li = await app.db.selectFrom('students').select('id').where('name', '=', 'Li Lei').executeTakeFirstOrThrow()
    await app.db.insertInto('memberships').values({ student_id: li.id, org_id: academy.id, roles: '["student"]', perms: '[]', is_primary: 0, created_at: clock.now() }).execute()
    const { token } = await passwordLogin(app)
    const me = await app.db.selectFrom('students').select(['id', 'user_id']).where('name', '=', 'Demo Student').executeTakeFirstOrThrow()
    const m = await q.measure(() => call<InviteInfo>(app, 'GET', '/invite', { token }))
    expect(m.result.body.data).toMatchObject({ code: 'DEMO2023', joined: [{ name: 'Li Lei' }] })
    expect(m.result.body.data.joined).toHaveLength(1)
    expect(m.depth, m.sql.join('\n')).toBeLessThanOrEqual(2)
    expect(m.queries, m.sql.join('\n')).toBeLessThanOrEqual(2)
    expect(accountRereads(m, [me.id, me.user_id])).toEqual([])
  })

  it('creates a code on first visit for a complete profile that has none, in the same 2 round trips', async () => {
    const q = queryCounter()
    const { app } = await makeApp({ wrapDialect: q.wrapDialect })
    const code = await smsCode(app, SMS_ONLY_PHONE)
    const login = await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${SMS_ONLY_PHONE}`, code, isAdmin: false, ...DEVICE } })
    const m = await q.measure(() => call<InviteInfo>(app, 'GET', '/invite', { token: login.body.data.token }))
    expect(m.depth, m.sql.join('\n')).toBeLessThanOrEqual(2)
    const first = m.result
    const again = await call<InviteInfo>(app, 'GET', '/invite', { token: login.body.data.token })
    expect(first.body.data.code).toMatch(/^[A-Z2-9]{8}$/)
    expect(again.body.data.code).toBe(first.body.data.code)
  })
})

describe('GET /invite/check', () => {
  it('names the inviter of a known code, in any case, with the organisation the friend will join', async () => {
    const { app } = await makeApp()
    const r = await call<InviteCheck>(app, 'GET', '/invite/check?code=demo2023')
    expect(r.body).toMatchObject({ code: 0 })
    expect(r.body.data).toEqual({ code: 'DEMO2023', inviterName: 'Demo Student', org: { code: 'DEMO', name: 'Demo School' } })
  })

  it('answers 100001 with a clear message for an unknown code or one whose owner left', async () => {
    const { app } = await makeApp()
    const unknown = await call(app, 'GET', '/invite/check?code=NOSUCH')
    expect(unknown.body).toMatchObject({ code: 100001, msg: 'invitation code not found or no longer valid' })
    const { token } = await passwordLogin(app)
    expect((await deleteAccount(app, token, { password: PASSWORD })).body.code).toBe(0)
    expect((await call(app, 'GET', '/invite/check?code=DEMO2023')).body.code).toBe(100001)
  })

  it('refuses a missing code as bad input', async () => {
    const { app } = await makeApp()
    const r = await call(app, 'GET', '/invite/check')
    expect(r.body.code).toBe(100002)
    expect(r.body.msg).toMatch(/code/)
  })
})
