/**
 * Crash safety of the outbox's replays (docs/offline.md): the real server process takes an outbox being
 * drained (cards with recordings, each an upload and then the card, every step with its own
 * Idempotency-Key), is killed with SIGKILL in the middle, and restarts on the same data directory. The
 * device then sends everything again with the same keys, as an outbox whose answers were lost would:
 * every card exists exactly once with its recording, and no recording is stored twice.
 */
import Database from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { webmFile } from '../../support/audio'
import { removeAfterTest, startServer } from '../support/process'

const ITEMS = 24
const AUDIO = webmFile(2000)

interface Item {
  message: string
  audioKey: string
  cardKey: string
  /** The upload's answer, once one arrived (the outbox saves it on the item). */
  audioId?: string
  cardId?: string
}

async function send<T>(base: string, token: string, path: string, key: string, init: { json?: unknown; audio?: Buffer }): Promise<{ code: number; data: T }> {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': key,
      ...(init.audio ? { 'content-type': 'audio/webm', 'x-duration-ms': '2000' } : { 'content-type': 'application/json' }),
    },
    body: init.audio ?? JSON.stringify(init.json),
  })
  return (await res.json()) as { code: number; data: T }
}

/**
 * One item as the outbox sends it: the upload (unless its id is known), then the card. Network errors end
 * it. `landed` is told of the card's answer in the same turn as it arrives.
 */
async function sendItem(base: string, token: string, item: Item, landed: () => void = () => {}): Promise<void> {
  if (!item.audioId) {
    const up = await send<{ audioId: string }>(base, token, '/cards/audio', item.audioKey, { audio: AUDIO })
    if (up.code !== 0) throw new Error(`upload refused: ${up.code}`)
    item.audioId = up.data.audioId
  }
  const card = await send<{ id: string }>(base, token, '/cards', item.cardKey, { json: { design: 'garden', to: '妈妈', message: item.message, audioId: item.audioId } })
  if (card.code !== 0) throw new Error(`card refused: ${card.code}`)
  item.cardId = card.data.id
  landed()
}

/** Drains `items` in order, as one outbox does, until the first failure. */
async function drain(base: string, token: string, items: Item[], landed: () => void): Promise<void> {
  for (const item of items) {
    try {
      await sendItem(base, token, item, landed)
    } catch {
      return
    }
  }
}

it('a SIGKILL while the outbox drains, then a replay of everything with the same keys: each card once, each recording once', { timeout: 720_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'habor-outbox-crash-'))
  removeAfterTest(dataDir)
  const first = await startServer(dataDir)
  const login = await fetch(`${first.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: '13800138000', password: 'Passw0rd!', deviceType: 'browser', deviceCode: 'outbox-crash', appId: 'jsj-habor' }),
  })
  const { token } = ((await login.json()) as { data: { token: string } }).data
  const run = randomUUID().slice(0, 8)
  const items: Item[] = Array.from({ length: ITEMS }, (_, i) => ({ message: `crash ${run} #${i}`, audioKey: randomUUID(), cardKey: randomUUID() }))

  // Two devices' outboxes drain at once (each in order), so the kill meets writes in flight.
  const halves = [items.filter((_, i) => i % 2 === 0), items.filter((_, i) => i % 2 === 1)]
  // The kill is sent by the fourth card's answer itself, in the same turn: a poll between answers could be
  // late on a busy machine and let every item land first.
  let landed = 0
  const draining = Promise.all(halves.map((h) => drain(first.base, token, h, () => ++landed === 4 && first.proc.kill('SIGKILL'))))
  await first.exited
  await draining
  const landedBefore = items.filter((i) => i.cardId)
  expect(landedBefore.length).toBeGreaterThanOrEqual(4)
  expect(landedBefore.length).toBeLessThan(ITEMS)
  const answeredBefore = new Map(landedBefore.map((i) => [i.message, i.cardId]))

  // After the restart the device sends every item again with its keys (answers it got are sent again too,
  // as when an answer is lost): nothing lands twice.
  const second = await startServer(dataDir)
  for (const item of items) await sendItem(second.base, token, item)
  for (const [message, id] of answeredBefore) expect(items.find((i) => i.message === message)!.cardId, message).toBe(id)
  const listed = await fetch(`${second.base}/api/cards`, { headers: { authorization: `Bearer ${token}` } })
  const cards = ((await listed.json()) as { data: { id: string; message: string; audio: { path: string } | null }[] }).data.filter((c) => c.message.startsWith(`crash ${run} `))
  expect(cards.map((c) => c.message).sort()).toEqual(items.map((i) => i.message).sort())
  for (const c of cards) expect(c.audio?.path, c.message).toBe(`/cards/audio/${items.find((i) => i.message === c.message)!.audioId}`)
  second.proc.kill('SIGTERM')
  await second.exited

  // One stored recording per item: none uploaded twice, none left without its card.
  const db = new Database(join(dataDir, 'habor.db'), { readonly: true })
  try {
    const audioIds = new Set(items.map((i) => i.audioId))
    const rows = db.prepare(`select id from card_audio where owner_user_id = (select id from users where phone = '+8613800138000')`).all() as { id: string }[]
    expect(rows.filter((r) => audioIds.has(r.id))).toHaveLength(ITEMS)
    const unattached = db.prepare(`select a.id from card_audio a where not exists (select 1 from cards c where c.audio_id = a.id) and a.owner_user_id = (select id from users where phone = '+8613800138000')`).all()
    expect(unattached).toEqual([])
  } finally {
    db.close()
  }
})
