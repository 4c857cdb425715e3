/**
 * Idempotency-Key on the writes the app's outbox may send more than once (docs/offline.md): a repeat, even
 * ten at once, lands once and answers what the first answered; keys are per account, expire after a day,
 * and a refused write keeps no key. Runs on SQLite and, through `npm run test:server:pg`, on PostgreSQL.
 */
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Card, CardAudioUploaded, CardCreated } from '../../../src/contract/cards'
import { IDEMPOTENCY_TTL_MS } from '../../../src/contract/idempotency'
import type { OwnerReport } from '../../../src/contract/report'
import { keysDb, sweepIdempotencyKeys } from '../../../server/services/idempotency'
import { webmFile } from '../../support/audio'
import { call, makeApp, passwordLogin, smsCode, DEVICE, SMS_ONLY_PHONE, type Pair } from '../support/helpers'

const AUDIO = webmFile(3000)
const KEY = '3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f'
const CARD = { design: 'garden', to: '妈妈', message: '节日快乐' }

const keyed = (key: string) => ({ 'idempotency-key': key })

function upload(app: FastifyInstance, token: string, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/cards/audio',
    payload: AUDIO,
    headers: { 'content-type': 'audio/webm', 'x-duration-ms': '3000', authorization: `Bearer ${token}`, ...(key ? keyed(key) : {}) },
  })
}

const cardCount = async (app: FastifyInstance, token: string) => (await call<Card[]>(app, 'GET', '/cards', { token })).body.data.length
const audioRows = async (app: FastifyInstance) => (await app.db.selectFrom('card_audio').select('id').execute()).length

async function smsStudent(app: FastifyInstance): Promise<string> {
  const code = await smsCode(app, SMS_ONLY_PHONE)
  const r = await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${SMS_ONLY_PHONE}`, code, isAdmin: false, ...DEVICE } })
  return r.body.data.token
}

describe('POST /cards with an Idempotency-Key', () => {
  it('ten copies sent at once make one card, and all ten get its id', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const before = await cardCount(app, token)
    const answers = await Promise.all(Array.from({ length: 10 }, () => call<CardCreated>(app, 'POST', '/cards', { token, body: CARD, headers: keyed(KEY) })))
    expect(answers.map((a) => [a.status, a.body.code])).toEqual(Array.from({ length: 10 }, () => [200, 0]))
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1)
    expect(await cardCount(app, token)).toBe(before + 1)
  })

  it('a replay after a lost answer gets the first answer and writes nothing', async () => {
    const { app, clock } = await makeApp()
    const { token } = await passwordLogin(app)
    const first = await call<CardCreated>(app, 'POST', '/cards', { token, body: CARD, headers: keyed(KEY) })
    clock.advance(5 * 60_000)
    const again = await call<CardCreated>(app, 'POST', '/cards', { token, body: CARD, headers: keyed(KEY) })
    expect(again.body).toEqual(first.body)
    // Without the key, the same body is a new card: the key is what makes a repeat.
    const other = await call<CardCreated>(app, 'POST', '/cards', { token, body: CARD })
    expect(other.body.data.id).not.toBe(first.body.data.id)
  })

  it('the same key with another body is refused with 422 and changes nothing', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    await call(app, 'POST', '/cards', { token, body: CARD, headers: keyed(KEY) })
    const count = await cardCount(app, token)
    const r = await call(app, 'POST', '/cards', { token, body: { ...CARD, message: '另一张' }, headers: keyed(KEY) })
    expect(r.status).toBe(422)
    expect(r.body).toMatchObject({ code: 100002, data: null })
    expect(r.body.msg).toContain('Idempotency-Key')
    expect(await cardCount(app, token)).toBe(count)
  })

  it('a malformed key is refused with 400 before anything is written', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const count = await cardCount(app, token)
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(65), 'semi;colon-1234']) {
      const r = await call(app, 'POST', '/cards', { token, body: CARD, headers: keyed(bad) })
      expect([r.status, r.body.code]).toEqual([400, 100002])
    }
    expect(await cardCount(app, token)).toBe(count)
  })

  it('keys belong to an account: another student with the same key makes their own card', async () => {
    const { app } = await makeApp()
    const a = (await passwordLogin(app)).token
    const b = await smsStudent(app)
    const [ra, rb] = await Promise.all([
      call<CardCreated>(app, 'POST', '/cards', { token: a, body: CARD, headers: keyed(KEY) }),
      call<CardCreated>(app, 'POST', '/cards', { token: b, body: CARD, headers: keyed(KEY) }),
    ])
    expect([ra.body.code, rb.body.code]).toEqual([0, 0])
    expect(ra.body.data.id).not.toBe(rb.body.data.id)
  })

  it('a refused write keeps no key: the corrected request with that key lands', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const refused = await call(app, 'POST', '/cards', { token, body: { ...CARD, message: '   ' }, headers: keyed(KEY) })
    expect(refused.body.code).toBe(100002)
    const fixed = await call<CardCreated>(app, 'POST', '/cards', { token, body: CARD, headers: keyed(KEY) })
    expect(fixed.body.code).toBe(0)
    expect((await keysDb(app.db).selectFrom('idempotency_keys').select('key').execute()).length).toBe(1)
  })

  it('a key is forgotten after a day: 1 ms before, a repeat; at the day, a new card; the sweep removes it', async () => {
    const { app, clock } = await makeApp()
    // A day outlives an access token: each step signs in again, as the same student.
    const send = async () => call<CardCreated>(app, 'POST', '/cards', { token: (await passwordLogin(app)).token, body: CARD, headers: keyed(KEY) })
    const first = await send()
    clock.advance(IDEMPOTENCY_TTL_MS - 1)
    expect((await send()).body.data.id).toBe(first.body.data.id)
    expect(await sweepIdempotencyKeys(app.db, clock.now())).toBe(0)
    clock.advance(1)
    const later = await send()
    expect(later.body.code).toBe(0)
    expect(later.body.data.id).not.toBe(first.body.data.id)
    clock.advance(IDEMPOTENCY_TTL_MS)
    expect(await sweepIdempotencyKeys(app.db, clock.now())).toBe(1)
    expect(await keysDb(app.db).selectFrom('idempotency_keys').select('key').execute()).toEqual([])
  })
})

describe('POST /cards/audio with an Idempotency-Key', () => {
  it('ten copies of one recording sent at once store it once', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const before = await audioRows(app)
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(app, token, KEY)))
    const bodies = answers.map((r) => r.json() as { code: number; data: CardAudioUploaded })
    expect(bodies.map((b) => b.code)).toEqual(Array.from({ length: 10 }, () => 0))
    expect(new Set(bodies.map((b) => b.data.audioId)).size).toBe(1)
    expect(await audioRows(app)).toBe(before + 1)
    // The stored recording is the one the answer names.
    const card = await call<CardCreated>(app, 'POST', '/cards', { token, body: { ...CARD, audioId: bodies[0]!.data.audioId } })
    expect(card.body.code).toBe(0)
  })

  it('a browser replaying the same form gets the first answer, though each send draws a new boundary', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const form = (boundary: string) => {
      const part = (head: string, body: Buffer | string) => [Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]
      return Buffer.concat([
        ...part('Content-Disposition: form-data; name="durationMs"', '3000'),
        ...part('Content-Disposition: form-data; name="audio"; filename="message.webm"\r\nContent-Type: audio/webm', AUDIO),
        Buffer.from(`--${boundary}--\r\n`),
      ])
    }
    const send = (boundary: string) =>
      app.inject({ method: 'POST', url: '/api/cards/audio', payload: form(boundary), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, ...keyed(KEY) } })
    const before = await audioRows(app)
    const first = (await send('----formdata-first-1234')).json() as { code: number; data: CardAudioUploaded }
    const again = (await send('----formdata-again-5678')).json() as { code: number; data: CardAudioUploaded }
    expect(first.code).toBe(0)
    expect(again).toEqual(first)
    expect(await audioRows(app)).toBe(before + 1)
  })

  it('another recording under the same key is refused with 422', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    expect((await upload(app, token, KEY)).json()).toMatchObject({ code: 0 })
    const other = await app.inject({
      method: 'POST',
      url: '/api/cards/audio',
      payload: webmFile(3100),
      headers: { 'content-type': 'audio/webm', 'x-duration-ms': '3000', authorization: `Bearer ${token}`, ...keyed(KEY) },
    })
    expect([other.statusCode, (other.json() as { code: number }).code]).toEqual([422, 100002])
  })
})

describe('PUT /reports/:id with an Idempotency-Key', () => {
  it('parallel repeats apply once and all answer the same report', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const made = await call<OwnerReport>(app, 'POST', '/reports', { token, body: { year: 2023 } })
    expect(made.body.code).toBe(0)
    const body = { shareable: true, hidden: ['time'] }
    const answers = await Promise.all(Array.from({ length: 10 }, () => call<OwnerReport>(app, 'PUT', `/reports/${made.body.data.id}`, { token, body, headers: keyed(KEY) })))
    expect(answers.map((a) => a.body.code)).toEqual(Array.from({ length: 10 }, () => 0))
    expect(answers.every((a) => JSON.stringify(a.body) === JSON.stringify(answers[0]!.body))).toBe(true)
    expect(answers[0]!.body.data).toMatchObject({ shareable: true, hidden: ['time'] })
    expect((await keysDb(app.db).selectFrom('idempotency_keys').select('key').execute()).length).toBe(1)
  })

  it('the same key on another report is another request: 422', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const made = await call<OwnerReport>(app, 'POST', '/reports', { token, body: { year: 2023 } })
    await call(app, 'PUT', `/reports/${made.body.data.id}`, { token, body: { shareable: true }, headers: keyed(KEY) })
    const r = await call(app, 'PUT', '/reports/some-other-report', { token, body: { shareable: true }, headers: keyed(KEY) })
    expect([r.status, r.body.code]).toEqual([422, 100002])
  })
})
