/**
 * The flood of issue round three, against a server in its own process: one account's ten sockets sign
 * in, stop reading, and send 64 KB frames of PINGREQ for 10 s, reconnecting whenever they are closed.
 * The server's heap after a full GC (V8's heap and the buffers it holds outside it), measured while the
 * last sockets are still open, stays within FLOOD_HEAP_MIB of what it was before
 * (docs/security.md "The live channel's cost per connection").
 */
import { generate } from 'mqtt-packet'
import { expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { MAX_CONNECTIONS_PER_ACCOUNT } from '../../../server/broker/embedded'
import { startHeapServer } from '../support/process'

/** The bound on the heap's growth; an unbounded server grew by hundreds of MiB. */
const FLOOD_HEAP_MIB = 16
const FLOOD_MS = 10_000
/** 32,768 PINGREQs, as many as one WebSocket message of the largest size the server takes holds. */
const FRAME = Buffer.alloc(64 * 1024 - 16, 0).map((_, i) => (i % 2 === 0 ? 0xc0 : 0x00))

/**
 * One slot of the flood: sign in, stop reading, send frames until closed; again until `end`. The last
 * socket is left open (in `open`), so the measure sees what the server holds for it.
 */
async function floodSlot(url: string, token: string, slot: number, end: number, open: WebSocket[]): Promise<number> {
  let frames = 0
  for (let round = 0; Date.now() < end; round++) {
    const ws = new WebSocket(url, 'mqtt')
    ws.on('error', () => undefined)
    let closed = false
    const done = new Promise<void>((resolve) => ws.once('close', () => ((closed = true), resolve())))
    // The CONNACK (4 bytes, as the server writes it: possibly one WebSocket message per field).
    const acked = new Promise<boolean>((resolve) => {
      let got = Buffer.alloc(0)
      const onMessage = (d: Buffer) => {
        got = Buffer.concat([got, d])
        if (got.length < 4) return
        ws.off('message', onMessage)
        resolve(got[0] === 0x20 && got[3] === 0)
      }
      ws.on('message', onMessage)
      ws.once('close', () => resolve(false))
    })
    const opened = await new Promise<boolean>((resolve) => {
      ws.once('open', () => resolve(true))
      ws.once('close', () => resolve(false))
    })
    if (opened) {
      ws.send(generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: true, keepalive: 0, clientId: `flood-${slot}-${round}`, username: 'token', password: Buffer.from(token) }))
      if (await acked) {
        // The client reads nothing more.
        ws.pause()
        while (!closed && Date.now() < end) {
          const sent = await new Promise<boolean>((resolve) => ws.send(FRAME, (err) => resolve(!err)))
          if (!sent) break
          frames++
        }
      }
    }
    if (!closed && Date.now() >= end) {
      open.push(ws)
      break
    }
    ws.terminate()
    await done
  }
  return frames
}

it(`10 sockets flooding PINGREQ for ${FLOOD_MS / 1000} s without reading grow the heap after GC by less than ${FLOOD_HEAP_MIB} MiB`, { timeout: 120_000 }, async () => {
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
