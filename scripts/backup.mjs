// `npm run backup -- <dir>` and `npm run restore -- <dir>`: a consistent copy of a running server's data,
// and its restore into an empty DATA_DIR (and an empty PostgreSQL database). docs/running.md ("Backups")
// says how to use them; this file says how they stay consistent.
//
// Plain Node (no TypeScript, no development package), so that it runs on a server installed with
// `npm ci --omit=dev`. It reads the server's own settings: DATA_DIR (default `data`) and DATABASE_URL.
//
// What a backup holds:
//   manifest.json   what follows, with each file's size and SHA-256; written last, so a backup cut short
//                   has none and is refused
//   habor.db        SQLite: the database's online backup (better-sqlite3's db.backup(), a page-level copy
//                   of one moment), not a copy of a file that is being written
//   habor.pgdump    PostgreSQL: pg_dump's custom format, taken in the same snapshot as the list of
//                   recordings (a transaction that exports its snapshot to pg_dump)
//   files/…         everything else under DATA_DIR: recordings (cards/), media, downloads, the generated
//                   JWT secret; the Web Push keys are in the database (server_secrets)
//
// Consistency of rows and recordings: a recording's file is written inside the transaction that writes
// its row, so a committed row always has its file. The files are copied once before the database's
// snapshot, then every recording the snapshot names and the first copy missed (uploaded meanwhile) is
// copied after it, and recordings the snapshot does not name (uploads committed after it) are left out.
// Writes go on throughout. A recording deleted after the snapshot and before its late copy cannot be
// copied: the manifest lists it under `missing` and the command says so (exit 0, the rest is whole).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'

export const MANIFEST = 'manifest.json'
const FORMAT = 'habor-backup'
const VERSION = 1
/** SQLite's own files under DATA_DIR: the database is taken by its online backup instead. */
const DB_FILES = new Set(['habor.db', 'habor.db-wal', 'habor.db-shm', 'habor.db-journal'])
const RECORDINGS = 'cards'

export class BackupError extends Error {
  name = 'BackupError'
}

const fail = (message) => {
  throw new BackupError(message)
}

/** Every file under `root` (relative paths with `/`), skipping `skip(rel)`. */
function walk(root, skip = () => false, rel = '') {
  const out = []
  let entries
  try {
    entries = readdirSync(join(root, rel), { withFileTypes: true })
  } catch (e) {
    if (e.code === 'ENOENT') return out
    throw e
  }
  for (const e of entries) {
    const path = rel ? `${rel}/${e.name}` : e.name
    if (skip(path)) continue
    if (e.isDirectory()) out.push(...walk(root, skip, path))
    else if (e.isFile()) out.push(path)
  }
  return out
}

/** Copies one file; false when it was removed before it could be copied. */
function copyIfThere(from, to) {
  try {
    mkdirSync(dirname(to), { recursive: true })
    copyFileSync(from, to)
    return true
  } catch (e) {
    if (e.code === 'ENOENT') return false
    throw e
  }
}

export async function sha256Of(file) {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk)
  return hash.digest('hex')
}

const isEmptyDir = (dir) => !existsSync(dir) || readdirSync(dir).length === 0
const inside = (child, parent) => {
  const r = relative(resolve(parent), resolve(child))
  return r === '' || (!r.startsWith('..') && !r.startsWith(sep) && !/^[a-z]:/i.test(r))
}

const isPostgres = (url) => Boolean(url && /^postgres(ql)?:\/\//.test(url))

/** Where the server keeps its data, from the same variables it reads (server/env.ts). */
export function settingsOf(env = process.env) {
  return { dataDir: env.DATA_DIR || 'data', databaseUrl: isPostgres(env.DATABASE_URL) ? env.DATABASE_URL : undefined }
}

/** A PostgreSQL URL for libpq's tools and pg, whatever spelling it came in. */
const libpqUrl = (url) => url.replace(/^postgresql:/, 'postgres:')

function tool(name) {
  const r = spawnSync(name, ['--version'], { encoding: 'utf8' })
  if (r.error || r.status !== 0) {
    fail(`${name} is not on PATH. On Debian or Ubuntu: apt-get install postgresql-client (its major version no older than the server's). Without it, see docs/running.md ("Backups"): take the database with your own pg_dump --format=custom and the files with the server stopped.`)
  }
  return r.stdout.trim()
}

function run(name, args) {
  const r = spawnSync(name, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (r.error) fail(`${name} could not run: ${r.error.message}`)
  if (r.status !== 0) fail(`${name} failed (exit ${r.status}): ${(r.stderr || r.stdout).trim().split('\n').slice(-5).join('\n')}`)
  return r
}

/** SQLite: the online backup of DATA_DIR/habor.db into `file`, and the recordings its rows name. */
async function sqliteSnapshot(dataDir, file) {
  const { default: SQLite } = await import('better-sqlite3')
  const source = join(dataDir, 'habor.db')
  if (!existsSync(source)) fail(`${source} does not exist: DATA_DIR has no database to back up`)
  const db = new SQLite(source, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    // Everything left in one step: a write by the server between two steps would restart the copy.
    await db.backup(file, { progress: () => 1 << 30 })
  } finally {
    db.close()
  }
  // The copy keeps the source's WAL mode, which makes side files on every open: one file is what is kept.
  const copy = new SQLite(file, { fileMustExist: true })
  try {
    copy.pragma('journal_mode = DELETE')
    return copy
      .prepare('select key from card_audio')
      .all()
      .map((r) => r.key)
  } finally {
    copy.close()
  }
}

/**
 * PostgreSQL: pg_dump in a snapshot this connection exports, and the recordings named in that same
 * snapshot (the transaction stays open until pg_dump has finished).
 */
async function postgresSnapshot(databaseUrl, file) {
  const { default: pg } = await import('pg')
  tool('pg_dump')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('begin isolation level repeatable read read only')
    const snapshot = (await client.query('select pg_export_snapshot() as s')).rows[0].s
    const keys = (await client.query('select key from card_audio')).rows.map((r) => r.key)
    run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--no-acl', `--file=${file}`, `--dbname=${libpqUrl(databaseUrl)}`])
    await client.query('commit')
    return keys
  } finally {
    await client.end()
  }
}

/**
 * Takes a backup of the running server's data into `out` (a new or empty directory), while the server
 * goes on writing. Returns the manifest.
 */
export async function backup(out, env = process.env, log = console.log) {
  const { dataDir, databaseUrl } = settingsOf(env)
  if (!out) fail('name the directory to write the backup to: npm run backup -- <dir>')
  if (!existsSync(dataDir)) fail(`DATA_DIR ${dataDir} does not exist: nothing to back up (set DATA_DIR to the server's)`)
  if (inside(out, dataDir)) fail(`${out} is inside DATA_DIR (${dataDir}): keep a backup elsewhere, ideally on another disk`)
  if (!isEmptyDir(out)) fail(`${out} is not empty: a backup goes into a new or empty directory (an older backup is never overwritten)`)
  mkdirSync(out, { recursive: true })
  const files = join(out, 'files')
  const started = Date.now()

  // 1. The files as they are now (recordings deleted meanwhile are skipped).
  const skip = (rel) => !rel.includes('/') && DB_FILES.has(rel)
  for (const rel of walk(dataDir, skip)) copyIfThere(join(dataDir, rel), join(files, rel))

  // 2. The database at one moment, and the recordings its rows name.
  const kind = databaseUrl ? 'postgres' : 'sqlite'
  const dbFile = kind === 'postgres' ? 'habor.pgdump' : 'habor.db'
  const keys = kind === 'postgres' ? await postgresSnapshot(databaseUrl, join(out, dbFile)) : await sqliteSnapshot(dataDir, join(out, dbFile))

  // 3. Recordings the snapshot names that step 1 missed; recordings it does not name are left out.
  const named = new Set(keys)
  const missing = []
  for (const key of named) {
    const to = join(files, RECORDINGS, key)
    if (!existsSync(to) && !copyIfThere(join(dataDir, RECORDINGS, key), to)) missing.push(`${RECORDINGS}/${key}`)
  }
  for (const rel of walk(join(files, RECORDINGS))) if (!named.has(rel)) rmSync(join(files, RECORDINGS, rel))

  // 4. The manifest, last.
  const entries = []
  for (const rel of [dbFile, ...walk(files).map((f) => `files/${f}`)].sort()) {
    const path = join(out, rel)
    entries.push({ path: rel, size: statSync(path).size, sha256: await sha256Of(path) })
  }
  const manifest = {
    format: FORMAT,
    version: VERSION,
    createdAt: new Date(started).toISOString(),
    database: { kind, file: dbFile, ...(kind === 'postgres' ? { pgDump: tool('pg_dump') } : {}) },
    recordings: named.size - missing.length,
    missing,
    files: entries,
  }
  writeFileSync(join(out, `${MANIFEST}.tmp`), `${JSON.stringify(manifest, null, 2)}\n`)
  renameSync(join(out, `${MANIFEST}.tmp`), join(out, MANIFEST))
  const bytes = entries.reduce((n, e) => n + e.size, 0)
  log(`backup written to ${out}: ${kind} database, ${manifest.recordings} recordings, ${entries.length} files, ${bytes} bytes, in ${Date.now() - started} ms`)
  if (missing.length) log(`warning: ${missing.length} recordings were deleted while the backup ran and are not in it: ${missing.join(', ')}`)
  return manifest
}

/** The backup's manifest, once every file it lists has its size and checksum; refuses otherwise. */
export async function verify(dir) {
  const file = join(dir, MANIFEST)
  if (!existsSync(file)) fail(`${dir} has no ${MANIFEST}: not a backup, or one that did not finish`)
  let manifest
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    fail(`${file} is not valid JSON: the backup is damaged`)
  }
  if (manifest?.format !== FORMAT || manifest.version !== VERSION || !Array.isArray(manifest.files)) fail(`${file} is not a manifest of this program's backups (format ${FORMAT} ${VERSION})`)
  const bad = []
  for (const e of manifest.files) {
    const path = join(dir, e.path)
    if (typeof e.path !== 'string' || e.path.includes('..') || e.path.startsWith('/')) bad.push(`${e.path}: not a path inside the backup`)
    else if (!existsSync(path)) bad.push(`${e.path}: missing`)
    else if (statSync(path).size !== e.size) bad.push(`${e.path}: ${statSync(path).size} bytes, the manifest says ${e.size}`)
    else if ((await sha256Of(path)) !== e.sha256) bad.push(`${e.path}: its SHA-256 does not match the manifest`)
  }
  if (!manifest.files.some((e) => e.path === manifest.database?.file)) bad.push(`${manifest.database?.file}: the database is not in the manifest`)
  if (bad.length) fail(`the backup in ${dir} does not match its manifest; nothing was restored:\n  ${bad.join('\n  ')}`)
  return manifest
}

/** Tables in the database's schemas (its search_path's first), other than PostgreSQL's own. */
async function tablesIn(databaseUrl) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query("select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_%'")
    return rows[0].n
  } finally {
    await client.end()
  }
}

/**
 * Restores the backup in `dir` into DATA_DIR, which must be empty or absent, and on PostgreSQL into
 * DATABASE_URL's database, which must have no tables. Every checksum is checked before anything is
 * written. Returns the manifest.
 */
export async function restore(dir, env = process.env, log = console.log) {
  const { dataDir, databaseUrl } = settingsOf(env)
  if (!dir) fail('name the backup directory to restore: npm run restore -- <dir>')
  if (!existsSync(dir)) fail(`${dir} does not exist`)
  const manifest = await verify(dir)
  const kind = manifest.database.kind
  if (kind === 'sqlite' && databaseUrl) fail('this backup holds a SQLite database, and DATABASE_URL is set: unset it to restore into DATA_DIR')
  if (kind === 'postgres' && !databaseUrl) fail('this backup holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it into')
  if (!isEmptyDir(dataDir)) fail(`DATA_DIR ${dataDir} is not empty: a restore goes into an empty DATA_DIR only (move the old one aside first)`)
  if (kind === 'postgres') {
    tool('pg_restore')
    const n = await tablesIn(databaseUrl)
    if (n > 0) fail(`the database of DATABASE_URL has ${n} tables: a restore goes into an empty database only (createdb a new one)`)
  }
  const started = Date.now()
  mkdirSync(dataDir, { recursive: true })
  try {
    for (const e of manifest.files) {
      if (!e.path.startsWith('files/')) continue
      const to = join(dataDir, e.path.slice('files/'.length))
      mkdirSync(dirname(to), { recursive: true })
      copyFileSync(join(dir, e.path), to)
    }
    if (kind === 'sqlite') copyFileSync(join(dir, manifest.database.file), join(dataDir, 'habor.db'))
    else run('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${libpqUrl(databaseUrl)}`, join(dir, manifest.database.file)])
  } catch (e) {
    // Nothing half-restored is left behind: DATA_DIR was empty, and pg_restore ran in one transaction.
    for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true })
    throw e
  }
  log(`restored ${dir} (taken ${manifest.createdAt}) into ${kind === 'postgres' ? `the database and DATA_DIR ${dataDir}` : `DATA_DIR ${dataDir}`}: ${manifest.recordings} recordings, ${manifest.files.length} files, in ${Date.now() - started} ms`)
  return manifest
}

const USAGE = `usage: npm run backup -- <dir>    copy the server's data (DATA_DIR, DATABASE_URL) into a new directory
       npm run restore -- <dir>   restore a backup into an empty DATA_DIR (and an empty DATABASE_URL database)
docs/running.md ("Backups") says how often, where to keep it, and how to test a restore.`

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, dir] = process.argv.slice(2)
  if (command !== 'backup' && command !== 'restore') {
    console.error(USAGE)
    process.exit(2)
  }
  if (dir === '--help' || dir === '-h') {
    console.log(USAGE)
    process.exit(0)
  }
  try {
    await (command === 'backup' ? backup(dir) : restore(dir))
  } catch (e) {
    console.error(`${command} refused: ${e instanceof BackupError ? e.message : (e?.stack ?? e)}`)
    process.exit(1)
  }
}
