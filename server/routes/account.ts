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
import { STUDENT_PERMS, STUDENT_ROLES, findUser, newInviteCode, profileOf } from '../services/users'
import { isPlausibleBirth } from '../../src/contract/guardian'
import type { ClassRequested } from '../../src/contract/teacher'
import { removeAudioFile } from '../services/cards'
import { eraseAccount } from '../services/guardian'
import { checkPassword, loginAs } from './helpers'
import type { ApiRoutes } from './provider'
import { entry } from './table'
import { requestWatchers } from '../services/teacher'

const routes: ApiRoutes = async (app) => {
  const o = app.config
  const authLimit = { rateLimit: { max: o.limits.authPerMinute, timeWindow: 60_000 } }

  /** A student's class request is new or changed: the teachers who answer it hear so live (never throws). */
  const tellTeachers = async (userId: string): Promise<void> => {
    try {
      const student = await app.db.selectFrom('students').select('id').where('user_id', '=', userId).executeTakeFirst()
      if (!student) return
      for (const w of await requestWatchers(app.db, student.id)) app.inbox.live(w.userIds, { type: 'class-requested', orgCode: w.orgCode } satisfies ClassRequested)
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
      await app.db.updateTable('users').set({ password_hash: hash, updated_at: o.clock() }).where('id', '=', user.id).where('password_hash', 'is', null).execute()
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
        await trx.updateTable('users').set({ password_hash: hash, updated_at: o.clock() }).where('id', '=', user.id).execute()
        // Other terminals signed in with the old password end; this one stays.
        return app.sessions.revokeAllForUser(trx, user.id, 'password-changed', auth.sid)
      })
      app.sessions.emitEnded(ended)
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
      const org = await app.db.selectFrom('orgs').select(['id']).where('code', '=', b.orgCode.trim().toUpperCase()).executeTakeFirst()
      if (!org) throw new ApiError(CODE.ORG_NOT_IDENTIFIED, 'orgCode: no organisation has this code')
      const now = o.clock()
      let notified: Notified | undefined
      const r = await loginAs(
        app,
        reply,
        { appId: auth.app, deviceType: auth.deviceType, deviceCode: auth.deviceCode },
        async (trx) => {
          const userId = auth.sub
          const existing = await trx.selectFrom('students').select('id').where('user_id', '=', userId).executeTakeFirst()
          let studentId = existing?.id
          if (studentId) {
            await trx.updateTable('students').set({ name: b.name.trim(), grade: b.grade.trim(), class_name: b.className.trim(), updated_at: now }).where('id', '=', studentId).execute()
            // The birth is given once; afterwards only a guardian corrects it (routes/guardian.ts).
            if (birth) await trx.updateTable('students').set({ birth_year: birth.year, birth_month: birth.month, birth_declared_by: 'student', birth_declared_at: now }).where('id', '=', studentId).where('birth_year', 'is', null).execute()
          } else {
            // The app sends the month and year of birth with a new profile (docs/privacy.md); without them (an
            // older app) the account is limited like one from before the question, and asked at its next start.
            studentId = crypto.randomUUID()
            await trx
              .insertInto('students')
              .values({ id: studentId, user_id: userId, name: b.name.trim(), grade: b.grade.trim(), class_name: b.className.trim(), birth_year: birth?.year ?? null, birth_month: birth?.month ?? null, birth_declared_by: birth ? 'student' : null, birth_declared_at: birth ? now : null, avatar: null, created_at: now, updated_at: now })
              .execute()
          }
          const member = await trx.selectFrom('memberships').select('org_id').where('student_id', '=', studentId).where('org_id', '=', org.id).executeTakeFirst()
          if (!member) {
            // Registering again adds no organisation to a finished account: a student joins an
            // organisation once, with its code, when the profile is made (docs/security.md, "Class membership").
            if (existing) throw new ApiError(CODE.ORG_NOT_IDENTIFIED, 'orgCode: this account already finished registering; it joins no other organisation here')
            await trx
              .insertInto('memberships')
              .values({ student_id: studentId, org_id: org.id, roles: JSON.stringify(STUDENT_ROLES), perms: JSON.stringify(STUDENT_PERMS), is_primary: existing ? 0 : 1, created_at: now })
              .execute()
          }
          const own = await trx.selectFrom('invite_codes').select('code').where('owner_user_id', '=', userId).executeTakeFirst()
          if (!own) await trx.insertInto('invite_codes').values({ code: newInviteCode(), owner_user_id: userId, created_at: now }).execute()
          const inviteCode = b.inviteCode?.trim().toUpperCase()
          if (inviteCode) {
            // An unknown, own or second invitation code is ignored: it must never block registration.
            const invite = await trx.selectFrom('invite_codes').select(['code', 'owner_user_id']).where('code', '=', inviteCode).executeTakeFirst()
            const already = await trx.selectFrom('invitations').select('id').where('invitee_user_id', '=', userId).executeTakeFirst()
            if (invite && invite.owner_user_id !== userId && !already) {
              await trx.insertInto('invitations').values({ id: crypto.randomUUID(), code: invite.code, inviter_user_id: invite.owner_user_id, invitee_user_id: userId, created_at: now }).execute()
              notified = await app.inbox.record(trx, [invite.owner_user_id], 'friend', friendMessage({ userId, name: b.name.trim() }))
            }
          }
          return userId
        },
        { replaceSessionId: auth.sid },
      )
      app.inbox.send(notified)
      await tellTeachers(auth.sub)
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
        await trx.updateTable('students').set({ name: profile.name, grade: profile.grade, class_name: profile.className, updated_at: now }).where('id', '=', studentId).execute()
        return profile
      })
      if (profile.grade !== acc.student.grade || profile.className !== acc.student.className) await tellTeachers(acc.user.id)
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
      // The guardian whose consent this ends is told (docs/privacy.md); the deletion stands either way.
      if (guardian) await app.sms.notify(guardian, 'account-deleted').catch(() => false)
      return noData()
    },
  })
}

export default routes
