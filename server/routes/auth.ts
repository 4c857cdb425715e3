/**
 * Sign-in calls: /login, /login/sms, /login/oauth, /login/wx/mp, /login/oauth/binding, /refresh,
 * /sms/code, /auth/user/forget and /oauth/url. None needs a stored token; binding carries the
 * temporary token of the OAuth / WX-MP login.
 */
import { CODE, type OauthLoginData, type SmsCodeData, type SmsLoginData, type TokenPair } from '../../src/contract'
import type { RouteName } from '../../src/contract/routes'
import { ApiError, badInput, noData, passwordLocked, tokenError, wrongPassword } from '../errors'
import { acceptedOrigin } from '../origins'
import { bearerOf, sendTokens } from '../plugins/auth'
import { hashPassword, verifyPassword } from '../services/crypto'
import { attemptKey } from '../services/failures'
import type { Trx } from '../services/sessions'
import { createUser, findOrCreateByPhone, findUser, findUserByPhone, hasProfile } from '../services/users'
import { clientKey } from '../plugins/rateLimit'
import { identityOwner, linkIdentity, mergeShell, setPassword, setPhone } from '../services/account'
import { checkDevice, checkPassword, loginAs, phoneOf } from './helpers'
import type { ApiRoutes } from './provider'
import { entry, type EntryHandler } from './table'

const routes: ApiRoutes = async (app) => {
  const o = app.config
  const authLimit = { rateLimit: { max: o.limits.authPerMinute, timeWindow: 60_000 } }
  const attempts = app.passwordAttempts
  /** Every call here is rate-limited per client as a sign-in call (docs/security.md). */
  const signInRoute = <K extends RouteName>(name: K, handler: EntryHandler<K>) => app.route({ ...entry(app, name), config: authLimit, handler })

  signInRoute('login', async (req, reply) => {
    const b = req.body
    checkDevice(app, b)
    const phone = phoneOf(b.username)
    const user = await findUserByPhone(app.db, phone)
    // The window is reserved before the slow check and keyed by the number, so parallel tries cannot
    // outrun it and an unknown number is answered exactly like a known one with a wrong password.
    const key = attemptKey(user, phone)
    const place = await attempts.reserve(key)
    if (!place.ok) throw passwordLocked(place.retryAfter)
    const ok = await verifyPassword(user?.password_hash ?? null, b.password)
    if (!user || !ok) throw wrongPassword(place.left)
    await attempts.clear(key)
    const r = await loginAs(app, reply, { appId: b.appId, deviceType: b.deviceType, deviceCode: b.deviceCode }, async () => user.id)
    return { token: r.token, refreshToken: r.refreshToken } satisfies TokenPair
  })

  signInRoute('loginSms', async (req, reply) => {
    const b = req.body
    checkDevice(app, b)
    const phone = phoneOf(b.username)
    await app.sms.consume(phone, ['login', 'register'], b.code)
    const r = await loginAs(app, reply, b, (trx) => findOrCreateByPhone(trx, o.clock(), phone))
    return { isReg: r.isReg, isPassword: r.isPassword, token: r.token, refreshToken: r.refreshToken } satisfies SmsLoginData
  })

  /** Linked identity → its account; otherwise a new account without phone that Bind completes. */
  const viaIdentity = (provider: string, subject: string) => async (trx: Trx) => {
    const linked = await identityOwner(trx, provider, subject)
    if (linked) return linked
    const userId = await createUser(trx, o.clock(), null)
    await linkIdentity(trx, provider, subject, userId, o.clock())
    return userId
  }

  signInRoute('loginOauth', async (req, reply) => {
    const b = req.body
    checkDevice(app, b)
    const id = await app.oauth.exchange(b.payload)
    const r = await loginAs(app, reply, b, viaIdentity(id.provider, id.subject))
    return r satisfies OauthLoginData
  })

  signInRoute('loginWxMp', async (req, reply) => {
    const b = req.body
    checkDevice(app, b)
    const { openid } = await app.wechat.codeToSession(b.payload)
    const r = await loginAs(app, reply, b, viaIdentity(app.wechat.providerKey, openid))
    return { isReg: r.isReg, isPassword: r.isPassword, isPhone: r.isPhone, token: r.token, refreshToken: r.refreshToken } satisfies OauthLoginData
  })

  signInRoute('loginOauthBinding', async (req, reply) => {
    const b = req.body
    checkDevice(app, b)
    const phone = phoneOf(b.username)
    const auth = req.auth!
    const caller = await findUser(app.db, auth.sub)
    if (!caller) throw tokenError(CODE.JWT_INVALID)
    if (caller.phone && caller.phone !== phone) throw new ApiError(CODE.USER_EXISTS, 'this account already has a phone')
    await app.sms.consume(phone, ['bind', 'login'], b.payload)
    const r = await loginAs(
      app,
      reply,
      b,
      async (trx) => {
        const owner = await findUserByPhone(trx, phone)
        if (!owner || owner.id === caller.id) {
          await setPhone(trx, caller.id, phone, o.clock())
          return caller.id
        }
        // The phone already has an account: the identity joins it, and the empty shell made at OAuth login goes.
        if (caller.password_hash !== null || (await hasProfile(trx, caller.id))) throw new ApiError(CODE.USER_EXISTS, 'this phone belongs to another account')
        await mergeShell(trx, caller.id, owner.id)
        return owner.id
      },
      { replaceSessionId: auth.sid },
    )
    return r satisfies OauthLoginData
  })

  signInRoute('refresh', async (req, reply) => {
    const token = bearerOf(req)
    if (!token) throw tokenError(CODE.JWT_UNAUTHORIZED)
    return sendTokens(reply, await app.sessions.rotate(token)) satisfies TokenPair
  })

  signInRoute('smsCode', async (req) => {
    const { scene } = req.body
    const phone = phoneOf(req.body.username)
    const user = await findUserByPhone(app.db, phone)
    // An unknown and a known number get the same answer; only the message tells them apart, and only the
    // number's owner reads it (docs/security.md "Answers that do not tell who has an account").
    const note = scene === 'forget' && !user ? 'no-account' : scene === 'register' && user ? 'has-account' : undefined
    return (await app.sms.send(phone, scene, clientKey(app, req), note)) satisfies SmsCodeData
  })

  signInRoute('forget', async (req) => {
    const b = req.body
    checkDevice(app, b)
    // Before the code is spent: a refused password leaves the code for the next try.
    checkPassword(b.payload.password, 'payload.password')
    const phone = phoneOf(b.username)
    // The code first: a number without an account never got one (POST /sms/code), so it is refused like
    // a wrong code (200005), and only someone holding the number's messages learns more.
    await app.sms.consume(phone, ['forget'], b.payload.code)
    const user = await findUserByPhone(app.db, phone)
    if (!user) throw new ApiError(CODE.USER_NOT_FOUND)
    const hash = await hashPassword(b.payload.password)
    const ended = await app.db.transaction().execute(async (trx) => {
      await setPassword(trx, user.id, hash, o.clock())
      return app.sessions.revokeAllForUser(trx, user.id, 'password-reset')
    })
    app.sessions.emitEnded(ended)
    await attempts.clear(attemptKey(user, phone))
    return noData()
  })

  signInRoute('oauthUrl', async (req) => {
    let redirect: URL
    try {
      redirect = new URL(req.query.redirectUri)
    } catch {
      throw badInput('redirectUri', 'not an absolute URL')
    }
    if (!/^https?:$/.test(redirect.protocol) || redirect.pathname !== '/login' || redirect.search || redirect.hash) throw badInput('redirectUri', 'must be <origin>/login')
    const origin = acceptedOrigin(app, req)
    if (!origin) throw new ApiError(CODE.PARAM_INVALID, 'host: not served here', 421)
    return app.oauth.authorizationUrl(origin, redirect.href)
  })
}

export default routes
