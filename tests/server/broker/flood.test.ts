/**
 * The live channel's flood (scripts/live-flood.mjs) against a server in its own process: one account's
 * ten sockets sign in, stop reading, and send 64 KB frames of PINGREQ for 10 s, reconnecting whenever they are closed.
 * The server's heap after a full GC (V8's heap and the buffers it holds outside it), measured while the
 * last sockets are still open, stays within FLOOD_HEAP_MIB of what it was before
 * (docs/security.md "The live channel's cost per connection").
 */
import { expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { MAX_CONNECTIONS_PER_ACCOUNT } from '../../../server/broker/embedded'
import { floodSlot } from '../../../scripts/live-flood.mjs'
import { startHeapServer } from '../support/process'

/** The bound on the heap's growth; an unbounded server grew by hundreds of MiB. */
const FLOOD_HEAP_MIB = 16
const FLOOD_MS = 10_000

it(`10 sockets flooding PINGREQ for ${FLOOD_MS / 1000} s without reading grow the heap after GC by less than ${FLOOD_HEAP_MIB} MiB`, async () => {
  const server = await startHeapServer()
  const login = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: '13800138000', password: 'Passw0rd!', deviceType: 'browser', deviceCode: 'flood', appId: 'jsj-habor' }),
  })
  const { token } = ((await login.json()) as { data: { token: string } }).data
  const url = `${server.base.replace('http', 'ws')}/mqtt`
  // Warm up the paths a flood takes, so the measure starts from a server that has served them once.
  const warm: WebSocket[] = []
  await floodSlot(url, token, 99, Date.now() + 500, warm)
  for (const ws of warm) ws.terminate()
  const before = await server.heapMiB()
  const end = Date.now() + FLOOD_MS
  const open: WebSocket[] = []
  const frames = await Promise.all(Array.from({ length: MAX_CONNECTIONS_PER_ACCOUNT }, (_, slot) => floodSlot(url, token, slot, end, open)))
  const after = await server.heapMiB()
  for (const ws of open) ws.terminate()
  console.log(`flood: ${frames.reduce((a, b) => a + b, 0)} frames of 64 KB sent; heap after GC ${before.toFixed(1)} → ${after.toFixed(1)} MiB`)
  expect(after - before).toBeLessThan(FLOOD_HEAP_MIB)
  // The server still answers.
  expect((await fetch(`${server.base}/api/health`)).ok).toBe(true)
})
