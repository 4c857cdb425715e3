/**
 * Limits that must hold however requests are timed, on however many nodes, and for a school behind one
 * address (docs/security.md, "Limits of accounts, numbers and classes"). Real parallel requests against one
 * app, on SQLite and on PostgreSQL (`npm run test:server:pg`), where transactions really overlap.
 */
import type { FastifyInstance } from 'fastify'
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CARD_AUDIO_MAX_BYTES } from '../../../src/contract/cards'
import { audioDir, STORAGE_QUOTA_BYTES, sweepUnattached, type CardTables } from '../../../server/services/cards'
import { webmFile } from '../../support/audio'
import { call, DEVICE, makeApp, passwordLogin, smsCode, type Pair } from '../support/helpers'

describe('SMS send limits under parallel requests', () => {
  it('50 parallel code requests for one new number send one code; the others wait', async () => {
    const sent: string[] = []
    const provider = { name: 'count', send: async (m: { phone: string }) => void sent.push(m.phone) }
    const { app: counted } = await makeApp({ sms: provider })
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(counted, 'POST', '/sms/code', { body: { username: '+8613700137001', scene: 'login' } })))
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(49)
    expect(sent).toEqual(['+8613700137001'])
    expect(await counted.db.selectFrom('sms_codes').select('id').execute()).toHaveLength(1)
  })

  it('the per-address hourly count holds under parallel requests for many numbers', async () => {
    const { app } = await makeApp({ limits: { sms: { perIpHour: 5 } } })
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => call(app, 'POST', '/sms/code', { body: { username: `+861370013${String(7100 + i)}`, scene: 'login' }, ip: '10.1.2.3' })))
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(5)
    expect(await app.db.selectFrom('sms_codes').select('id').execute()).toHaveLength(5)
  })
})

describe('the recordings an account holds', () => {
  /** A 4.2 s WebM recording padded to the largest size an upload may have. */
  const short = webmFile(4200)
  const LARGEST = webmFile(4200, CARD_AUDIO_MAX_BYTES - short.length - 9)
  const upload = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'POST', url: '/api/cards/audio', payload: LARGEST, headers: { 'content-type': 'audio/webm', authorization: `Bearer ${token}` } })

  it('20 upload-and-attach cycles stop at the quota; deleting the cards frees it and removes the files', async () => {
    const { app, dir } = await makeApp()
    const { token } = await passwordLogin(app)
    const cards: string[] = []
    let refused: { status: number; body: { code: number; data: { reason?: string } } } | null = null
    for (let i = 0; i < 20 && !refused; i++) {
      const up = await upload(app, token)
      const body = up.json() as { code: number; data: { audioId: string; reason?: string } }
      if (body.code !== 0) {
        refused = { status: up.statusCode, body }
        break
      }
      const card = await call<{ id: string }>(app, 'POST', '/cards', { token, body: { design: 'garden', message: `card ${i}`, audioId: body.data.audioId } })
      expect(card.body.code).toBe(0)
      cards.push(card.body.data.id)
    }
    expect(cards).toHaveLength(Math.floor(STORAGE_QUOTA_BYTES / CARD_AUDIO_MAX_BYTES))
    expect(refused).toMatchObject({ status: 429, body: { code: 100003, data: { reason: 'storage-quota' } } })
    expect(readdirSync(audioDir(dir))).toHaveLength(cards.length)

    for (const id of cards) expect((await call(app, 'DELETE', `/cards/${id}`, { token })).body.code).toBe(0)
    expect(readdirSync(audioDir(dir))).toEqual([])
    expect(await app.db.withTables<CardTables>().selectFrom('card_audio').select('id').execute()).toEqual([])
    expect((await upload(app, token)).json()).toMatchObject({ code: 0 })
  })

  it('counts the recordings of cards deleted before deleting released them, and the sweep frees them', async () => {
    const { app, dir, clock } = await makeApp()
    const { token } = await passwordLogin(app)
    const db = app.db.withTables<CardTables>()
    const audioId = ((await upload(app, token)).json() as { data: { audioId: string } }).data.audioId
    const card = (await call<{ id: string }>(app, 'POST', '/cards', { token, body: { design: 'garden', message: 'old', audioId } })).body.data.id
    // As a delete of today's code left it: the card marked, its recording kept.
    await db.updateTable('cards').set({ deleted_at: clock.now() }).where('id', '=', card).execute()
    expect(await sweepUnattached(db, dir, clock.now())).toBe(1)
    expect(readdirSync(audioDir(dir))).toEqual([])
    expect(await db.selectFrom('card_audio').select('id').execute()).toEqual([])
  })

  it('a registration token neither uploads nor creates cards', async () => {
    const { app } = await makeApp()
    const code = await smsCode(app, '13700137020')
    const reg = await call<Pair & { isReg: boolean }>(app, 'POST', '/login/sms', { body: { username: '+8613700137020', code, isAdmin: false, ...DEVICE } })
    expect(reg.body.data.isReg).toBe(true)
    const r = await call(app, 'POST', '/cards', { token: reg.body.data.token, body: { design: 'garden', message: 'from a half-made account' } })
    expect(r.body.code).toBe(200004)
    expect((await upload(app, reg.body.data.token)).json()).toMatchObject({ code: 200004 })
    expect(await app.db.withTables<CardTables>().selectFrom('cards').select('id').where('message', '=', 'from a half-made account').execute()).toEqual([])
  })
})

describe('rate limits for a school behind one address', () => {
  it('40 signed-in accounts from one address, each making 60 calls in a minute, are all served', async () => {
    const { app } = await makeApp()
    const school = '203.0.113.7'
    const tokens: string[] = []
    for (let i = 0; i < 40; i++) {
      const phone = `137001${String(38000 + i)}`
      const sent = await call(app, 'POST', '/sms/code', { body: { username: `+86${phone}`, scene: 'login' }, ip: school })
      expect(sent.body.code).toBe(0)
      const code = (await call<{ code: string }>(app, 'GET', `/dev/sms/outbox?phone=${phone}`)).body.data.code
      const reg = await call<Pair>(app, 'POST', '/login/sms', { body: { username: `+86${phone}`, code, isAdmin: false, ...DEVICE }, ip: school })
      const done = await call<Pair>(app, 'PUT', '/auth/student/improve', { token: reg.body.data.token, body: { name: `学生${i}`, grade: '七年级', className: '2班', orgCode: 'DEMO' }, ip: school })
      expect(done.body.code).toBe(0)
      tokens.push(done.body.data.token)
    }
    const statuses = new Map<number, number>()
    for (let round = 0; round < 60; round++) {
      const answers = await Promise.all(tokens.map((token) => call(app, 'GET', '/auth/student?appId=jsj-habor', { token, ip: school })))
      for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1)
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 2400 })
  })

  it('anonymous calls stay counted per address, and one account is counted alone wherever it calls from', async () => {
    const { app } = await makeApp({ limits: { apiPerMinute: 5, accountPerMinute: 8 } })
    const { token } = await passwordLogin(app)
    const anon = await Promise.all(Array.from({ length: 7 }, () => call(app, 'GET', '/health', { ip: '203.0.113.8' })))
    expect(anon.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429])
    // A token that is not one counts against its address like an anonymous call.
    expect((await call(app, 'GET', '/health', { ip: '203.0.113.8', token: 'forged.token.here' })).status).toBe(429)
    const signed = await Promise.all(Array.from({ length: 10 }, (_, i) => call(app, 'GET', '/auth/student?appId=jsj-habor', { token, ip: i % 2 ? '203.0.113.8' : '198.51.100.9' })))
    expect(signed.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429])
  })
})
