/** Public content calls: each kind answers while shared, and 100001 when private, deleted or unknown. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CODE } from '../../../src/contract'
import type { ContentKind, OpusView, ReadView, SoundView, TaskView } from '../../../src/contract/content'
import { DEMO_ASSETS, DEMO_IDS } from '../../../server/db/seedContent'
import { ASSET_DIR } from '../../../server/services/media'
import { call, makeApp } from '../support/helpers'

const TABLE = { opus: 'works', read: 'reading_records', task: 'tasks', sound: 'sounds' } as const
const KINDS: ContentKind[] = ['opus', 'read', 'task', 'sound']

describe('GET /content/<kind>/<id>', () => {
  it('answers each demo content without a login', async () => {
    const { app } = await makeApp()
    const opus = await call<OpusView>(app, 'GET', `/content/opus/${DEMO_IDS.opus}`)
    expect(opus.body.code).toBe(0)
    expect(opus.body.data).toMatchObject({ id: 'demo-opus', title: '门前的银杏树', author: { name: 'Demo Student', className: '七年级 2班' }, org: 'Demo School' })
    expect(opus.body.data.images).toHaveLength(2)
    expect(opus.body.data.audio).toMatchObject({ mime: 'audio/wav', durationMs: 20_760 })
    expect(opus.body.data.cover?.url).toMatch(/^\/api\/content\/media\/[0-9a-f-]{36}$/)
    expect(opus.headers['cache-control']).toBe('no-cache')

    const read = await call<ReadView>(app, 'GET', `/content/read/${DEMO_IDS.read}`)
    expect(read.body.data).toMatchObject({ book: { title: '草房子', author: '曹文轩', category: '儿童文学' }, reader: { name: 'Demo Student' }, minutes: 45, pages: 38, streakDays: 17, tzOffsetMin: 480 })
    expect(read.body.data.bookSessions).toBeGreaterThan(5)

    const task = await call<TaskView>(app, 'GET', `/content/task/${DEMO_IDS.task}`)
    expect(task.body.data).toMatchObject({ title: '《草房子》整本书阅读', publisher: '李老师', className: '七年级 2班', org: 'Demo School' })
    expect(task.body.data.attachments[0]).toMatchObject({ name: '《草房子》阅读单.png', mime: 'image/png' })

    const sound = await call<SoundView>(app, 'GET', `/content/sound/${DEMO_IDS.sound}`)
    expect(sound.body.data).toMatchObject({ title: '口琴练习：小星星', author: { name: 'Demo Student' }, audio: { mime: 'audio/wav', durationMs: 20_760 } })
  })

  for (const kind of KINDS) {
    it(`${kind}: 100001 once the owner stops sharing, when deleted, and for an unknown id`, async () => {
      const { app } = await makeApp()
      const id = DEMO_IDS[kind]
      expect((await call(app, 'GET', `/content/${kind}/${id}`)).body.code).toBe(0)
      await app.db.updateTable(TABLE[kind]).set({ shareable: 0 }).where('id', '=', id).execute()
      const hidden = await call(app, 'GET', `/content/${kind}/${id}`)
      expect(hidden.status).toBe(200)
      expect(hidden.body).toEqual({ code: CODE.DATA_EMPTY, msg: 'data empty', data: null })
      await app.db.updateTable(TABLE[kind]).set({ shareable: 1, deleted_at: 1 }).where('id', '=', id).execute()
      expect((await call(app, 'GET', `/content/${kind}/${id}`)).body.code).toBe(CODE.DATA_EMPTY)
      expect((await call(app, 'GET', `/content/${kind}/${crypto.randomUUID()}`)).body.code).toBe(CODE.DATA_EMPTY)
    })
  }

  it('hides the content of a disabled account', async () => {
    const { app } = await makeApp()
    await app.db.updateTable('users').set({ status: 'disabled' }).where('phone', '=', '+8613800138000').execute()
    for (const kind of ['opus', 'read', 'sound'] as const) expect((await call(app, 'GET', `/content/${kind}/${DEMO_IDS[kind]}`)).body.code).toBe(CODE.DATA_EMPTY)
  })

  it('refuses a malformed id or kind as a bad parameter', async () => {
    const { app } = await makeApp()
    expect((await call(app, 'GET', `/content/opus/${encodeURIComponent('<b>')}`)).body.code).toBe(CODE.PARAM_INVALID)
    expect((await call(app, 'GET', '/content/diary/demo-opus')).body.code).toBe(CODE.PARAM_INVALID)
  })
})

describe('GET /content/media/<id>', () => {
  const wav = readFileSync(`${ASSET_DIR}${DEMO_ASSETS.twinkle.key}`)

  async function audioUrl() {
    const { app } = await makeApp()
    const sound = await call<SoundView>(app, 'GET', `/content/sound/${DEMO_IDS.sound}`)
    return { app, url: sound.body.data.audio.url }
  }

  it('serves the whole file, revalidated at each play like every recording, and announces ranges', async () => {
    const { app, url } = await audioUrl()
    const res = await app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/wav')
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.headers['cache-control']).toBe('private, no-cache')
    expect(res.headers.etag).toBeTruthy()
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(Number(res.headers['content-length'])).toBe(wav.length)
    expect(res.rawPayload.equals(wav)).toBe(true)
  })

  it('answers a byte range with 206 so audio can seek, and 416 past the end', async () => {
    const { app, url } = await audioUrl()
    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-1999' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${wav.length}`)
    expect(part.rawPayload.equals(wav.subarray(1000, 2000))).toBe(true)
    const tail = await app.inject({ method: 'GET', url, headers: { range: 'bytes=-500' } })
    expect(tail.statusCode).toBe(206)
    expect(tail.rawPayload.equals(wav.subarray(wav.length - 500))).toBe(true)
    const past = await app.inject({ method: 'GET', url, headers: { range: `bytes=${wav.length}-` } })
    expect(past.statusCode).toBe(416)
    expect(past.headers['content-range']).toBe(`bytes */${wav.length}`)
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(part.headers.etag) } })
    expect(again.statusCode).toBe(304)
  })

  it('streams whole files and ranges over a real connection, with nothing after the body', async () => {
    const { app, url } = await audioUrl()
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const whole = await fetch(`${address}${url}`)
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(wav)).toBe(true)
    const part = await fetch(`${address}${url}`, { headers: { range: 'bytes=44-1043' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(wav.subarray(44, 1044))).toBe(true)
    const card = await fetch(`${address}/api/content/card.png`)
    expect(card.headers.get('content-type')).toBe('image/png')
    expect((await card.arrayBuffer()).byteLength).toBeGreaterThan(1000)
  })

  it('answers 100001 for an unknown id and never leaves its folder', async () => {
    const { app } = await makeApp()
    const unknown = await call(app, 'GET', `/content/media/${crypto.randomUUID()}`)
    expect(unknown.body.code).toBe(CODE.DATA_EMPTY)
    const id = crypto.randomUUID()
    await app.db.insertInto('media').values({ id, owner_user_id: null, mime: 'text/plain', size: 1, width: null, height: null, duration_ms: null, storage: 'asset', key: '../../package.json', created_at: 0 }).execute()
    expect((await call(app, 'GET', `/content/media/${id}`)).body.code).toBe(CODE.DATA_EMPTY)
  })
})

describe('byte ranges of RFC 9110, the same on every file the server sends', () => {
  // The card audio call answers through the same sender (tests/server/routes/cards.test.ts checks it there).
  it.each([
    ['bytes=0-9', 206, [0, 10]],
    ['bytes=5-', 206, [5, 100]],
    ['bytes=-10', 206, [90, 100]],
    ['bytes=90-500', 206, [90, 100]],
    ['bytes=99-99', 206, [99, 100]],
    ['bytes=100-', 416, null],
    ['bytes=-0', 416, null],
    ['bytes=abc', 416, null],
    ['bytes=-', 416, null],
    // Several ranges, or a unit other than bytes, are ignored: the whole file.
    ['bytes=0-1,5-6', 200, [0, 100]],
    ['items=0-1', 200, [0, 100]],
  ] as const)('%s of a 100-byte file → %i', async (range, status, slice) => {
    const { app } = await makeApp()
    const bytes = Buffer.from(Array.from({ length: 100 }, (_, i) => i))
    mkdirSync(join(app.config.dataDir, 'media'), { recursive: true })
    writeFileSync(join(app.config.dataDir, 'media', 'hundred.bin'), bytes)
    const id = '7f0e4b2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b'
    await app.db.insertInto('media').values({ id, owner_user_id: null, mime: 'application/octet-stream', size: 100, width: null, height: null, duration_ms: null, storage: 'file', key: 'hundred.bin', created_at: 0 }).execute()
    const res = await app.inject({ method: 'GET', url: `/api/content/media/${id}`, headers: { range } })
    expect(res.statusCode).toBe(status)
    if (slice) expect(res.rawPayload.equals(bytes.subarray(...slice))).toBe(true)
    if (status === 206) expect(res.headers['content-range']).toBe(`bytes ${slice![0]}-${slice![1] - 1}/100`)
    if (status === 416) expect(res.headers['content-range']).toBe('bytes */100')
    expect(res.headers['content-encoding']).toBeUndefined()
  })
})
