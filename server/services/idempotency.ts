/**
 * Idempotency-Key (the IETF HTTP API draft's header) for the writes the app's outbox may send more than
 * once (docs/offline.md). The key is claimed in the same transaction as the write: a repeat with the same
 * key and the same request answers what the first answered, without writing again, however many arrive at
 * once (the primary key makes later ones wait for the first and then read its answer); the same key with
 * another request is refused with 422. Keys are per account and forgotten after IDEMPOTENCY_TTL_MS.
 * Without the header a write runs as before, in its own transaction.
 */
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import { CODE } from '../../src/contract'
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS } from '../../src/contract/idempotency'
import { ApiError } from '../errors'
import { routeNameOf } from '../plugins/metrics'

export interface IdempotencyKeyTable {
  user_id: string
  key: string
  /** sha256 of the method, route, parameters and body. */
  fingerprint: string
  /** The answer's data as JSON; null only inside the claiming transaction. */
  answer: string | null
  created_at: number
  expires_at: number
}
type KeysDb = { idempotency_keys: IdempotencyKeyTable }
/** The database seen with the keys' table (it lives beside the core tables, not in their type). */
export const keysDb = <DB>(db: Kysely<DB>): Kysely<KeysDb> => db as unknown as Kysely<KeysDb>

/** JSON with object keys sorted, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/**
 * What makes two requests "the same": method, route, path parameters and body. A route whose body is an
 * encoding with incidental parts (a multipart form's boundary is new on every send) passes `content`, the
 * request's meaning as it parsed it, so a replay of the same form matches.
 */
export function fingerprintOf(req: FastifyRequest, content?: unknown): string {
  const hash = createHash('sha256').update(`${req.method} ${req.routeOptions.url ?? req.url}\n${canonical(req.params)}\n`)
  if (content !== undefined) hash.update(canonical(content))
  else if (Buffer.isBuffer(req.body)) hash.update(req.body)
  else hash.update(canonical(req.body))
  return hash.digest('hex')
}

/** The request's key; undefined without the header; a coded 400 for a malformed one. */
export function keyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key']
  if (raw === undefined) return undefined
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    throw new ApiError(CODE.PARAM_INVALID, 'Idempotency-Key: must be 8 to 64 letters, digits or hyphens', 400)
  }
  return raw
}

/**
 * Runs `write` in a transaction, once per (account, Idempotency-Key). `write` must use only the
 * transaction it is given. A refusal (a thrown error) rolls the key back with the write: it is not kept.
 */
export async function idempotent<DB, T>(
  db: Kysely<DB>,
  req: FastifyRequest,
  userId: string,
  now: number,
  write: (trx: Transaction<DB>) => Promise<T>,
  opts: { content?: unknown } = {},
): Promise<T> {
  const key = keyOf(req)
  if (key === undefined) return db.transaction().execute(write)
  const fingerprint = fingerprintOf(req, opts.content)
  const outcome = await db.transaction().execute(async (trx) => {
    const keys = trx as unknown as Transaction<KeysDb>
    // An expired key is forgotten: the request counts as new.
    await keys.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('expires_at', '<=', now).execute()
    const claim = await keys
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, fingerprint, answer: null, created_at: now, expires_at: now + IDEMPOTENCY_TTL_MS })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst()
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 1) {
      const answer = await write(trx)
      await keys.updateTable('idempotency_keys').set({ answer: JSON.stringify(answer ?? null) }).where('user_id', '=', userId).where('key', '=', key).execute()
      return { fresh: true as const, answer }
    }
    const row = await keys.selectFrom('idempotency_keys').select(['fingerprint', 'answer']).where('user_id', '=', userId).where('key', '=', key).executeTakeFirstOrThrow()
    return { fresh: false as const, row }
  })
  if (outcome.fresh) return outcome.answer
  if (outcome.row.fingerprint !== fingerprint) {
    throw new ApiError(CODE.PARAM_INVALID, 'Idempotency-Key: already used for a different request; make a new key for a new request', 422)
  }
  req.server.metrics?.replays.inc({ route: routeNameOf(req) })
  return JSON.parse(outcome.row.answer ?? 'null') as T
}

/** Forgets expired keys; returns how many went. */
export async function sweepIdempotencyKeys<DB>(db: Kysely<DB>, now: number): Promise<number> {
  const res = await keysDb(db).deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst()
  return Number(res.numDeletedRows)
}
