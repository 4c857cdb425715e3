/**
 * Mother's Day cards: upload a recording (multipart, as the app's upload() sends it, or a raw audio
 * body), create a card, list and update my cards, and read a card or its recording by id — public while
 * the card is shared and its author's account is active.
 */
import type { FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { CODE } from '../../src/contract'
import { CARD_AUDIO_MAX_BYTES, CARD_AUDIO_MAX_SECONDS, cardAudioType } from '../../src/contract/cards'
import { cardMessage } from '../services/pushTexts'
import { idempotent } from '../services/idempotency'
import { ApiError, badInput, consentRequired, noData } from '../errors'
import { limitOf } from '../services/guardian'
import { bearerOf } from '../plugins/auth'
import type { ApiRoutes } from './provider'
import { entry } from './table'
import type { SessionAccount } from '../services/users'
import {
  audioDir,
  audioUnusable,
  cardsOf,
  cardView,
  insertCard,
  isOwnCard,
  liveCard,
  liveCardAudio,
  markDeleted,
  markOpened,
  releaseAudio,
  removeAudioFile,
  reserveUpload,
  setShareable,
  storeAudio,
  STORAGE_QUOTA_BYTES,
  sweepUnattached,
  UNATTACHED_MAX,
  UNATTACHED_TTL_MS,
  type CardTable,
} from '../services/cards'
import { audioContainer, audioMime, RECORDING_CACHE, sendFile } from '../services/media'
import { audioLengthMs } from '../services/audioLength'

/** Multipart overhead on top of the recording itself. */
const UPLOAD_LIMIT = CARD_AUDIO_MAX_BYTES + 64 * 1024

/** A finished account: past the registration steps (a profile and a phone), as isReg says (services/users.ts). */
const isFinished = (acc: SessionAccount | null): boolean => Boolean(acc?.student && acc.user.phone)

/**
 * The upload form: its `audio` file and `durationMs` field, read by @fastify/multipart. A form that is not
 * one, or a file over the limit, is a coded refusal; other parts are read past and ignored.
 */
async function readForm(req: FastifyRequest): Promise<{ audio?: { data: Buffer; type: string }; durationMs?: string }> {
  const form: { audio?: { data: Buffer; type: string }; durationMs?: string } = {}
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer()
        if (part.fieldname === 'audio' && !form.audio) form.audio = { data, type: part.mimetype }
      } else if (part.fieldname === 'durationMs') form.durationMs = String(part.value)
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badInput('audio', `is larger than ${CARD_AUDIO_MAX_BYTES} bytes`)
    throw badInput('body', 'not valid multipart/form-data')
  }
  return form
}

const routes: ApiRoutes = async (app) => {
  const o = app.config
  const db = app.db

  // Only this plugin's routes read multipart forms (the app's upload) and raw audio bodies (as buffers).
  await app.register(multipart, { limits: { fileSize: CARD_AUDIO_MAX_BYTES, files: 1, fields: 4, parts: 8, fieldSize: 1024 } })
  const asBuffer = (_req: FastifyRequest, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body)
  app.addContentTypeParser(/^(audio|video)\//, { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT }, asBuffer)

  /** The caller's user id when a valid token came along; a public call never fails on a bad one. */
  const viewerOf = async (req: FastifyRequest): Promise<string | null> => {
    const token = bearerOf(req)
    if (!token) return null
    try {
      return (await app.sessions.verifyAccess(token)).sub
    } catch {
      return null
    }
  }

  /** A card anyone may see: not deleted, its author active, and shared (or the viewer wrote it). */
  const visibleCard = async (row: CardTable | undefined, viewer: string | null): Promise<CardTable> => {
    if (!row || (row.shareable !== 1 && row.user_id !== viewer)) throw new ApiError(CODE.DATA_EMPTY)
    // A child's card reaches nobody else while the child is limited (docs/privacy.md), whatever its flag says.
    if (row.user_id !== viewer && (await limitOf(app.db, row.user_id, o.clock())) !== null) throw new ApiError(CODE.DATA_EMPTY)
    return row
  }

  // Recordings no card took are removed after a few hours: at every upload, and on a timer.
  const sweep = () => sweepUnattached(db, o.dataDir, o.clock()).catch((err: unknown) => app.log.warn({ err }, 'sweeping unattached recordings failed'))
  const sweeper = setInterval(sweep, 15 * 60_000).unref()
  app.addHook('onClose', async () => clearInterval(sweeper))

  app.route({
    ...entry(app, 'cardAudioUpload'),
    bodyLimit: UPLOAD_LIMIT,
    handler: async (req) => {
      // Only a finished account (with a profile) records cards; a registration token cannot store files.
      if (!isFinished(req.account)) throw new ApiError(CODE.USER_NOT_FOUND, 'upload: finish the profile first')
      // A child without a guardian's consent records nothing (docs/privacy.md).
      const why = await limitOf(app.db, req.auth!.sub, o.clock())
      if (why) throw consentRequired(why)
      let bytes: Buffer
      let mime: string | null
      if (req.isMultipart()) {
        const form = await readForm(req)
        if (!form.audio) throw badInput('audio', 'is required')
        bytes = form.audio.data
        mime = cardAudioType(form.audio.type)
      } else if (Buffer.isBuffer(req.body)) {
        bytes = req.body
        mime = cardAudioType(req.headers['content-type'])
      } else throw badInput('audio', 'send the recording as multipart/form-data or an audio body')
      if (!mime) throw badInput('audio', 'is not an accepted audio type')
      if (bytes.length === 0) throw badInput('audio', 'is empty')
      if (bytes.length > CARD_AUDIO_MAX_BYTES) throw badInput('audio', `is larger than ${CARD_AUDIO_MAX_BYTES} bytes`)
      // The name and declared type say nothing about the bytes: they must start like one of the accepted containers.
      const container = audioContainer(bytes)
      if (!container) throw badInput('audio', 'is not an audio file (webm, ogg, m4a, mp3, aac or wav)')
      mime = audioMime(container, mime)
      // The length is the recording's own, read from its container: the client's durationMs is not taken.
      const measured = audioLengthMs(container, bytes)
      if (measured === null) throw badInput('audio', 'its length cannot be read: not a whole recording')
      if (!(measured > 0)) throw badInput('audio', 'holds no sound')
      const duration = measured
      // A second of slack for the recorder's last chunk.
      if (duration > (CARD_AUDIO_MAX_SECONDS + 1) * 1000) throw badInput('audio', `is longer than ${CARD_AUDIO_MAX_SECONDS} seconds`)
      const id = crypto.randomUUID()
      const durationMs = Math.min(Math.round(duration), CARD_AUDIO_MAX_SECONDS * 1000)
      await sweep()
      const now = o.clock()
      const row = { id, owner_user_id: req.auth!.sub, mime, size: bytes.length, duration_ms: durationMs, created_at: now }
      // The row and the file are one write: a failure to store the file takes the row (and the key) back.
      // A repeat is the same recording, type and length, however the form that carried it was encoded.
      const content = { audio: createHash('sha256').update(bytes).digest('hex'), mime, durationMs }
      return idempotent(
        db,
        req,
        req.auth!.sub,
        now,
        async (trx) => {
          const room = await reserveUpload(trx, app.dbInfo.kind, row)
          if (!room.ok && room.reason === 'upload-quota') {
            throw new ApiError(CODE.TOO_MANY_REQUESTS, `upload: at most ${UNATTACHED_MAX} recordings may wait for a card`, 429, { retryAfter: UNATTACHED_TTL_MS / 1000, reason: 'upload-quota' })
          }
          // Waiting frees nothing here: deleting cards with recordings does.
          if (!room.ok) {
            throw new ApiError(CODE.TOO_MANY_REQUESTS, `upload: the account's recordings may take at most ${STORAGE_QUOTA_BYTES} bytes`, 429, { reason: 'storage-quota', quotaBytes: STORAGE_QUOTA_BYTES, usedBytes: room.usedBytes })
          }
          storeAudio(o.dataDir, id, bytes)
          return { audioId: id, size: bytes.length, mime: row.mime, durationMs }
        },
        { content },
      )
    },
  })

  app.route({
    ...entry(app, 'cardAudio'),
    compress: false,
    handler: async (req, reply) => {
      // A private card's recording reaches its author only (the app fetches it with the token).
      const [audio, viewer] = await Promise.all([liveCardAudio(db, req.params.id), viewerOf(req)])
      const allowed = audio && (audio.user_id === viewer || (audio.shareable === 1 && (await limitOf(app.db, audio.user_id, o.clock())) === null))
      const file = audio ? join(audioDir(o.dataDir), audio.key) : ''
      if (!audio || !allowed || !existsSync(file)) throw new ApiError(CODE.DATA_EMPTY)
      // Withdrawing the share or deleting the card must reach every copy: revalidated on each play.
      return sendFile(req, reply, file, { type: audio.mime, cacheControl: RECORDING_CACHE })
    },
  })

  app.route({
    ...entry(app, 'createCard'),
    handler: async (req) => {
      // Like uploads: a registration token (no profile or no phone yet) writes no cards.
      if (!isFinished(req.account)) throw new ApiError(CODE.USER_NOT_FOUND, 'cards: finish the profile first')
      const userId = req.auth!.sub
      const b = req.body
      const message = b.message.trim()
      if (!message) throw badInput('message', 'is required')
      // Without a guardian's consent a child's card may only be private, and has no recording (uploads are refused too).
      if (b.shareable !== false || b.audioId) {
        const why = await limitOf(app.db, userId, o.clock())
        if (why) throw consentRequired(why)
      }
      const id = crypto.randomUUID()
      const now = o.clock()
      return idempotent(db, req, userId, now, async (trx) => {
        const unusable = b.audioId ? await audioUnusable(trx, b.audioId, userId) : null
        if (unusable === 'not-yours') throw badInput('audioId', 'no such recording of yours')
        if (unusable === 'on-a-card') throw badInput('audioId', 'is already on another card')
        await insertCard(trx, { id, user_id: userId, design: b.design, recipient: (b.to ?? '').trim(), message, audio_id: b.audioId ?? null, shareable: b.shareable === false ? 0 : 1, deleted_at: null, created_at: now, updated_at: now })
        return { id }
      })
    },
  })

  app.route({
    ...entry(app, 'myCards'),
    handler: async (req) => {
      const acc = req.account!
      const rows = await cardsOf(db, acc.user.id)
      const sender = { name: acc.student?.name ?? '' }
      return Promise.all(rows.map((r) => cardView(db, r, acc.user.id, sender)))
    },
  })

  app.route({
    ...entry(app, 'card'),
    handler: async (req) => {
      const [viewer, found] = await Promise.all([viewerOf(req), liveCard(db, req.params.id)])
      const row = await visibleCard(found, viewer)
      if (viewer !== row.user_id && row.first_opened_at === null) await firstOpened(row)
      return cardView(db, row, viewer)
    },
  })

  /** The first time someone other than its author opens a card, the author hears of it (once). */
  const firstOpened = async (row: CardTable): Promise<void> => {
    const notified = await app.db.transaction().execute(async (trx) => {
      if (!(await markOpened(trx, row.id, o.clock()))) return undefined
      return app.inbox.record(trx, [row.user_id], 'card', cardMessage({ id: row.id, to: row.recipient }))
    })
    app.inbox.send(notified)
  }

  app.route({
    ...entry(app, 'cardUpdate'),
    handler: async (req) => {
      const userId = req.auth!.sub
      // Whose card it is and whether the account may share: read together, answered in that order.
      const [own, why] = await Promise.all([isOwnCard(db, req.params.id, userId), req.body.shareable ? limitOf(db, userId, o.clock()) : null])
      if (!own) throw new ApiError(CODE.DATA_EMPTY)
      if (why) throw consentRequired(why)
      await setShareable(db, req.params.id, req.body.shareable, o.clock())
      return noData()
    },
  })

  app.route({
    ...entry(app, 'cardDelete'),
    handler: async (req) => {
      const userId = req.auth!.sub
      const now = o.clock()
      // The card stays (deleted) for its links; its recording goes, row and file, and frees the account's room.
      // A delete made offline is replayed by the outbox with its Idempotency-Key: a repeat answers as the first did.
      const released = await idempotent(db, req, userId, now, async (trx) => {
        if (!(await markDeleted(trx, req.params.id, userId, now))) throw new ApiError(CODE.DATA_EMPTY)
        return { file: await releaseAudio(trx, req.params.id) }
      })
      if (released.file) removeAudioFile(o.dataDir, released.file)
      return noData()
    },
  })
}

export default routes
