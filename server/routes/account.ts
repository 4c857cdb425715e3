/**
 * Calls on the signed-in account: profile, registration steps (password reset and improve, which carry
 * the temporary token), password change, logout and account deletion.
 */
import { CODE, type StudentProfile, type TokenPair } from '../../src/contract'
import { idempotent } from '../services/idempotency'
import type { Notified } from '../services/inbox'
import { ApiError, badInput, noData, passwordLocked, tokenError, wrongPassword } from '../errors'
import { hashPassword, verifyPassword } from '../services/crypto'
import { attemptKey } from '../services/failures'
import { friendMessage } from '../services/pushTexts'
import { findUser, profileOf } from '../services/users'
import { orgByCode, saveImprovedProfile, setPassword, setProfile } from '../services/account'
import { isPlausibleBirth } from '../../src/contract/guardian'
import type { ClassRequested } from '../../src/contract/teacher'
import { removeAudioFile } from '../services/cards'
import { eraseAccount } from '../services/guardian'
import { checkPassword, loginAs } from './helpers'
import type { ApiRoutes } from './provider'
import { entry } from './table'
import { requestWatchers, watchersOf } from '../services/teacher'

const routes: ApiRoutes = async (app) => {
  const o = app.config
  const authLimit = { rateLimit: { max: o.limits.authPerMinute, timeWindow: 60_000 } }

  /**
   * A student's class request is new or changed: the teachers who answer it hear so live (never throws).
   * `watchers`: whom to tell (services/teacher.ts).
   */
  const tellTeachers = async (watchers: () => Promise<{ orgCode: string; userIds: string[] }[]>): Promise<void> => {
    try {
      for (const w of await watchers()) app.inbox.live(w.userIds, { type: 'class-requested', orgCode: w.orgCode } satisfies ClassRequested)
    } catch (err) {
      app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'class request: teachers not told')
    }
  }

  // The profile, with whether the account is limited, comes from the same query as the session check (one
  // round trip per call).
  app.route({
    ...entry(app, 'student'),
    handler: async (req) => {
      const profile = profileOf(req.account!, req.auth!.orgId ?? undefined, o.clock())
      if (!profile) throw new ApiError(CODE.USER_NOT_FOUND, 'account does not exist')
      return profile satisfies StudentProfile
    },
  })

  app.route({
    ...entry(app, 'passwordReset'),
    config: authLimit,
    handler: async (req) => {
      const user = await findUser(app.db, req.auth!.sub)
      if (!user) throw tokenError(CODE.JWT_INVALID)
      if (user.password_hash !== null) throw new ApiError(CODE.PASSWORD_INVALID, 'password already set: change it with POST /auth/user/password')
      checkPassword(req.body.password)
      const hash = await hashPassword(req.body.password)
      await setPassword(app.db, user.id, hash, o.clock(), { firstOnly: true })
      app.sessions.emitChanged({ users: [user.id] })
      return noData()
    },
  })

  app.route({
    ...entry(app, 'password'),
    config: authLimit,
    handler: async (req) => {
      const auth = req.auth!
      const user = await findUser(app.db, auth.sub)
      if (!user) throw tokenError(CODE.JWT_INVALID)
      if (user.password_hash !== null) {
        if (!req.body.oldPassword) throw badInput('oldPassword', 'required to change a password')
        const key = attemptKey(user)
        const place = await app.passwordAttempts.reserve(key)
        if (!place.ok) throw passwordLocked(place.retryAfter)
        if (!(await verifyPassword(user.password_hash, req.body.oldPassword))) throw wrongPassword(place.left, 'oldPassword: does not match')
        await app.passwordAttempts.clear(key)
        if (req.body.password === req.body.oldPassword) throw badInput('password', 'must differ from the current password')
      }
      checkPassword(req.body.password)
      const hash = await hashPassword(req.body.password)
      const ended = await app.db.transaction().execute(async (trx) => {
        await setPassword(trx, user.id, hash, o.clock())
        // Other terminals signed in with the old password end; this one stays.
        return app.sessions.revokeAllForUser(trx, user.id, 'password-changed', auth.sid)
      })
      app.sessions.emitEnded(ended)
      app.sessions.emitChanged({ users: [user.id] })
      return noData()
    },
  })

  app.route({
    ...entry(app, 'improve'),
    config: authLimit,
    handler: async (req, reply) => {
      const b = req.body
      const auth = req.auth!
      const birth = b.birth
      if (birth && !isPlausibleBirth(birth, o.clock())) throw badInput('birth', 'not a month and year of birth that can be')
      const org = await orgByCode(app.db, b.orgCode)
      if (!org) throw new ApiError(CODE.ORG_NOT_IDENTIFIED, 'orgCode: no organisation has this code')
      const now = o.clock()
      let notified: Notified | undefined
      let studentId: string | undefined
      const r = await loginAs(
        app,
        reply,
        { appId: auth.app, deviceType: auth.deviceType, deviceCode: auth.deviceCode },
        async (trx) => {
          const userId = auth.sub
          const saved = await saveImprovedProfile(trx, { userId, orgId: org.id, name: b.name.trim(), grade: b.grade.trim(), className: b.className.trim(), birth, inviteCode: b.inviteCode?.trim().toUpperCase(), now })
          studentId = saved.studentId
          if (saved.inviter) notified = await app.inbox.record(trx, [saved.inviter], 'friend', friendMessage({ userId, name: b.name.trim() }))
          return userId
        },
        { replaceSessionId: auth.sid },
      )
      app.inbox.send(notified)
      const made = studentId
      if (made) await tellTeachers(() => requestWatchers(app.db, made))
      return { token: r.token, refreshToken: r.refreshToken } satisfies TokenPair
    },
  })

  // Editing the profile after registration: the session stays as it is (no new token pair), so an edit made
  // offline can wait in the app's outbox and land later; its Idempotency-Key makes a replay land once.
  app.route({
    ...entry(app, 'updateProfile'),
    handler: async (req) => {
      const acc = req.account!
      if (!acc.student) throw new ApiError(CODE.USER_NOT_FOUND, 'no profile yet: complete it first')
      const studentId = acc.student.id
      const profile = { name: req.body.name.trim(), grade: req.body.grade.trim(), className: req.body.className.trim() }
      if (!profile.name) throw badInput('name', 'is required')
      const now = o.clock()
      const saved = await idempotent(app.db, req, acc.user.id, now, async (trx) => {
        await setProfile(trx, studentId, profile, now)
        return profile
      })
      app.sessions.emitChanged({ users: [acc.user.id] })
      // Whom to tell follows from the account as the sign-in check read it, with the class just declared.
      if (profile.grade !== acc.student.grade || profile.className !== acc.student.className) {
        await tellTeachers(() => watchersOf(app.db, acc.memberships.map((m) => m.org), profile, acc.confirmedClass))
      }
      return saved
    },
  })

  app.route({
    ...entry(app, 'logout'),
    handler: async (req) => {
      // Only the caller's session ends; nobody else is kicked (docs/contract.md).
      await app.sessions.revoke(app.db, req.auth!.sid, 'logout')
      app.sessions.emitEnded([req.auth!.sid])
      return noData()
    },
  })

  // Deleting an account cannot be undone, so a borrowed unlocked phone is not enough: the password, or a
  // code just sent to the account's phone, confirms it (an account with neither has nothing to ask).
  app.route({
    ...entry(app, 'logoutCancel'),
    config: authLimit,
    handler: async (req) => {
      const user = await findUser(app.db, req.auth!.sub)
      if (!user) throw tokenError(CODE.JWT_INVALID)
      const { password, code } = req.body
      if (password !== undefined && user.password_hash) {
        const key = attemptKey(user)
        const place = await app.passwordAttempts.reserve(key)
        if (!place.ok) throw passwordLocked(place.retryAfter)
        if (!(await verifyPassword(user.password_hash, password))) throw wrongPassword(place.left, 'password: does not match')
        await app.passwordAttempts.clear(key)
      } else if (code !== undefined && user.phone) {
        await app.sms.consume(user.phone, ['login'], code)
      } else if (user.password_hash || user.phone) {
        throw badInput(user.password_hash ? 'password' : 'code', 'required to delete the account')
      }
      // Everything the account made goes with it, recordings' files too (docs/privacy.md).
      const { ended, keys, guardian } = await app.db.transaction().execute((trx) => eraseAccount(trx, app.sessions, user.id, o.clock()))
      for (const key of keys) removeAudioFile(o.dataDir, key)
      app.sessions.emitEnded(ended)
      app.sessions.emitChanged({ users: [user.id] })
      // The guardian whose consent this ends is told (docs/privacy.md); the deletion stands either way.
      if (guardian) await app.sms.notify(guardian, 'account-deleted').catch(() => false)
      return noData()
    },
  })
}

export default routes
