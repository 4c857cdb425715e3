/** Small pieces shared by the route plugins. */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { CODE, hasLettersAndDigits, normalizePhone } from '../../src/contract'
import { ApiError, badInput, tokenError } from '../errors'
import { sendTokens } from '../plugins/auth'
import type { SessionSlot, Trx } from '../services/sessions'
import { flagsOf, findUser, type Flags } from '../services/users'

export function phoneOf(username: string, field = 'username'): string {
  const p = normalizePhone(username)
  if (!p) throw badInput(field, 'not a valid mobile number')
  return p
}

/** The password rule's letters-and-digits half (src/contract/password.ts); the body schema holds the length. */
export function checkPassword(password: string, field = 'password'): void {
  if (!hasLettersAndDigits(password)) throw new ApiError(CODE.PASSWORD_INVALID, `${field}: use letters and digits`)
}

export function checkDevice(app: FastifyInstance, body: { appId?: string; isAdmin?: boolean }): void {
  if (body.appId !== undefined && !app.config.appIds.includes(body.appId)) throw badInput('appId', 'unknown app')
  // docs/product.md "Roles": the app always sends false; a teacher signs in as anyone does, and the teacher's
  // side comes from the membership role, not from an admin sign-in.
  if (body.isAdmin === true) throw badInput('isAdmin', 'admin login is not available here')
}

export type LoginResult = Flags & { token: string; refreshToken: string }

/**
 * Opens a session for `userId` in the caller's slot inside `work`'s transaction, then announces kicks
 * once the transaction has committed.
 */
export async function loginAs(
  app: FastifyInstance,
  reply: FastifyReply,
  device: Omit<SessionSlot, 'userId'>,
  work: (trx: Trx) => Promise<string>,
  opts: { replaceSessionId?: string } = {},
): Promise<LoginResult> {
  const { pair, kicks, replaced, flags, userId } = await app.db.transaction().execute(async (trx) => {
    // The replaced session is claimed first: parallel requests of one registration session take turns on
    // its row (PostgreSQL), and only the first finds it live; the others get the 401 a spent token gets,
    // as on SQLite, where they run one after another.
    if (opts.replaceSessionId && !(await app.sessions.revoke(trx, opts.replaceSessionId, 'replaced'))) throw tokenError(CODE.JWT_INVALID)
    const userId = await work(trx)
    const user = await findUser(trx, userId)
    if (!user) throw new Error('user vanished during login')
    if (user.status !== 'active') throw new ApiError(CODE.ACCOUNT_DISABLED)
    const started = await app.sessions.start(trx, { ...device, userId })
    return { ...started, userId, flags: await flagsOf(trx, user) }
  })
  app.sessions.emitKicks(kicks)
  // Sessions replaced on the same device end without a kick, and `work` may have written the account
  // (a registration's profile, a merge): the nodes' copies of the account's sessions go.
  app.sessions.emitChanged({ users: [userId], sessions: opts.replaceSessionId ? [opts.replaceSessionId, ...replaced] : replaced })
  // A registration that needs more steps hands out only its temporary pair in the body: the token
  // headers mean "your session's tokens changed", which an unfinished registration has none of yet.
  return { ...flags, ...(flags.isReg ? { token: pair.token, refreshToken: pair.refreshToken } : sendTokens(reply, pair)) }
}
