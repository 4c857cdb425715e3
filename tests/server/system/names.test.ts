/**
 * Text other people see must show something (src/contract/schemas/common.ts `Shown`): a name made only
 * of U+2800 (a blank Braille pattern), spaces, or characters that render blank is refused with 100002
 * naming the field, in registration, the profile and the guardian's form for a child, and in a card.
 */
import { describe, expect, it } from 'vitest'
import { SHOWN_REFUSED } from '../../../server/app'
import { PROFILE_PATH } from '../../../src/contract/api'
import { GuardianChildProfileBody } from '../../../src/contract/schemas/guardian'
import { ImproveBody, ProfileBody } from '../../../src/contract/schemas/api'
import { call, DEVICE, makeApp, passwordLogin, smsCode } from '../support/helpers'

/** Each renders blank: U+2800; spaces (ASCII, no-break, ideographic); a combining mark alone; Hangul fillers; zero-width space. */
const BLANK = ['\u2800', '\u2800\u2800\u2800', ' ', '\u00a0\u3000', '\u2800 \u2800', '\u0301', '\u3164', '\u115f', '\u200b', '\uffa0']
/** Each shows something. */
const SHOWN = ['李四', 'Ann', '7', '★', '\u2800李', 'Ann\u2800Lee', '❤️']

describe('a name that renders blank', () => {
  it('is refused with 100002 naming the field, at registration and in the profile', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const code = await smsCode(app, '13600136011')
    const temp = (await call<{ token: string }>(app, 'POST', '/login/sms', { body: { username: '13600136011', code, isAdmin: false, ...DEVICE } })).body.data.token
    for (const name of BLANK) {
      const improve = await call(app, 'PUT', '/auth/student/improve', { token: temp, body: { name, grade: '八年级', className: '1班', orgCode: 'DEMO' } })
      expect(improve.body, JSON.stringify(name)).toMatchObject({ code: 100002 })
      expect(improve.body.msg).toBe(`name: ${SHOWN_REFUSED}`)
      const profile = await call(app, 'PUT', PROFILE_PATH, { token, body: { name, grade: '八年级', className: '1班' } })
      expect(profile.body, JSON.stringify(name)).toMatchObject({ code: 100002 })
      expect(profile.body.msg).toMatch(/^name: /)
      const grade = await call(app, 'PUT', PROFILE_PATH, { token, body: { name: '张三', grade: name, className: '1班' } })
      expect(grade.body.msg).toMatch(/^grade: /)
    }
    expect((await call(app, 'PUT', '/auth/student/improve', { token: temp, body: { name: '\u2800李四', grade: '八年级', className: '1班', orgCode: 'DEMO' } })).body.code).toBe(0)
    expect((await call(app, 'PUT', PROFILE_PATH, { token, body: { name: 'Ann', grade: '八年级', className: '1班' } })).body.code).toBe(0)
  })

  it("is refused in a card's addressee and message, while an empty addressee stays allowed", async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    expect((await call(app, 'POST', '/cards', { token, body: { design: 'garden', to: '\u2800', message: 'hi' } })).body.code).toBe(100002)
    expect((await call(app, 'POST', '/cards', { token, body: { design: 'garden', message: '\u2800\n\u2800' } })).body.code).toBe(100002)
    expect((await call(app, 'POST', '/cards', { token, body: { design: 'garden', to: '', message: 'hi' } })).body.code).toBe(0)
  })

  it('is refused by every name field of the contract, the guardian form for a child included', () => {
    for (const schema of [ImproveBody, ProfileBody, GuardianChildProfileBody]) {
      const pattern = new RegExp(schema.properties.name.pattern!, 'u')
      for (const name of BLANK) expect(pattern.test(name), JSON.stringify(name)).toBe(false)
      for (const name of SHOWN) expect(pattern.test(name), JSON.stringify(name)).toBe(true)
    }
  })
})
