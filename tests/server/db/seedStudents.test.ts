/**
 * seedStudents (server/db/seed.ts), the morning bench's accounts (docs/cluster.md "Sizing for a million
 * students"): each signs in by SMS code, as the bench does, and opens Home with its school and confirmed class.
 */
import { describe, expect, it } from 'vitest'
import { seedStudents } from '../../../server/db/seed'
import { call, DEVICE, makeApp, smsCode } from '../support/helpers'

describe('seedStudents', () => {
  it('writes students of one organisation who sign in by SMS code and open Home, in batches past the first', async () => {
    const { app, clock } = await makeApp()
    await seedStudents(app.db, clock.now(), { count: 260, firstPhone: 15_800_000_000, org: { code: 'MORNING', name: 'Morning School' } })

    for (const i of [0, 259]) {
      const phone = String(15_800_000_000 + i)
      const code = await smsCode(app, phone)
      const login = await call<{ token: string; isReg: boolean; isPassword: boolean }>(app, 'POST', '/login/sms', { body: { username: phone, code, ...DEVICE, deviceCode: `seed-${i}` } })
      expect(login.body.code).toBe(0)
      expect(login.body.data).toMatchObject({ isReg: false, isPassword: false })
      const { token } = login.body.data
      const profile = await call<{ orgList: { id: string; code: string }[]; className: string }>(app, 'GET', '/auth/student?appId=jsj-habor', { token })
      expect(profile.body.data.orgList.map((o) => o.code)).toEqual(['MORNING'])
      expect(profile.body.data.className).toBe(`${Math.floor(i / 40) + 1}班`)
      const desk = await call(app, 'GET', '/home/desk', { token, headers: { 'org-id': profile.body.data.orgList[0]!.id } })
      expect(desk.body.code).toBe(0)
    }
    const count = await app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('phone', 'like', '+86158%').executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(260)
  })
})
