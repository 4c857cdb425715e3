/**
 * Signed calls (docs/contract.md "Signing"): the Sign header must match signParams(query + body) with the shared
 * secret, the timestamp must be within the window, and each nonce is accepted once. Failures are 30004.
 * The nonces live in the database so that several processes share them.
 */
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { CODE, NONCE_PATTERN, signParams } from '../../src/contract'
import { isRecord } from '../../src/contract/guards'
import { ApiError } from '../errors'
import { safeEqualHex } from '../services/crypto'

declare module 'fastify' {
  interface FastifyInstance {
    verifySigned: (req: FastifyRequest) => Promise<void>
  }
}

const asRecord = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {})

export default fp(
  async (app) => {
    const { clock, signSecret, signWindowSeconds } = app.config
    const windowMs = signWindowSeconds * 1000
    app.decorate('verifySigned', async (req: FastifyRequest) => {
      const params = { ...asRecord(req.query), ...asRecord(req.body) }
      const header = req.headers.sign
      const sign = (Array.isArray(header) ? header[0] : header)?.toLowerCase() ?? ''
      const timestamp = Number(params.timestamp)
      const nonce = typeof params.nonce === 'string' ? params.nonce : ''
      if (!/^[0-9a-f]{64}$/.test(sign) || !Number.isFinite(timestamp) || !NONCE_PATTERN.test(nonce)) {
        throw new ApiError(CODE.SIGN_INVALID, 'signature verify invalid: Sign, timestamp and nonce are required')
      }
      if (!safeEqualHex(sign, signParams(params, signSecret))) throw new ApiError(CODE.SIGN_INVALID)
      const now = clock()
      if (Math.abs(now - timestamp) > windowMs) throw new ApiError(CODE.SIGN_INVALID, 'signature verify invalid: timestamp outside the allowed window')
      await app.db.deleteFrom('signed_nonces').where('seen_at', '<', now - 2 * windowMs).execute()
      const fresh = await app.db
        .insertInto('signed_nonces')
        .values({ nonce, seen_at: now })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .executeTakeFirst()
      if (Number(fresh.numInsertedOrUpdatedRows ?? 0) !== 1) throw new ApiError(CODE.SIGN_INVALID, 'signature verify invalid: nonce already used')
    })
  },
  { name: 'signed', dependencies: ['db'] },
)
