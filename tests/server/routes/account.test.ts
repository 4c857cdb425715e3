import { decodeJwt, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import type { StudentProfile } from '../../../src/contract'
import { call, deleteAccount, DEVICE, FakeClock, makeApp, PASSWORD, passwordLogin, smsCode, STUDENT_PHONE, TEACHER_PHONE, type Pair } from '../support/helpers'
import { queryCounter } from '../support/queries'

describe('GET /auth/student', () => {
  it('answers the user-info object of the demo student', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const r = await call<StudentProfile>(app, 'GET', '/auth/student?appId=jsj-habor', { token })
    expect(r.body.code).toBe(0)
    const p = r.body.data
    expect(p.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(p.studentId).toMatch(/^[0-9a-f-]{36}$/)
    expect(p.studentId).not.toBe(p.id)
    expect(p).toMatchObject({ name: 'Demo Student', phone: '+8613800138000', isPassword: true, inviteCode: 'DEMO2023', roleList: ['student'] })
    expect(p.org).toMatchObject({ code: 'DEMO', name: 'Demo School' })
    expect(p.orgList.map((o) => o.code)).toEqual(['DEMO', 'ACADEMY'])
    expect(p.orgRoleList).toEqual(['DEMO:student', 'ACADEMY:student'])
    expect(p.permList.length).toBeGreaterThan(0)
    // Seeded 14 or older: not limited.
    expect(p).toMatchObject({ limited: null, birthKnown: true })
  })

  it('says whether the account is limited and its birth known, in one query with the sign-in check', async () => {
    const q = queryCounter()
    // 2026-03-10 in China: 张小明 (born 2014-03) is under 14 without a consent; 李老师 is staff, with no birth given.
    const { app } = await makeApp({ wrapDialect: q.wrapDialect }, new FakeClock(Date.UTC(2026, 2, 10, 4)))
    const profile = async (phone: string) => {
      const { token } = await passwordLogin(app, { deviceCode: phone }, phone)
      const m = await q.measure(() => call<StudentProfile>(app, 'GET', '/auth/student', { token }))
      expect(m.queries, m.sql.join('\n')).toBe(1)
      return m.result.body.data
    }
    expect(await profile(STUDENT_PHONE)).toMatchObject({ limited: null, birthKnown: true })
    expect(await profile('13700137601')).toMatchObject({ name: '张小明', limited: 'guardian-consent', birthKnown: true })
    expect(await profile(TEACHER_PHONE)).toMatchObject({ limited: null, birthKnown: false })
    // A student who never gave a birth month is limited for it.
    await app.db.updateTable('students').set({ birth_year: null, birth_month: null }).where('name', '=', 'Demo Student').execute()
    expect(await profile(STUDENT_PHONE)).toMatchObject({ limited: 'age-unknown', birthKnown: false })
  })

  it('honours Org-ID and Student-ID and refuses foreign ones', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const p = (await call<StudentProfile>(app, 'GET', '/auth/student', { token })).body.data
    const academy = p.orgList.find((o) => o.code === 'ACADEMY')!
    const switched = await call<StudentProfile>(app, 'GET', '/auth/student', { token, headers: { 'Org-ID': academy.id, 'Student-ID': p.studentId } })
    expect(switched.body.data.org).toEqual(academy)

    // An org the account does not belong to: the other demo account's is a real org, just not ours.
    const foreignOrg = await call(app, 'GET', '/auth/student', { token, headers: { 'Org-ID': crypto.randomUUID() } })
    expect(foreignOrg.status).toBe(200)
    expect(foreignOrg.body.code).toBe(200006)
    const other = await call(app, 'GET', '/auth/student', { token, headers: { 'Student-ID': crypto.randomUUID() } })
    expect(other.body.code).toBe(200004)

    // A real org that is not one of this account's (the SMS-only demo account is only in DEMO).
    const sms = await call<Pair>(app, 'POST', '/login/sms', { body: { username: '13900139000', code: await smsCode(app, '13900139000'), isAdmin: false, ...DEVICE } })
    expect((await call(app, 'GET', '/auth/student', { token: sms.body.data.token, headers: { 'Org-ID': academy.id } })).body.code).toBe(200006)
  })
})

// The profile and the Org-ID/Student-ID checks read the session in the same query as the account: these
// pin that the joined read still refuses an ended session on the very next call.
describe('GET /auth/student reads the session on every call', () => {
  const withOrg = async (app: Parameters<typeof call>[0], token: string) => {
    const p = (await call<StudentProfile>(app, 'GET', '/auth/student', { token })).body.data
    return { 'Org-ID': p.org!.id, 'Student-ID': p.studentId }
  }

  it('refuses a logged-out session right after /logout, with and without the org headers', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const headers = await withOrg(app, token)
    expect((await call(app, 'GET', '/auth/student', { token, headers })).body.code).toBe(0)
    expect((await call(app, 'POST', '/logout', { token, body: { deviceType: DEVICE.deviceType, appId: DEVICE.appId } })).body.code).toBe(0)
    for (const h of [undefined, headers]) {
      const r = await call(app, 'GET', '/auth/student', { token, headers: h })
      expect(r.status).toBe(401)
      expect(r.body.code).toBe(300002)
    }
    expect((await call(app, 'GET', '/home/desk', { token, headers })).body.code).toBe(300002)
  })

  it('refuses a kicked session as soon as another terminal signs in', async () => {
    const { app } = await makeApp()
    const old = await passwordLogin(app)
    const headers = await withOrg(app, old.token)
    const fresh = await passwordLogin(app, { deviceCode: 'device-b' })
    for (const h of [undefined, headers]) expect((await call(app, 'GET', '/auth/student', { token: old.token, headers: h })).body.code).toBe(300002)
    expect((await call(app, 'GET', '/auth/student', { token: fresh.token, headers })).body.code).toBe(0)
  })

  it("refuses a validly signed token whose subject is not its session's account", async () => {
    const { app } = await makeApp()
    const me = await passwordLogin(app)
    const sms = await call<Pair>(app, 'POST', '/login/sms', { body: { username: '13900139000', code: await smsCode(app, '13900139000'), isAdmin: false, ...DEVICE } })
    const other = decodeJwt(sms.body.data.token)
    const { sid, app: appId, deviceType, deviceCode, exp } = decodeJwt(me.token)
    const forged = await new SignJWT({ sid, app: appId, deviceType, deviceCode })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(other.sub!)
      .setIssuedAt()
      .setExpirationTime(exp!)
      .sign(new TextEncoder().encode('test-jwt-secret'))
    for (const headers of [undefined, { 'Org-ID': crypto.randomUUID() }]) expect((await call(app, 'GET', '/auth/student', { token: forged, headers })).status).toBe(401)
    expect((await call(app, 'POST', '/logout', { token: forged, body: { deviceType: DEVICE.deviceType, appId: DEVICE.appId } })).status).toBe(401)
  })

  it('lists the memberships primary first, then by joining time, then by org code', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const p = (await call<StudentProfile>(app, 'GET', '/auth/student', { token })).body.data
    const academy = await app.db.selectFrom('memberships').innerJoin('orgs', 'orgs.id', 'memberships.org_id').select('memberships.created_at').where('orgs.code', '=', 'ACADEMY').where('student_id', '=', p.studentId).executeTakeFirstOrThrow()
    for (const code of ['ZETA', 'ALPHA']) {
      const id = crypto.randomUUID()
      await app.db.insertInto('orgs').values({ id, code, name: code, created_at: 0 }).execute()
      await app.db.insertInto('memberships').values({ student_id: p.studentId, org_id: id, roles: '["reader"]', perms: '[]', is_primary: 0, created_at: academy.created_at - 1 }).execute()
    }
    const again = (await call<StudentProfile>(app, 'GET', '/auth/student', { token })).body.data
    expect(again.orgList.map((o) => o.code)).toEqual(['DEMO', 'ALPHA', 'ZETA', 'ACADEMY'])
    expect(again.org?.code).toBe('DEMO')
    expect(again.orgRoleList).toEqual(['DEMO:student', 'ALPHA:reader', 'ZETA:reader', 'ACADEMY:student'])
  })

  it('answers a profile without memberships or invitation code (the outer joins find nothing)', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const before = (await call<StudentProfile>(app, 'GET', '/auth/student', { token })).body.data
    await app.db.deleteFrom('memberships').where('student_id', '=', before.studentId).execute()
    await app.db.deleteFrom('invite_codes').where('owner_user_id', '=', before.id).execute()
    const p = (await call<StudentProfile>(app, 'GET', '/auth/student', { token })).body.data
    expect(p).toMatchObject({ id: before.id, studentId: before.studentId, name: 'Demo Student', org: null, orgList: [], roleList: [], orgRoleList: [], permList: [], inviteCode: null, isPassword: true })
    expect((await call(app, 'GET', '/auth/student', { token, headers: { 'Org-ID': before.org!.id } })).body.code).toBe(200006)
    expect((await call(app, 'GET', '/auth/student', { token, headers: { 'Student-ID': before.studentId } })).body.code).toBe(0)
  })
})

describe('POST /logout/cancel (account deletion)', () => {
  it('asks for the password or a new SMS code, and a wrong one deletes nothing', async () => {
    const { app, clock } = await makeApp()
    const me = await passwordLogin(app)
    expect((await call(app, 'POST', '/logout/cancel', { token: me.token, body: {} })).body).toMatchObject({ code: 100002, msg: 'password: required to delete the account' })
    expect((await call(app, 'POST', '/logout/cancel', { token: me.token, body: { password: 'Wrong-pass1' } })).body).toMatchObject({ code: 200002 })
    expect((await call(app, 'POST', '/logout/cancel', { token: me.token, body: { code: '000000' } })).body.code).toBe(200005)
    expect((await call(app, 'GET', '/auth/student?appId=jsj-habor', { token: me.token })).body.code).toBe(0)
    expect((await deleteAccount(app, me.token, { phone: STUDENT_PHONE, clock })).body.code).toBe(0)
    expect((await call(app, 'GET', '/auth/student?appId=jsj-habor', { token: me.token })).status).toBe(401)
  })

  it('removes personal data, revokes every session and frees the phone', async () => {
    const { app, clock } = await makeApp()
    const other = await passwordLogin(app, { deviceType: 'mobile', deviceCode: 'p1' })
    const me = await passwordLogin(app)
    const id = (await call<StudentProfile>(app, 'GET', '/auth/student', { token: me.token })).body.data.id
    expect((await deleteAccount(app, me.token, { password: PASSWORD })).body).toEqual({ code: 0, msg: 'success', data: null })

    expect((await call(app, 'GET', '/auth/student', { token: me.token })).status).toBe(401)
    expect((await call(app, 'GET', '/auth/student', { token: other.token })).status).toBe(401)
    expect((await call(app, 'GET', '/refresh', { token: other.refreshToken })).status).toBe(401)
    expect((await call(app, 'POST', '/login', { body: { username: STUDENT_PHONE, password: PASSWORD, ...DEVICE } })).body.code).toBe(200002)

    const user = await app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(user).toMatchObject({ phone: null, password_hash: null, status: 'deleted' })
    expect(await app.db.selectFrom('students').selectAll().where('user_id', '=', id).execute()).toEqual([])
    expect(await app.db.selectFrom('oauth_identities').selectAll().where('user_id', '=', id).execute()).toEqual([])
    expect(await app.db.selectFrom('invite_codes').selectAll().where('owner_user_id', '=', id).execute()).toEqual([])

    // The phone registers again as a brand-new account.
    clock.advance(61_000)
    const reg = await call<{ isReg: boolean }>(app, 'POST', '/login/sms', { body: { username: STUDENT_PHONE, code: await smsCode(app, STUDENT_PHONE, 'register'), isAdmin: false, ...DEVICE } })
    expect(reg.body).toMatchObject({ code: 0, data: { isReg: true, isPassword: false } })
  })

  it('needs a token', async () => {
    const { app } = await makeApp()
    expect((await call(app, 'POST', '/logout/cancel')).status).toBe(401)
  })
})

describe('disabled accounts', () => {
  it('cannot sign in (200003) and their tokens stop working', async () => {
    const { app } = await makeApp()
    const pair = await passwordLogin(app)
    await app.db.updateTable('users').set({ status: 'disabled' }).where('phone', '=', '+8613800138000').execute()
    expect((await call(app, 'POST', '/login', { body: { username: STUDENT_PHONE, password: PASSWORD, ...DEVICE } })).body.code).toBe(200003)
    expect((await call(app, 'GET', '/auth/student', { token: pair.token })).status).toBe(401)
    expect((await call(app, 'GET', '/refresh', { token: pair.refreshToken })).status).toBe(401)
  })
})

describe('PUT /auth/student/improve on a complete profile', () => {
  it('edits the profile and answers a new pair, but adds no organisation; needs a token', async () => {
    const { app } = await makeApp()
    const sms = await call<Pair>(app, 'POST', '/login/sms', { body: { username: '13900139000', code: await smsCode(app, '13900139000'), isAdmin: false, ...DEVICE } })
    // A finished account joins no other organisation by registering again (docs/security.md, "Class membership").
    const other = await call<Pair>(app, 'PUT', '/auth/student/improve', { token: sms.body.data.token, body: { name: 'Renamed', grade: 'Grade 9', className: 'Class 5', orgCode: 'ACADEMY', inviteCode: 'DEMO2023' } })
    expect(other.body.code).toBe(200006)
    const r = await call<Pair>(app, 'PUT', '/auth/student/improve', { token: sms.body.data.token, body: { name: 'Renamed', grade: 'Grade 9', className: 'Class 5', orgCode: 'DEMO', inviteCode: 'DEMO2023' } })
    expect(r.body.code).toBe(0)
    const p = (await call<StudentProfile>(app, 'GET', '/auth/student', { token: r.body.data.token })).body.data
    expect(p).toMatchObject({ name: 'Renamed', grade: 'Grade 9', className: 'Class 5', org: { code: 'DEMO' } })
    expect(p.orgList.map((o) => o.code)).toEqual(['DEMO'])
    expect((await call(app, 'PUT', '/auth/student/improve', { body: { name: 'x', grade: 'x', className: 'x', orgCode: 'DEMO' } })).status).toBe(401)
    expect((await call(app, 'PUT', '/auth/student/improve', { token: r.body.data.token, body: { name: '', grade: 'x', className: 'x', orgCode: 'DEMO' } })).body).toMatchObject({ code: 100002, msg: expect.stringContaining('name') })
  })
})

describe('PUT /auth/student/profile (an edit after registration, which the outbox may replay)', () => {
  it('changes the name, grade and class and keeps the session', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const r = await call(app, 'PUT', '/auth/student/profile', { token, body: { name: ' 王小明 ', grade: '八年级', className: '3班' } })
    expect(r.body).toMatchObject({ code: 0, data: { name: '王小明', grade: '八年级', className: '3班' } })
    const me = await call<StudentProfile>(app, 'GET', '/auth/student', { token })
    expect(me.body.code).toBe(0)
    expect(me.body.data).toMatchObject({ name: '王小明', grade: '八年级', className: '3班' })
  })

  it('ten replays of one key at once write once and answer alike; a later edit with a new key applies', async () => {
    const { app, clock } = await makeApp()
    const { token } = await passwordLogin(app)
    const send = (name: string, key: string) => call(app, 'PUT', '/auth/student/profile', { token, headers: { 'idempotency-key': key }, body: { name, grade: '七年级', className: '2班' } })
    const answers = await Promise.all(Array.from({ length: 10 }, () => send('第一次', 'profile-key-0001')))
    expect(answers.map((a) => a.body)).toEqual(answers.map(() => ({ code: 0, msg: 'success', data: { name: '第一次', grade: '七年级', className: '2班' } })))
    clock.advance(1000)
    expect((await send('第二次', 'profile-key-0002')).body.code).toBe(0)
    // The first key replayed late answers what it answered; it does not undo the later edit.
    expect((await send('第一次', 'profile-key-0001')).body.data).toMatchObject({ name: '第一次' })
    expect((await call<StudentProfile>(app, 'GET', '/auth/student', { token })).body.data.name).toBe('第二次')
    // The same key with another body is refused, coded.
    expect((await send('别的', 'profile-key-0001')).status).toBe(422)
  })

  it('refuses bad input with a coded error and changes nothing', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    for (const body of [{ name: '', grade: '七年级', className: '2班' }, { name: '\u202Eevil', grade: '七年级', className: '2班' }, { name: 'x'.repeat(33), grade: '七年级', className: '2班' }, { name: '   ', grade: '七年级', className: '2班' }, { grade: '七年级' }]) {
      expect((await call(app, 'PUT', '/auth/student/profile', { token, body })).body.code, JSON.stringify(body)).toBe(100002)
    }
    expect((await call(app, 'PUT', '/auth/student/profile', { body: { name: 'a', grade: 'b', className: 'c' } })).status).toBe(401)
    expect((await call<StudentProfile>(app, 'GET', '/auth/student', { token })).body.data.name).toBe('Demo Student')
  })
})
