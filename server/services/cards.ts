/**
 * Mother's Day cards: the recording store under DATA_DIR/cards, the quotas
 * (their tables are in server/db/schema.ts; the demo card is seeded by server/db/seed.ts). The
 * upload's form is read by @fastify/multipart (routes/cards.ts).
 */
import { sql } from 'kysely'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CARD_AUDIO_PATH, CARD_DESIGNS, type Card, type CardDesign } from '../../src/contract/cards'
import type { Db } from '../db/connect'
import type { Database, CardAudioTable, CardTable } from '../db/schema'

export type { CardAudioTable, CardTable }

/** The card tables (declared in server/db/schema.ts with the others). */
export type CardTables = Pick<Database, 'cards' | 'card_audio'>

const isDesign = (d: string): d is CardDesign => (CARD_DESIGNS as readonly string[]).includes(d)

/**
 * A card as the app shows it; the sender's name and the recording are read together. `sender`: the
 * author's name when the caller has it already (the signed-in author's own cards).
 */
export async function cardView(db: Db, row: CardTable, viewer: string | null, sender?: { name: string }): Promise<Card> {
  const [author, audio] = await Promise.all([
    sender ?? db.selectFrom('students').select('name').where('user_id', '=', row.user_id).executeTakeFirst(),
    row.audio_id ? db.selectFrom('card_audio').selectAll().where('id', '=', row.audio_id).executeTakeFirst() : undefined,
  ])
  return {
    id: row.id,
    design: isDesign(row.design) ? row.design : 'carnation',
    to: row.recipient,
    message: row.message,
    senderName: author?.name ?? '',
    audio: audio ? { path: `${CARD_AUDIO_PATH}/${audio.id}`, mime: audio.mime, durationMs: Number(audio.duration_ms) } : null,
    shareable: row.shareable === 1,
    createdAt: Number(row.created_at),
    mine: viewer === row.user_id,
  }
}

/** A card that is not deleted and whose author's account is active; whether the viewer may see it is the caller's rule. */
export const liveCard = (db: Db, id: string): Promise<CardTable | undefined> =>
  db
    .selectFrom('cards')
    .innerJoin('users', 'users.id', 'cards.user_id')
    .selectAll('cards')
    .where('cards.id', '=', id)
    .where('cards.deleted_at', 'is', null)
    .where('users.status', '=', 'active')
    .executeTakeFirst()

/** The recording of a live card (not deleted, its author active), with what decides who may play it. */
export const liveCardAudio = (db: Db, audioId: string) =>
  db
    .selectFrom('card_audio')
    .innerJoin('cards', 'cards.audio_id', 'card_audio.id')
    .innerJoin('users', 'users.id', 'cards.user_id')
    .select(['card_audio.key', 'card_audio.mime', 'cards.shareable', 'cards.user_id'])
    .where('card_audio.id', '=', audioId)
    .where('cards.deleted_at', 'is', null)
    .where('users.status', '=', 'active')
    .executeTakeFirst()

/** Why a recording cannot go on a new card of `userId`'s, or null when it can. */
export async function audioUnusable(trx: Db, audioId: string, userId: string): Promise<'not-yours' | 'on-a-card' | null> {
  const audio = await trx.selectFrom('card_audio').select('id').where('id', '=', audioId).where('owner_user_id', '=', userId).executeTakeFirst()
  if (!audio) return 'not-yours'
  const used = await trx.selectFrom('cards').select('id').where('audio_id', '=', audioId).executeTakeFirst()
  return used ? 'on-a-card' : null
}

export async function insertCard(trx: Db, card: Omit<CardTable, 'first_opened_at'>): Promise<void> {
  await trx.insertInto('cards').values(card).execute()
}

/** The account's newest cards (at most 50), deleted ones left out. */
export const cardsOf = (db: Db, userId: string): Promise<CardTable[]> =>
  db.selectFrom('cards').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('created_at', 'desc').limit(50).execute()

/** Marks the card opened at `now` unless someone opened it before: true for the first opening only. */
export async function markOpened(trx: Db, cardId: string, now: number): Promise<boolean> {
  const first = await trx.updateTable('cards').set({ first_opened_at: now }).where('id', '=', cardId).where('first_opened_at', 'is', null).executeTakeFirst()
  return Number(first.numUpdatedRows) === 1
}

/** Whether `userId` wrote the card and it is not deleted. */
export async function isOwnCard(db: Db, cardId: string, userId: string): Promise<boolean> {
  return (await db.selectFrom('cards').select('id').where('id', '=', cardId).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst()) !== undefined
}

export async function setShareable(db: Db, cardId: string, shareable: boolean, now: number): Promise<void> {
  await db.updateTable('cards').set({ shareable: shareable ? 1 : 0, updated_at: now }).where('id', '=', cardId).execute()
}

/** Marks `userId`'s card deleted (the row stays for its links); false when there is no such card. */
export async function markDeleted(trx: Db, cardId: string, userId: string, now: number): Promise<boolean> {
  if (!(await isOwnCard(trx, cardId, userId))) return false
  await trx.updateTable('cards').set({ deleted_at: now, updated_at: now }).where('id', '=', cardId).execute()
  return true
}

export const audioDir = (dataDir: string): string => join(dataDir, 'cards')

export function storeAudio(dataDir: string, key: string, bytes: Buffer): void {
  const dir = audioDir(dataDir)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, key), bytes, { flag: 'wx' })
}

/**
 * Recordings uploaded but not (yet) on a card: a student records, then writes the card. An account holds
 * at most UNATTACHED_MAX of them at once, and each is removed UNATTACHED_TTL_MS after its upload unless a
 * card took it, so uploads cannot fill the disk. See docs/security.md ("Uploads").
 */
export const UNATTACHED_MAX = 5
export const UNATTACHED_TTL_MS = 3 * 3600_000
/**
 * Every recording an account holds, on a card or waiting for one, counts against this. 50 MiB: ten
 * recordings of the largest size, or about a hundred minute-long voice messages as the app records them.
 */
export const STORAGE_QUOTA_BYTES = 50 * 1024 * 1024

const unattached = (db: Db) =>
  db.selectFrom('card_audio').leftJoin('cards', 'cards.audio_id', 'card_audio.id').where('cards.id', 'is', null)

export type UploadRoom = { ok: true } | { ok: false; reason: 'upload-quota' } | { ok: false; reason: 'storage-quota'; usedBytes: number }

/**
 * Records an upload when the account has room for it, in one transaction serialised per account (SQLite runs
 * one at a time; PostgreSQL takes an advisory lock), so parallel uploads cannot overrun either quota: the
 * recordings waiting for a card, and the bytes of every recording the account holds.
 */
export async function reserveUpload(db: Db, kind: 'sqlite' | 'postgres', row: { id: string; owner_user_id: string; mime: string; size: number; duration_ms: number; created_at: number }): Promise<UploadRoom> {
  // Inside the caller's transaction when given one (Kysely does not nest them).
  const inTransaction = <T>(fn: (trx: Db) => Promise<T>): Promise<T> => (db.isTransaction ? fn(db) : db.transaction().execute(fn))
  return inTransaction(async (trx): Promise<UploadRoom> => {
    if (kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`upload:${row.owner_user_id}`}))`.execute(trx)
    const held = await unattached(trx)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('card_audio.owner_user_id', '=', row.owner_user_id)
      .where('card_audio.created_at', '>', row.created_at - UNATTACHED_TTL_MS)
      .executeTakeFirstOrThrow()
    if (Number(held.n) >= UNATTACHED_MAX) return { ok: false, reason: 'upload-quota' }
    const stored = await trx
      .selectFrom('card_audio')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('bytes'))
      .where('owner_user_id', '=', row.owner_user_id)
      .executeTakeFirstOrThrow()
    const usedBytes = Number(stored.bytes)
    if (usedBytes + row.size > STORAGE_QUOTA_BYTES) return { ok: false, reason: 'storage-quota', usedBytes }
    await trx.insertInto('card_audio').values({ ...row, key: row.id }).execute()
    return { ok: true }
  })
}

/**
 * Takes a deleted card's recording off it and removes the recording's row once no card refers to it.
 * Returns the file key to remove after the transaction commits (null when nothing went).
 */
export async function releaseAudio(trx: Db, cardId: string): Promise<string | null> {
  const card = await trx.selectFrom('cards').select('audio_id').where('id', '=', cardId).executeTakeFirst()
  if (!card?.audio_id) return null
  await trx.updateTable('cards').set({ audio_id: null }).where('id', '=', cardId).execute()
  const gone = await trx
    .deleteFrom('card_audio')
    .where('id', '=', card.audio_id)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('cards').select('cards.id').where('cards.audio_id', '=', card.audio_id))))
    .returning('key')
    .executeTakeFirst()
  return gone?.key ?? null
}

export const removeAudioFile = (dataDir: string, key: string): void => rmSync(join(audioDir(dataDir), key), { force: true })

/**
 * Removes recordings no card took within UNATTACHED_TTL_MS, and the recordings of deleted cards (cards
 * deleted before deleting released them), rows and files. Returns how many went.
 */
export async function sweepUnattached(db: Db, dataDir: string, now: number): Promise<number> {
  let removed = 0
  const deleted = await db.selectFrom('cards').select('id').where('deleted_at', 'is not', null).where('audio_id', 'is not', null).execute()
  for (const c of deleted) {
    const key = await db.transaction().execute((trx) => releaseAudio(trx, c.id))
    if (key) {
      removeAudioFile(dataDir, key)
      removed++
    }
  }
  const stale = await unattached(db).select(['card_audio.id', 'card_audio.key']).where('card_audio.created_at', '<=', now - UNATTACHED_TTL_MS).execute()
  for (const a of stale) {
    // The row goes only if still no card took it meanwhile; then its file.
    const res = await db
      .deleteFrom('card_audio')
      .where('id', '=', a.id)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('cards').select('cards.id').where('cards.audio_id', '=', a.id))))
      .executeTakeFirst()
    if (Number(res.numDeletedRows) === 1) {
      removeAudioFile(dataDir, a.key)
      removed++
    }
  }
  return removed
}
