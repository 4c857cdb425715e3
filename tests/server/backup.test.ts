/**
 * scripts/backup.mjs (`npm run backup`, `npm run restore`) as an operator runs it: a separate process
 * beside a server that goes on writing cards and recordings, then a restore into an empty DATA_DIR (and,
 * on PostgreSQL, an empty database) that a new server serves. On SQLite or PostgreSQL as the run is.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Card, CardAudioUploaded, CardCreated } from '../../src/contract/cards'
import { webmFile } from '../support/audio'
import { call, makeApp, passwordLogin } from './support/helpers'

const ROOT = join(import.meta.dirname, '..', '..')
const SCRIPT = join(ROOT, 'scripts', 'backup.mjs')
const PG_BASE = process.env.DATABASE_URL
const hasPgTools = spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0
if (PG_BASE && !hasPgTools && process.env.CI && process.env.CI !== 'false') throw new Error('pg_dump and pg_restore are needed on PostgreSQL (apt-get install postgresql-client; .ci/run does)')
const skip = Boolean(PG_BASE && !hasPgTools)

/**
 * The load: two writers write cards with recordings; the backup starts once BEFORE_CARDS are acknowledged,
 * and the writers go on until AFTER_CARDS more are acknowledged after it ended, so cards are written
 * before, during and after it, however fast or busy the machine is. MAX_CARDS bounds the writes.
 */
const BEFORE_CARDS = 40
const AFTER_CARDS = 20
const MAX_CARDS = 6000

// After the file, once the helpers have closed every app (a database is dropped with its connections gone).
const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `habor-${name}-`))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A fresh, empty database beside the run's (dropped after the test, and by scripts/test-server-pg.mjs). */
async function emptyDatabase(): Promise<string> {
  const base = new URL(PG_BASE!)
  const name = `${base.pathname.slice(1)}_w${process.env.VITEST_POOL_ID ?? '0'}_b${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_BASE })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: PG_BASE })
    await c.connect()
    await c.query(`drop database if exists ${name} with (force)`)
    await c.end()
  })
  const url = new URL(PG_BASE!)
  url.pathname = `/${name}`
  url.search = ''
  return url.href
}

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** `npm run <command> -- <dir>` as its own process, with the server's settings. */
function script(command: 'backup' | 'restore', dir: string, env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<Run> {
  const child = spawn(process.execPath, [SCRIPT, command, dir], { cwd: ROOT, env: { PATH: process.env.PATH, DATA_DIR: env.DATA_DIR, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) } })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}

interface Written {
  id: string
  audioId: string
  sha256: string
}

async function writeCard(app: FastifyInstance, token: string, n: number): Promise<Written> {
  // Each recording differs (its padding), so a file restored under another card's key would show.
  const bytes = webmFile(1500, 1 + n)
  const boundary = `b${n}x`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="durationMs"\r\n\r\n1500\r\n--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="m.webm"\r\nContent-Type: audio/webm\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const up = await app.inject({ method: 'POST', url: '/api/cards/audio', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } })
  const uploaded = up.json() as { code: number; data: CardAudioUploaded }
  if (uploaded.code !== 0) throw new Error(`upload ${n} refused: ${up.body}`)
  const made = await call<CardCreated>(app, 'POST', '/cards', { token, body: { design: 'garden', to: `妈妈 ${n}`, message: `卡片 ${n}`, audioId: uploaded.data.audioId, shareable: n % 2 === 0 } })
  if (made.body.code !== 0) throw new Error(`card ${n} refused: ${JSON.stringify(made.body)}`)
  return { id: made.body.data.id, audioId: uploaded.data.audioId, sha256: createHash('sha256').update(bytes).digest('hex') }
}

/** No JWT_SECRET: the server generates one into DATA_DIR, which the backup must carry for tokens to hold. */
const LOAD_LIMITS = { limits: { accountPerMinute: 1_000_000, apiPerMinute: 1_000_000 }, jwtSecret: undefined }

/** A server with its data where a backup reads it: its own DATA_DIR, and on PostgreSQL its own database. */
async function source() {
  const databaseUrl = PG_BASE ? await emptyDatabase() : undefined
  const t = await makeApp({ ...LOAD_LIMITS, ...(databaseUrl ? { databaseUrl } : {}) })
  return { ...t, databaseUrl }
}

describe.skipIf(skip)(`backup and restore (${PG_BASE ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a backup taken while cards and recordings are written restores every card acknowledged before it began, and no card lacks its recording', async () => {
    const src = await source()
    const { token } = await passwordLogin(src.app)
    // The load: two writers, one card after another; the backup starts once BEFORE_CARDS are acknowledged.
    // A card whose write was acknowledged before the backup began must be in it.
    const out = join(tempDir('backup'), 'b1')
    const written: (Written & { ackedAt: number })[] = []
    const started = Date.now()
    let next = 0
    let backupDone = Infinity
    const writing = () => next < MAX_CARDS && written.filter((w) => w.ackedAt > backupDone).length < AFTER_CARDS
    const writer = async () => {
      while (writing()) {
        const w = await writeCard(src.app, token, next++)
        written.push({ ...w, ackedAt: Date.now() })
      }
    }
    const load = Promise.all([writer(), writer()])
    await vi.waitUntil(() => written.length >= BEFORE_CARDS, { timeout: 120_000, interval: 10 })
    const backupAt = Date.now()
    const taken = await script('backup', out, { DATA_DIR: src.dir, DATABASE_URL: src.databaseUrl })
    backupDone = Date.now()
    await load
    const acked = written.filter((w) => w.ackedAt < backupAt)
    const later = written.filter((w) => w.ackedAt >= backupAt)
    const during = written.filter((w) => w.ackedAt >= backupAt && w.ackedAt <= backupDone).length
    expect(taken.stderr).toBe('')
    expect(taken.code).toBe(0)
    expect(taken.stdout).toMatch(/^backup written to /)
    // Writes went on before, while and after the backup ran.
    expect(acked.length).toBeGreaterThan(0)
    expect(during).toBeGreaterThan(0)
    expect(written.length).toBeGreaterThan(acked.length + during)
    console.log(`backup under load: ${acked.length} cards before it, ${during} while it ran (${backupDone - backupAt} ms), ${written.length} in ${Math.round((Date.now() - started) / 1000)} s; ${taken.stdout.trim()}`)
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { database: { kind: string }; missing: string[]; files: { path: string; size: number; sha256: string }[] }
    expect(manifest.database.kind).toBe(PG_BASE ? 'postgres' : 'sqlite')
    expect(manifest.missing).toEqual([])
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(['files/jwt-secret', PG_BASE ? 'habor.pgdump' : 'habor.db']))
    for (const f of manifest.files) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/)

    // What the running server answers for each card, to compare the restored one's with.
    const original = new Map<string, Card>()
    for (const c of acked) original.set(c.id, (await call<Card>(src.app, 'GET', `/cards/${c.id}`, { token })).body.data)

    const dataDir = join(tempDir('restored'), 'data')
    const target = PG_BASE ? await emptyDatabase() : undefined
    const restored = await script('restore', out, { DATA_DIR: dataDir, DATABASE_URL: target })
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)

    const { app } = await makeApp({ ...LOAD_LIMITS, dataDir, ...(target ? { databaseUrl: target } : {}), seedDemo: false })
    for (const c of acked) {
      const card = await call<Card>(app, 'GET', `/cards/${c.id}`, { token })
      expect(card.body.code, c.id).toBe(0)
      expect(card.body.data).toEqual(original.get(c.id))
      const audio = await app.inject({ method: 'GET', url: `/api/cards/audio/${c.audioId}`, headers: { authorization: `Bearer ${token}` } })
      expect(audio.statusCode, c.audioId).toBe(200)
      expect(createHash('sha256').update(audio.rawPayload).digest('hex')).toBe(c.sha256)
    }
    // Every card in the restored database, those written during the backup included, has its recording.
    const rows = await app.db.selectFrom('cards').innerJoin('card_audio', 'card_audio.id', 'cards.audio_id').select(['cards.id', 'card_audio.key']).execute()
    expect(rows.length).toBeGreaterThanOrEqual(acked.length)
    const lacking = rows.filter((r) => !existsSync(join(dataDir, 'cards', r.key)))
    expect(lacking).toEqual([])
    // And the restored recordings are those the database names (an upload not yet on a card included), no more.
    const recordings = await app.db.selectFrom('card_audio').select('key').execute()
    expect(readdirSync(join(dataDir, 'cards')).sort()).toEqual(recordings.map((r) => r.key).sort())
    // The cards written during the backup are either whole in it or absent.
    const ids = new Set(rows.map((r) => r.id))
    for (const c of later.filter((w) => ids.has(w.id))) expect((await call<Card>(app, 'GET', `/cards/${c.id}`, { token })).body.code).toBe(0)
  })

  it('a backup whose files do not match their checksums is refused, and nothing is written', async () => {
    const src = await source()
    const { token } = await passwordLogin(src.app)
    await writeCard(src.app, token, 1)
    const out = join(tempDir('backup'), 'b')
    expect((await script('backup', out, { DATA_DIR: src.dir, DATABASE_URL: src.databaseUrl })).code).toBe(0)
    const recording = readdirSync(join(out, 'files', 'cards'))[0]!
    const file = join(out, 'files', 'cards', recording)
    const bytes = readFileSync(file)
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1)
    writeFileSync(file, bytes)
    const dataDir = join(tempDir('restored'), 'data')
    const target = PG_BASE ? await emptyDatabase() : undefined
    const refused = await script('restore', out, { DATA_DIR: dataDir, DATABASE_URL: target })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`files/cards/${recording}: its SHA-256 does not match the manifest`)
    expect(refused.stderr).toContain('nothing was restored')
    expect(existsSync(dataDir)).toBe(false)
    if (target) {
      const c = new pg.Client({ connectionString: target })
      await c.connect()
      expect((await c.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'")).rows[0]).toEqual({ n: 0 })
      await c.end()
    }
    // A backup cut short (no manifest) is refused too.
    rmSync(join(out, 'manifest.json'))
    const unfinished = await script('restore', out, { DATA_DIR: dataDir, DATABASE_URL: target })
    expect(unfinished.code).toBe(1)
    expect(unfinished.stderr).toContain('has no manifest.json')
  })

  it('a restore into a DATA_DIR that holds anything, or a database with tables, is refused and changes nothing', async () => {
    const src = await source()
    const out = join(tempDir('backup'), 'b')
    expect((await script('backup', out, { DATA_DIR: src.dir, DATABASE_URL: src.databaseUrl })).code).toBe(0)
    const dataDir = tempDir('busy')
    writeFileSync(join(dataDir, 'keep.txt'), 'the old data')
    const target = PG_BASE ? await emptyDatabase() : undefined
    const refused = await script('restore', out, { DATA_DIR: dataDir, DATABASE_URL: target })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`DATA_DIR ${dataDir} is not empty`)
    expect(readdirSync(dataDir)).toEqual(['keep.txt'])
    if (PG_BASE) {
      // The source's database has its tables: refused before anything is copied.
      const fresh = join(tempDir('empty'), 'data')
      const busy = await script('restore', out, { DATA_DIR: fresh, DATABASE_URL: src.databaseUrl })
      expect(busy.code).toBe(1)
      expect(busy.stderr).toMatch(/the database of DATABASE_URL has \d+ tables/)
      expect(existsSync(fresh)).toBe(false)
    }
    // A backup is never written over another.
    const again = await script('backup', out, { DATA_DIR: src.dir, DATABASE_URL: src.databaseUrl })
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('is not empty')
  })
})
