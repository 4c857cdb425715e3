/**
 * Children under 14 and their guardians (docs/contract.md "Guardians", docs/privacy.md): the student's
 * age and the guardian's consent by SMS code, and the guardian's page (sign in with a code to the
 * guardian's phone; see, download, correct, withdraw, delete). Every route is limited like the sign-in
 * calls. The routes are the GUARDIAN part of the route table (src/contract/guardian.ts).
 */
import type { FastifyRequest } from 'fastify'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { CODE } from '../../src/contract'
import { CHILDREN_RULES_VERSION, GUARDIAN_TOKEN_HEADER, isPlausibleBirth, isUnderConsentAge } from '../../src/contract/guardian'
import { ACCOUNT_CHANGED } from '../../src/contract/live'
import { ApiError, badInput, noData } from '../errors'
import { audioDir, removeAudioFile } from '../services/cards'
import {
  birthOf,
  childRecording,
  childrenOf,
  closeGuardianSession,
  declareBirth,
  eraseAccount,
  exportOf,
  GUARDIAN_SESSION_MS,
  guardianPhoneRefusal,
  guardianSessionOf,
  latestConsent,
  limitOf,
  lockConsents,
  makePrivate,
  openGuardianSession,
  recordConsent,
  setChildProfile,
  statusFrom,
  statusOf,
  withdrawConsent,
} from '../services/guardian'
import type { SmsNoticeKind } from '../services/sms'
import { sendFile } from '../services/media'
import { clientKey } from '../plugins/rateLimit'
import { phoneOf } from './helpers'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  const o = app.config
  const limit = { rateLimit: { max: o.limits.authPerMinute, timeWindow: 60_000 } }

  /**
   * After a change the guardian made from their own phone has committed: every node drops its copy of the
   * child's sign-in check, and the child's open app is told to read its profile again (account-changed).
   */
  const changedByGuardian = (userId: string): void => {
    app.sessions.emitChanged({ users: [userId] })
    app.inbox.live([userId], ACCOUNT_CHANGED)
  }

  /**
   * Tells a guardian whose consent ended (docs/privacy.md): after the change committed, never failing it.
   * The log names the kind, never the number.
   */
  const tell = async (req: FastifyRequest, phone: string | null, kind: SmsNoticeKind) => {
    if (!phone) return
    const sent = await app.sms.notify(phone, kind).catch(() => false)
    req.log.info({ notice: { kind, sent } }, 'guardian told their consent ended')
  }

  /** The guardian's number of a consent call, refused as the child's own (200009) or a child's account (200011). */
  const guardianNumber = async (req: FastifyRequest, raw: string): Promise<string> => {
    const phone = phoneOf(raw, 'guardianPhone')
    if (phone === req.account!.user.phone) throw new ApiError(CODE.GUARDIAN_PHONE_OWN, "guardianPhone: must be a guardian's number, not the student's own")
    if (await guardianPhoneRefusal(app.db, phone, o.clock())) throw new ApiError(CODE.GUARDIAN_PHONE_CHILD, "guardianPhone: the number of a child's or a student's account cannot be a guardian's")
    return phone
  }

  /** The signed-in student's user id; a registration token without a profile has no age to speak of. */
  const studentOf = (req: FastifyRequest): string => {
    if (!req.account?.student) throw new ApiError(CODE.USER_NOT_FOUND, 'no profile yet: complete it first')
    return req.auth!.sub
  }

  // From what the sign-in check read: no query of its own.
  app.route({
    ...entry(app, 'guardianStatus'),
    handler: async (req) => {
      studentOf(req)
      return statusFrom(req.account!.guardian, o.clock())
    },
  })

  // Asked once: at registration (Improve) or, for an older account, at its next start. A later change is
  // the guardian's (the guardian's page), so a child cannot answer again to lift the limits.
  app.route({ ...entry(app, 'guardianBirth'), config: limit, handler: async (req) => {
    const userId = studentOf(req)
    const now = o.clock()
    if (!isPlausibleBirth(req.body, now)) throw badInput('birth', 'not a month and year of birth that can be')
    await app.db.transaction().execute(async (trx) => {
      if (!(await declareBirth(trx, userId, req.body, now))) throw badInput('birth', 'already given; a guardian corrects it on the guardian page')
      if ((await limitOf(trx, userId, now)) !== null) await makePrivate(trx, userId, now)
    })
    app.sessions.emitChanged({ users: [userId] })
    return statusOf(app.db, userId, now)
  } })

  app.route({ ...entry(app, 'guardianCode'), config: limit, handler: async (req) => {
    const userId = studentOf(req)
    const birth = await birthOf(app.db, userId)
    if (!birth) throw badInput('birth', 'give the month and year of birth first')
    if (!isUnderConsentAge(birth, o.clock())) throw badInput('guardianPhone', 'no consent is needed at 14 or older')
    // Also the current guardian's number: that code confirms another guardian's consent (`currentCode`).
    const guardianPhone = await guardianNumber(req, req.body.guardianPhone)
    return app.sms.send(guardianPhone, 'guardian', clientKey(app, req), undefined, userId)
  } })

  // Only one consent is current: a new guardian's is refused (200010) unless the current guardian withdrew
  // it on the guardian's page, or confirms the change with a code sent to their own number (`currentCode`).
  // The same guardian consenting again (a new version of the rules) needs nothing more.
  app.route({ ...entry(app, 'guardianConsent'), config: limit, handler: async (req) => {
    const userId = studentOf(req)
    if (req.body.rulesVersion !== CHILDREN_RULES_VERSION) throw badInput('rulesVersion', `the rules are now version ${CHILDREN_RULES_VERSION}: read them again`)
    const guardianPhone = await guardianNumber(req, req.body.guardianPhone)
    const currentOf = async (db: typeof app.db) => {
      const c = await latestConsent(db, userId)
      return c && c.withdrawn_at === null && c.rules_version === CHILDREN_RULES_VERSION && c.guardian_phone !== guardianPhone ? c : null
    }
    const refused = () => new ApiError(CODE.GUARDIAN_CONSENT_CURRENT, 'a guardian consent is current: that guardian withdraws it, or confirms the change with currentCode')
    // Refused before any code is spent.
    const current = await currentOf(app.db)
    if (current && !req.body.currentCode) throw refused()
    // The current guardian's confirmation first, so a wrong one spends nothing of the new guardian's code.
    if (current) await app.sms.consume(current.guardian_phone, ['guardian'], req.body.currentCode!, userId)
    // The code was sent for this account: another account's code (or a sign-in code) is refused as wrong.
    await app.sms.consume(guardianPhone, ['guardian'], req.body.code, userId)
    const now = o.clock()
    const replaced = await app.db.transaction().execute(async (trx) => {
      await lockConsents(trx, app.dbInfo.kind, userId)
      // Read again under the lock (SQLite runs one transaction at a time): a consent recorded meanwhile
      // (two guardians' consents sent at once) counts, unless it is the one confirmed above.
      const meanwhile = await currentOf(trx)
      if (meanwhile && meanwhile.id !== current?.id) throw refused()
      await recordConsent(trx, userId, guardianPhone, now)
      return meanwhile?.guardian_phone ?? null
    })
    app.sessions.emitChanged({ users: [userId] })
    req.log.info({ consent: { rulesVersion: CHILDREN_RULES_VERSION, replaced: replaced !== null } }, 'guardian consent recorded')
    await tell(req, replaced, 'consent-replaced')
    return statusOf(app.db, userId, now)
  } })

  // ---- the guardian's page ----------------------------------------------------------------------------

  // The same answer whether or not the number is any child's guardian: only its owner reads the code.
  app.route({
    ...entry(app, 'guardianSigninCode'),
    config: limit,
    handler: async (req) => app.sms.send(phoneOf(req.body.phone, 'phone'), 'guardian', clientKey(app, req)),
  })

  app.route({ ...entry(app, 'guardianSignin'), config: limit, handler: async (req) => {
    const phone = phoneOf(req.body.phone, 'phone')
    await app.sms.consume(phone, ['guardian'], req.body.code)
    const token = await openGuardianSession(app.db, phone, o.clock())
    return { token, expiresIn: GUARDIAN_SESSION_MS / 1000, children: await childrenOf(app.db, phone) }
  } })

  const tokenOf = (req: FastifyRequest): string => {
    const token = req.headers[GUARDIAN_TOKEN_HEADER.toLowerCase()]
    if (typeof token !== 'string' || !token) throw new ApiError(CODE.JWT_UNAUTHORIZED, 'guardian: sign in with a code first', 401)
    return token
  }

  /** The guardian's live sign-in of the request's token; otherwise 401. */
  const guardianOf = async (req: FastifyRequest): Promise<{ phone: string; expiresAt: number }> => {
    const session = await guardianSessionOf(app.db, tokenOf(req), o.clock())
    if (!session) throw new ApiError(CODE.JWT_INVALID, 'guardian: the sign-in ended; sign in again', 401)
    return session
  }

  /** The child of `:id` and the guardian's phone when that phone may act for it; otherwise 401 or 100001. */
  const guardianChild = async (req: FastifyRequest, id: string): Promise<{ id: string; phone: string }> => {
    const { phone } = await guardianOf(req)
    const children = await childrenOf(app.db, phone)
    if (!children.some((c) => c.id === id)) throw new ApiError(CODE.DATA_EMPTY)
    return { id, phone }
  }

  // A reload of the guardian's page reuses its token (kept in the tab) for the sign-in's 30 minutes.
  app.route({ ...entry(app, 'guardianChildren'), config: limit, handler: async (req) => {
    const { phone, expiresAt } = await guardianOf(req)
    return { expiresIn: Math.max(0, Math.floor((expiresAt - o.clock()) / 1000)), children: await childrenOf(app.db, phone) }
  } })

  app.route({ ...entry(app, 'guardianSignout'), config: limit, handler: async (req) => {
    await closeGuardianSession(app.db, tokenOf(req))
    return noData()
  } })

  app.route({ ...entry(app, 'guardianExport'), config: limit, handler: async (req, reply) => {
    const { id: userId, phone } = await guardianChild(req, req.params.id)
    const data = await exportOf(app.db, userId, phone)
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="habor-${userId}.json"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2))
  } })

  app.route({ ...entry(app, 'guardianRecording'), compress: false, config: limit, handler: async (req, reply) => {
    const { id: userId } = await guardianChild(req, req.params.id)
    const audio = await childRecording(app.db, userId, req.params.audioId)
    const file = audio ? join(audioDir(o.dataDir), audio.key) : ''
    if (!audio || !existsSync(file)) throw new ApiError(CODE.DATA_EMPTY)
    reply.header('content-disposition', `attachment; filename="${req.params.audioId}"`)
    return sendFile(req, reply, file, { type: audio.mime, cacheControl: 'no-store' })
  } })

  app.route({ ...entry(app, 'guardianProfile'), config: limit, handler: async (req) => {
    const { id: userId } = await guardianChild(req, req.params.id)
    const b = req.body
    const now = o.clock()
    if (!isPlausibleBirth(b, now)) throw badInput('birth', 'not a month and year of birth that can be')
    const name = b.name.trim()
    if (!name) throw badInput('name', 'is required')
    await app.db.transaction().execute(async (trx) => {
      const before = await birthOf(trx, userId)
      // The age becomes the guardian's declaration when the guardian changes it (docs/privacy.md).
      const declared = before?.year === b.year && before.month === b.month ? {} : { birth_declared_by: 'guardian' as const, birth_declared_at: now }
      await setChildProfile(trx, userId, { name, grade: b.grade.trim(), className: b.className.trim(), year: b.year, month: b.month }, declared, now)
      if ((await limitOf(trx, userId, now)) !== null) await makePrivate(trx, userId, now)
    })
    changedByGuardian(userId)
    return noData()
  } })

  app.route({ ...entry(app, 'guardianWithdraw'), config: limit, handler: async (req) => {
    const { id: userId } = await guardianChild(req, req.params.id)
    const now = o.clock()
    const ended = await app.db.transaction().execute(async (trx) => {
      await lockConsents(trx, app.dbInfo.kind, userId)
      const c = await latestConsent(trx, userId)
      const withdrawn = c && c.withdrawn_at === null ? c : null
      if (withdrawn) await withdrawConsent(trx, withdrawn.id, now)
      // Back to the limited state: whatever was public becomes private (a 14-year-old's too: the guardian asked).
      await makePrivate(trx, userId, now)
      return withdrawn?.guardian_phone ?? null
    })
    changedByGuardian(userId)
    await tell(req, ended, 'consent-withdrawn')
    return noData()
  } })

  app.route({ ...entry(app, 'guardianDelete'), config: limit, handler: async (req) => {
    const { id: userId } = await guardianChild(req, req.params.id)
    const now = o.clock()
    const { ended, keys, guardian } = await app.db.transaction().execute((trx) => eraseAccount(trx, app.sessions, userId, now))
    for (const key of keys) removeAudioFile(o.dataDir, key)
    app.sessions.emitEnded(ended)
    app.sessions.emitChanged({ users: [userId] })
    await tell(req, guardian, 'account-deleted')
    return noData()
  } })
}

export default routes
