/** Mother's Day cards: upload, create, privacy rules, the public recording with ranges, and the demo card. */
import { SHOWN_REFUSED } from '../../../server/app'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { CARD_AUDIO_MAX_BYTES, type Card, type CardAudioUploaded, type CardCreated } from '../../../src/contract/cards'
import { wavFile } from '../../support/wav'
import { mp3File, oggOpusFile, webmFile } from '../../support/audio'
import { call, deleteAccount, makeApp, passwordLogin, smsCode, DEVICE, SMS_ONLY_PHONE, type Pair } from '../support/helpers'

/** A 4.2 s WebM recording as MediaRecorder writes it, and a 1.5 s Ogg Opus one (tests/support/audio.ts). */
const AUDIO = webmFile(4200)
const OGG = oggOpusFile(1500)

function multipart(parts: { name: string; value: Buffer | string; filename?: string; type?: string }[], boundary = 'habor-test-boundary'): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = []
  for (const p of parts) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

async function uploadAudio(app: FastifyInstance, token: string, durationMs = '4200', type = 'audio/webm;codecs=opus', bytes: Buffer = AUDIO) {
  const body = multipart([
    { name: 'durationMs', value: durationMs },
    { name: 'audio', value: bytes, filename: 'message.webm', type },
  ])
  const res = await app.inject({ method: 'POST', url: '/api/cards/audio', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } })
  return res.json() as { code: number; msg: string; data: CardAudioUploaded }
}

async function smsUser(app: FastifyInstance): Promise<string> {
  const code = await smsCode(app, SMS_ONLY_PHONE)
  return (await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${SMS_ONLY_PHONE}`, code, isAdmin: false, ...DEVICE } })).body.data.token
}

describe('cards', () => {
  it('creates a card with a recording that anyone can read and play, with byte ranges and long caching', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const up = await uploadAudio(app, token)
    expect(up).toMatchObject({ code: 0, data: { size: AUDIO.length, mime: 'audio/webm', durationMs: 4200 } })
    const made = await call<CardCreated>(app, 'POST', '/cards', { token, body: { design: 'garden', to: '妈妈', message: '  Happy Mother’s Day!  ', audioId: up.data.audioId } })
    expect(made.body.code).toBe(0)
    const card = await call<Card>(app, 'GET', `/cards/${made.body.data.id}`)
    expect(card.body.data).toMatchObject({ design: 'garden', to: '妈妈', message: 'Happy Mother’s Day!', senderName: 'Demo Student', shareable: true, mine: false })
    expect(card.body.data.audio).toEqual({ path: `/cards/audio/${up.data.audioId}`, mime: 'audio/webm', durationMs: 4200 })
    const whole = await app.inject({ method: 'GET', url: `/api${card.body.data.audio!.path}` })
    expect(whole.statusCode).toBe(200)
    expect(whole.rawPayload.equals(AUDIO)).toBe(true)
    expect(whole.headers).toMatchObject({ 'content-type': 'audio/webm', 'accept-ranges': 'bytes', 'cache-control': 'private, no-cache' })
    const part = await app.inject({ method: 'GET', url: `/api${card.body.data.audio!.path}`, headers: { range: 'bytes=100-199' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-199/${AUDIO.length}`)
    expect(part.rawPayload.equals(AUDIO.subarray(100, 200))).toBe(true)
    const tail = await app.inject({ method: 'GET', url: `/api${card.body.data.audio!.path}`, headers: { range: 'bytes=-10' } })
    expect(tail.rawPayload.equals(AUDIO.subarray(AUDIO.length - 10))).toBe(true)
    const bad = await app.inject({ method: 'GET', url: `/api${card.body.data.audio!.path}`, headers: { range: `bytes=${AUDIO.length}-` } })
    expect(bad.statusCode).toBe(416)
    expect(bad.headers['content-range']).toBe(`bytes */${AUDIO.length}`)
    // A header that is not one range of bytes is ignored, as on every other file: the whole recording.
    const odd = await app.inject({ method: 'GET', url: `/api${card.body.data.audio!.path}`, headers: { range: 'bytes=0-1,5-6' } })
    expect(odd.statusCode).toBe(200)
    expect(odd.rawPayload.equals(AUDIO)).toBe(true)
    // The author sees it as theirs.
    expect((await call<Card>(app, 'GET', `/cards/${made.body.data.id}`, { token })).body.data.mine).toBe(true)
  })

  it('accepts a raw audio body as well', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const res = await app.inject({ method: 'POST', url: '/api/cards/audio', payload: OGG, headers: { 'content-type': 'audio/ogg', authorization: `Bearer ${token}` } })
    expect(res.json()).toMatchObject({ code: 0, data: { mime: 'audio/ogg', durationMs: 1500, size: OGG.length } })
  })

  it('refuses uploads without login, of other types, empty, too long or not multipart', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const anon = await app.inject({ method: 'POST', url: '/api/cards/audio', payload: AUDIO, headers: { 'content-type': 'audio/webm' } })
    expect(anon.statusCode).toBe(401)
    expect((await uploadAudio(app, token, '4000', 'image/png')).msg).toBe('audio: is not an accepted audio type')
    expect((await uploadAudio(app, token, '4000', 'audio/webm', Buffer.alloc(0))).msg).toBe('audio: is empty')
    // The length is read from the recording: a 61.5 s one is refused whatever the client says.
    expect((await uploadAudio(app, token, '4000', 'audio/webm', webmFile(61_500))).msg).toBe('audio: is longer than 60 seconds')
    // Bytes that only start like a recording have no length to read.
    expect((await uploadAudio(app, token, '4000', 'audio/webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(3000, 9)]))).msg).toBe('audio: its length cannot be read: not a whole recording')
    const noFile = multipart([{ name: 'durationMs', value: '1000' }])
    const r = await app.inject({ method: 'POST', url: '/api/cards/audio', payload: noFile.payload, headers: { ...noFile.headers, authorization: `Bearer ${token}` } })
    expect(r.json()).toMatchObject({ code: 100002, msg: 'audio: is required' })
    const broken = await app.inject({ method: 'POST', url: '/api/cards/audio', payload: 'not multipart at all', headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${token}` } })
    // A body that is no form holds no recording either.
    expect(broken.json()).toMatchObject({ code: 100002, msg: 'audio: is required' })
    // A form cut off inside its file part is not a form.
    const cut = multipart([{ name: 'audio', value: AUDIO, filename: 'a.webm', type: 'audio/webm' }])
    const truncated = await app.inject({ method: 'POST', url: '/api/cards/audio', payload: cut.payload.subarray(0, 300), headers: { ...cut.headers, authorization: `Bearer ${token}` } })
    expect(truncated.json()).toMatchObject({ code: 100002, msg: 'body: not valid multipart/form-data' })
    const big = multipart([{ name: 'durationMs', value: '4000' }, { name: 'audio', value: Buffer.concat([AUDIO, Buffer.alloc(CARD_AUDIO_MAX_BYTES)]), filename: 'a.webm', type: 'audio/webm' }])
    const over = await app.inject({ method: 'POST', url: '/api/cards/audio', payload: big.payload, headers: { ...big.headers, authorization: `Bearer ${token}` } })
    expect(over.json()).toMatchObject({ code: 100002, msg: `audio: is larger than ${CARD_AUDIO_MAX_BYTES} bytes` })
    const json = await call(app, 'POST', '/cards/audio', { token, body: { audio: 'x' } })
    expect(json.body.code).toBe(100002)
    expect(await app.db.withTables<{ card_audio: { id: string } }>().selectFrom('card_audio').select('id').execute()).toEqual([])
  })

  it('refuses a file that is not audio whatever its name and type say, and reads a WAV length from its header', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const random = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 256))
    const fake = multipart([
      { name: 'durationMs', value: '3000' },
      { name: 'audio', value: random, filename: 'fake.mp3', type: 'audio/mpeg' },
    ])
    const res = await app.inject({ method: 'POST', url: '/api/cards/audio', payload: fake.payload, headers: { ...fake.headers, authorization: `Bearer ${token}` } })
    // Like every refused input of the wire contract: HTTP 200 with the business code.
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ code: 100002, msg: 'audio: is not an audio file (webm, ogg, m4a, mp3, aac or wav)' })
    expect((await uploadAudio(app, token, '3000', 'audio/wav', wavFile(0))).msg).toBe('audio: holds no sound')
    expect(await app.db.withTables<{ card_audio: { id: string } }>().selectFrom('card_audio').select('id').execute()).toEqual([])

    // The recording's own length wins over the client's, for every type; an MP3 sent as m4a is stored as what it is.
    expect(await uploadAudio(app, token, '9000', 'audio/wav', wavFile(2500))).toMatchObject({ code: 0, data: { mime: 'audio/wav', durationMs: 2500 } })
    expect(await uploadAudio(app, token, '500', 'audio/webm', webmFile(7000))).toMatchObject({ code: 0, data: { mime: 'audio/webm', durationMs: 7000 } })
    const mp3 = (await uploadAudio(app, token, '60000', 'audio/x-m4a', mp3File(4000))).data
    expect(mp3.mime).toBe('audio/mpeg')
    expect(Math.abs(mp3.durationMs - 4000)).toBeLessThan(30)
  })

  it('validates the card: login, design, message length, and a recording of my own not used twice', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    expect((await call(app, 'POST', '/cards', { body: { design: 'garden', message: 'hi' } })).status).toBe(401)
    expect((await call(app, 'POST', '/cards', { token, body: { design: 'neon', message: 'hi' } })).body.code).toBe(100002)
    expect((await call(app, 'POST', '/cards', { token, body: { design: 'garden', message: 'x'.repeat(141) } })).body.msg).toMatch(/^message:/)
    expect((await call(app, 'POST', '/cards', { token, body: { design: 'garden', message: '   ' } })).body.msg).toBe(`message: ${SHOWN_REFUSED}`)
    expect((await call(app, 'POST', '/cards', { token, body: { design: 'garden', message: 'x'.repeat(140) } })).body.code).toBe(0)
    const up = await uploadAudio(app, token)
    const other = await smsUser(app)
    expect((await call(app, 'POST', '/cards', { token: other, body: { design: 'garden', message: 'hi', audioId: up.data.audioId } })).body.msg).toBe('audioId: no such recording of yours')
    expect((await call(app, 'POST', '/cards', { token, body: { design: 'garden', message: 'one', audioId: up.data.audioId } })).body.code).toBe(0)
    expect((await call(app, 'POST', '/cards', { token, body: { design: 'garden', message: 'two', audioId: up.data.audioId } })).body.msg).toBe('audioId: is already on another card')
  })

  it('keeps a private card and its recording to its author, and a deleted card from everyone', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const other = await smsUser(app)
    const up = await uploadAudio(app, token)
    const id = (await call<CardCreated>(app, 'POST', '/cards', { token, body: { design: 'letter', message: 'secret', audioId: up.data.audioId, shareable: false } })).body.data.id
    const audioUrl = `/api/cards/audio/${up.data.audioId}`
    expect((await call(app, 'GET', `/cards/${id}`)).body.code).toBe(100001)
    expect((await call(app, 'GET', `/cards/${id}`, { token: other })).body.code).toBe(100001)
    expect((await call(app, 'GET', `/cards/${id}`, { token: 'not-a-token' })).body.code).toBe(100001)
    expect((await call<Card>(app, 'GET', `/cards/${id}`, { token })).body.data).toMatchObject({ message: 'secret', mine: true, shareable: false })
    expect((await app.inject({ method: 'GET', url: audioUrl })).json()).toMatchObject({ code: 100001 })
    expect((await app.inject({ method: 'GET', url: audioUrl, headers: { authorization: `Bearer ${other}` } })).json()).toMatchObject({ code: 100001 })
    const own = await app.inject({ method: 'GET', url: audioUrl, headers: { authorization: `Bearer ${token}` } })
    expect(own.statusCode).toBe(200)
    expect(own.headers['cache-control']).toBe('private, no-cache')
    // Only the author may share it; then everyone sees it.
    expect((await call(app, 'PUT', `/cards/${id}`, { token: other, body: { shareable: true } })).body.code).toBe(100001)
    expect((await call(app, 'PUT', `/cards/${id}`, { token, body: { shareable: true } })).body.code).toBe(0)
    expect((await call(app, 'GET', `/cards/${id}`)).body.code).toBe(0)
    const shared = await app.inject({ method: 'GET', url: audioUrl })
    expect(shared.statusCode).toBe(200)
    // Shared, it is still kept by the listener's browser only, and asked again at each play: while it is
    // unchanged a 304, once withdrawn or deleted no copy is served any more.
    expect(shared.headers['cache-control']).toBe('private, no-cache')
    const etag = shared.headers.etag as string
    expect(etag).toBeTruthy()
    expect((await app.inject({ method: 'GET', url: audioUrl, headers: { 'if-none-match': etag } })).statusCode).toBe(304)
    expect((await call(app, 'PUT', `/cards/${id}`, { token, body: { shareable: false } })).body.code).toBe(0)
    expect((await app.inject({ method: 'GET', url: audioUrl, headers: { 'if-none-match': etag } })).json()).toMatchObject({ code: 100001 })
    expect((await call(app, 'PUT', `/cards/${id}`, { token, body: { shareable: true } })).body.code).toBe(0)
    // Deleted: gone for everyone, the author too.
    expect((await call(app, 'DELETE', `/cards/${id}`, { token: other })).body.code).toBe(100001)
    expect((await call(app, 'DELETE', `/cards/${id}`, { token })).body.code).toBe(0)
    expect((await call(app, 'GET', `/cards/${id}`, { token })).body.code).toBe(100001)
    expect((await app.inject({ method: 'GET', url: audioUrl })).json()).toMatchObject({ code: 100001 })
    expect((await app.inject({ method: 'GET', url: audioUrl, headers: { 'if-none-match': etag } })).json()).toMatchObject({ code: 100001 })
    // A recording on no card is not served.
    const loose = await uploadAudio(app, token)
    expect((await app.inject({ method: 'GET', url: `/api/cards/audio/${loose.data.audioId}` })).json()).toMatchObject({ code: 100001 })
  })

  it('a delete replayed with its Idempotency-Key (the outbox after a lost answer) answers as the first did, in parallel too; a new key finds nothing', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const up = await uploadAudio(app, token)
    const id = (await call<CardCreated>(app, 'POST', '/cards', { token, body: { design: 'letter', message: '给妈妈', audioId: up.data.audioId } })).body.data.id
    const headers = { 'idempotency-key': 'card-delete-0001' }
    const answers = await Promise.all([1, 2, 3].map(() => call(app, 'DELETE', `/cards/${id}`, { token, headers })))
    expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0])
    expect((await call(app, 'DELETE', `/cards/${id}`, { token, headers })).body.code).toBe(0)
    // Gone, with its recording; a delete with another key is a new request for a card that is not there.
    expect((await call<Card[]>(app, 'GET', '/cards', { token })).body.data.map((c) => c.id)).not.toContain(id)
    expect((await app.inject({ method: 'GET', url: `/api/cards/audio/${up.data.audioId}`, headers: { authorization: `Bearer ${token}` } })).json()).toMatchObject({ code: 100001 })
    expect((await call(app, 'DELETE', `/cards/${id}`, { token, headers: { 'idempotency-key': 'card-delete-0002' } })).body.code).toBe(100001)
  })

  it("hides every card of an account once it is deleted, and lists only mine", async () => {
    const { app, clock } = await makeApp()
    const { token } = await passwordLogin(app)
    const other = await smsUser(app)
    const mine = (await call<CardCreated>(app, 'POST', '/cards', { token: other, body: { design: 'sunrise', message: 'from the reader' } })).body.data.id
    const list = await call<Card[]>(app, 'GET', '/cards', { token: other })
    expect(list.body.data.map((c) => c.id)).toEqual([mine])
    expect((await call<Card[]>(app, 'GET', '/cards', { token })).body.data.map((c) => c.id)).toEqual(['demo-card'])
    expect((await deleteAccount(app, other, { phone: SMS_ONLY_PHONE, clock })).body.code).toBe(0)
    expect((await call(app, 'GET', `/cards/${mine}`)).body.code).toBe(100001)
  })

  it('seeds the demo card once, readable without login', async () => {
    const { app } = await makeApp()
    const r = await call<Card>(app, 'GET', '/cards/demo-card')
    expect(r.body.data).toMatchObject({ id: 'demo-card', design: 'carnation', senderName: 'Demo Student', audio: null, shareable: true })
    expect((await call(app, 'GET', '/cards/no-such-card')).body.code).toBe(100001)
    expect((await call(app, 'GET', '/cards/bad%20id')).body.code).toBe(100002)
  })
})
