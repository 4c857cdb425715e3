/**
 * Crash safety: the real server process (server/main.ts) takes a burst of SMS registrations (code,
 * sign-in, password, profile), is killed with SIGKILL in the middle, and restarts on the same data
 * directory. Every step that answered code 0 is there afterwards, and no account is half-written.
 */
import Database from 'better-sqlite3'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { removeAfterTest, startServer } from '../support/process'

const REGISTRATIONS = 40

interface Progress {
  phone: string
  signedIn: boolean
  passwordSet: boolean
  improved: boolean
}

async function api<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<{ code: number; data: T }> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return (await res.json()) as { code: number; data: T }
}

/** The burst starts in waves of this size: each wave once the one before it has signed in. */
const WAVE = 5

/**
 * One registration, step by step; records each step that answered code 0. Network errors end it.
 * `signedIn` lets the next wave start; `finished` is told of each completed registration.
 */
async function register(base: string, p: Progress, i: number, signedIn: () => void, finished: () => void): Promise<void> {
  const username = `+86${p.phone}`
  if ((await api(base, 'POST', '/sms/code', { username, scene: 'register' })).code !== 0) return
  const box = await api<{ code: string }>(base, 'GET', `/dev/sms/outbox?phone=${p.phone}`)
  const device = { deviceType: 'browser', deviceCode: `crash-${i}`, appId: 'jsj-habor' }
  const login = await api<{ isReg: boolean; token: string }>(base, 'POST', '/login/sms', { username, code: box.data.code, isAdmin: false, ...device })
  if (login.code !== 0 || !login.data.isReg) return
  p.signedIn = true
  signedIn()
  const token = login.data.token
  if ((await api(base, 'PUT', '/auth/user/password/reset', { password: 'Passw0rd!' }, token)).code !== 0) return
  p.passwordSet = true
  if ((await api(base, 'PUT', '/auth/student/improve', { name: `Student ${i}`, grade: '7', className: '2', orgCode: 'DEMO' }, token)).code !== 0) return
  p.improved = true
  finished()
}

it('a SIGKILL in the middle of a registration burst loses no answered step and leaves nothing half-written', { timeout: 720_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'habor-crash-'))
  removeAfterTest(dataDir)
  const first = await startServer(dataDir)

  const progress: Progress[] = Array.from({ length: REGISTRATIONS }, (_, i) => ({ phone: `137${String(10_000_000 + i * 7919).slice(-8)}`, signedIn: false, passwordSet: false, improved: false }))
  // The kill is sent by the fifth finished registration itself, in the same turn, so no slow test
  // worker can let the rest of the burst finish first. Waves keep the burst spread over its steps:
  // wave w+1 starts once a registration of wave w has signed in, so when wave 0 finishes, the later
  // waves are between steps or not started (all forty starting at once ran in lockstep and could all
  // be on their last step together).
  let killed = false
  let improvedCount = 0
  const kill = (): void => {
    if (killed) return
    killed = true
    first.proc.kill('SIGKILL')
  }
  const waves: Promise<void>[] = []
  const startWave = (w: number): void => {
    if (killed || w * WAVE >= REGISTRATIONS || waves[w]) return
    let nextStarted = false
    const signedIn = (): void => {
      if (nextStarted) return
      nextStarted = true
      startWave(w + 1)
    }
    const finished = (): void => {
      improvedCount += 1
      if (improvedCount === 5) kill()
    }
    const members = progress.slice(w * WAVE, (w + 1) * WAVE)
    waves[w] = Promise.allSettled(members.map((p, k) => register(first.base, p, w * WAVE + k, signedIn, finished))).then(() => undefined)
  }
  startWave(0)
  const timer = setTimeout(kill, 45_000)
  await first.exited
  clearTimeout(timer)
  // No wave starts after the kill, so these are all the registrations there will be.
  await Promise.all(waves)
  const answered = progress.filter((p) => p.signedIn)
  const improved = progress.filter((p) => p.improved)
  expect(improved.length).toBeGreaterThanOrEqual(5)
  // The kill really was mid-burst: some registrations never finished.
  expect(improved.length).toBeLessThan(REGISTRATIONS)

  const second = await startServer(dataDir)
  for (const p of progress.filter((q) => q.passwordSet)) {
    const login = await api<{ token: string }>(second.base, 'POST', '/login', { username: p.phone, password: 'Passw0rd!', deviceType: 'browser', deviceCode: 'after-crash', appId: 'jsj-habor' })
    expect(login.code, p.phone).toBe(0)
    const profile = await api<{ org: { code?: string; name?: string } }>(second.base, 'GET', '/auth/student', undefined, login.data.token)
    if (p.improved) expect(profile.code, p.phone).toBe(0)
  }
  second.proc.kill('SIGTERM')
  await second.exited

  // Half-written = a registered profile without its membership or invite code (improve writes all three
  // in one transaction), or a membership without a profile.
  const db = new Database(join(dataDir, 'habor.db'), { readonly: true })
  try {
    const orphans = db
      .prepare(
        `select s.user_id from students s join users u on u.id = s.user_id
           where u.phone like '+86137%'
             and (not exists (select 1 from memberships m where m.student_id = s.id)
                  or not exists (select 1 from invite_codes c where c.owner_user_id = s.user_id))
         union all
         select m.student_id from memberships m where not exists (select 1 from students s where s.id = m.student_id)`,
      )
      .all()
    expect(orphans).toEqual([])
    // Every sign-in that answered made its account.
    const users = db.prepare(`select phone from users where phone like '+86137%'`).all() as { phone: string }[]
    expect(users.map((u) => u.phone)).toEqual(expect.arrayContaining(answered.map((p) => `+86${p.phone}`)))
    const students = db.prepare(`select u.phone from students s join users u on u.id = s.user_id where u.phone like '+86137%'`).all() as { phone: string }[]
    expect(students.map((s) => s.phone)).toEqual(expect.arrayContaining(improved.map((p) => `+86${p.phone}`)))
    // The real server hashes passwords at the production cost, argon2id m=19 MiB t=2 p=1 (the test files
    // lower it in their own process: tests/server/setup.ts), the demo accounts' and the new ones' alike.
    const hashes = db.prepare(`select phone, password_hash as hash from users where password_hash is not null`).all() as { phone: string; hash: string }[]
    expect(hashes.filter((h) => h.phone.startsWith('+86137')).length).toBeGreaterThanOrEqual(progress.filter((p) => p.passwordSet).length)
    for (const h of hashes) expect(h.hash, h.phone).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  } finally {
    db.close()
  }
})
