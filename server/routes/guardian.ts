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
import { ApiError, badInput, noData } from '../errors'
import { audioDir, cardsDb, removeAudioFile } from '../services/cards'
import { birthOf, childrenOf, eraseAccount, exportOf, GUARDIAN_SESSION_MS, guardianPhoneOf, latestConsent, limitOf, makePrivate, openGuardianSession, statusOf } from '../services/guardian'
import { sendFile } from '../services/media'
import { clientKey } from '../plugins/rateLimit'
import { phoneOf } from './helpers'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  const o = app.config
  const limit = { rateLimit: { max: o.limits.authPerMinute, timeWindow: 60_000 } }

  /** The signed-in student's user id; a registration token without a profile has no age to speak of. */
  const studentOf = (req: FastifyRequest): string => {
    if (!req.account?.student) throw new ApiError(CODE.USER_NOT_FOUND, 'no profile yet: complete it first')
    return req.auth!.sub
  }

  app.route({ ...entry(app, 'guardianStatus'), handler: async (req) => statusOf(app.db, studentOf(req), o.clock()) })

  // Asked once: at registration (Improve) or, for an older account, at its next start. A later change is
  // the guardian's (the guardian's page), so a child cannot answer again to lift the limits.
  app.route({ ...entry(app, 'guardianBirth'), config: limit, handler: async (req) => {
    const userId = studentOf(req)
    const now = o.clock()
    if (!isPlausibleBirth(req.body, now)) throw badInput('birth', 'not a month and year of birth that can be')
    await app.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('students').set({ birth_year: req.body.year, birth_month: req.body.month, updated_at: now }).where('user_id', '=', userId).where('birth_year', 'is', null).executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) throw badInput('birth', 'already given; a guardian corrects it on the guardian page')
      if ((await limitOf(trx, userId, now)) !== null) await makePrivate(trx, userId, now)
    })
    return statusOf(app.db, userId, now)
  } })

  app.route({ ...entry(app, 'guardianCode'), config: limit, handler: async (req) => {
    const userId = studentOf(req)
    const guardianPhone = phoneOf(req.body.guardianPhone, 'guardianPhone')
    const birth = await birthOf(app.db, userId)
    if (!birth) throw badInput('birth', 'give the month and year of birth first')
    if (!isUnderConsentAge(birth, o.clock())) throw badInput('guardianPhone', 'no consent is needed at 14 or older')
    if (guardianPhone === req.account!.user.phone) throw badInput('guardianPhone', "must be a guardian's number, not the student's own")
    return app.sms.send(guardianPhone, 'guardian', clientKey(app, req), undefined, userId)
  } })

  app.route({ ...entry(app, 'guardianConsent'), config: limit, handler: async (req) => {
    const userId = studentOf(req)
    const guardianPhone = phoneOf(req.body.guardianPhone, 'guardianPhone')
    if (req.body.rulesVersion !== CHILDREN_RULES_VERSION) throw badInput('rulesVersion', `the rules are now version ${CHILDREN_RULES_VERSION}: read them again`)
    if (guardianPhone === req.account!.user.phone) throw badInput('guardianPhone', "must be a guardian's number, not the student's own")
    // The code was sent for this account: another account's code (or a sign-in code) is refused as wrong.
    await app.sms.consume(guardianPhone, ['guardian'], req.body.code, userId)
    const now = o.clock()
    await app.db.insertInto('guardian_consents').values({ id: crypto.randomUUID(), user_id: userId, guardian_phone: guardianPhone, rules_version: CHILDREN_RULES_VERSION, consented_at: now, withdrawn_at: null }).execute()
    req.log.info({ consent: { rulesVersion: CHILDREN_RULES_VERSION } }, 'guardian consent recorded')
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

  /** The child of `:id` when the guardian token's phone may act for it; otherwise 401 or 100001. */
  const guardianChild = async (req: FastifyRequest, id: string): Promise<string> => {
    const token = req.headers[GUARDIAN_TOKEN_HEADER.toLowerCase()]
    if (typeof token !== 'string' || !token) throw new ApiError(CODE.JWT_UNAUTHORIZED, 'guardian: sign in with a code first', 401)
    const phone = await guardianPhoneOf(app.db, token, o.clock())
    if (!phone) throw new ApiError(CODE.JWT_INVALID, 'guardian: the sign-in ended; sign in again', 401)
    const children = await childrenOf(app.db, phone)
    if (!children.some((c) => c.id === id)) throw new ApiError(CODE.DATA_EMPTY)
    return id
  }

  app.route({ ...entry(app, 'guardianExport'), config: limit, handler: async (req, reply) => {
    const userId = await guardianChild(req, req.params.id)
    const data = await exportOf(app.db, userId)
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="habor-${userId}.json"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2))
  } })

  app.route({ ...entry(app, 'guardianRecording'), compress: false, config: limit, handler: async (req, reply) => {
    const userId = await guardianChild(req, req.params.id)
    const audio = await cardsDb(app.db).selectFrom('card_audio').select(['key', 'mime']).where('id', '=', req.params.audioId).where('owner_user_id', '=', userId).executeTakeFirst()
    const file = audio ? join(audioDir(o.dataDir), audio.key) : ''
    if (!audio || !existsSync(file)) throw new ApiError(CODE.DATA_EMPTY)
    reply.header('content-disposition', `attachment; filename="${req.params.audioId}"`)
    return sendFile(req, reply, file, { type: audio.mime, cacheControl: 'no-store' })
  } })

  app.route({ ...entry(app, 'guardianProfile'), config: limit, handler: async (req) => {
    const userId = await guardianChild(req, req.params.id)
    const b = req.body
    const now = o.clock()
    if (!isPlausibleBirth(b, now)) throw badInput('birth', 'not a month and year of birth that can be')
    const name = b.name.trim()
    if (!name) throw badInput('name', 'is required')
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('students').set({ name, grade: b.grade.trim(), class_name: b.className.trim(), birth_year: b.year, birth_month: b.month, updated_at: now }).where('user_id', '=', userId).execute()
      if ((await limitOf(trx, userId, now)) !== null) await makePrivate(trx, userId, now)
    })
    return noData()
  } })

  app.route({ ...entry(app, 'guardianWithdraw'), config: limit, handler: async (req) => {
    const userId = await guardianChild(req, req.params.id)
    const now = o.clock()
    await app.db.transaction().execute(async (trx) => {
      const c = await latestConsent(trx, userId)
      if (c && c.withdrawn_at === null) await trx.updateTable('guardian_consents').set({ withdrawn_at: now }).where('id', '=', c.id).execute()
      // Back to the limited state: whatever was public becomes private (a 14-year-old's too: the guardian asked).
      await makePrivate(trx, userId, now)
    })
    return noData()
  } })

  app.route({ ...entry(app, 'guardianDelete'), config: limit, handler: async (req) => {
    const userId = await guardianChild(req, req.params.id)
    const now = o.clock()
    const { ended, keys } = await app.db.transaction().execute((trx) => eraseAccount(trx, app.sessions, userId, now))
    for (const key of keys) removeAudioFile(o.dataDir, key)
    app.sessions.emitEnded(ended)
    return noData()
  } })
}

export default routes
