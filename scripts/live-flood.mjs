// The live channel's flood of hardening round three, shared by its heap test (tests/server/broker/
// flood.test.ts) and its bench (scripts/bench-flood.mjs): one account's sockets sign in with a valid
// CONNECT, stop reading, and send WebSocket messages full of PINGREQ (c0 00), reconnecting whenever the
// server closes them, until a deadline.
import { pathToFileURL } from 'node:url'
import { WebSocket } from 'ws'

/** 32,760 PINGREQs: one WebSocket message just under the largest the server takes (64 KB). */
export const PINGREQ_FRAME = Buffer.alloc(64 * 1024 - 16).map((_, i) => (i % 2 === 0 ? 0xc0 : 0x00))

/** A CONNECT of MQTT 3.1.1 with the access token as password and keepalive 0 (no keepalive check). */
function connectPacket(token, clientId) {
  const field = (b) => Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b])
  const body = Buffer.concat([field(Buffer.from('MQTT')), Buffer.from([4, 0xc2, 0, 0]), field(Buffer.from(clientId)), field(Buffer.from('token')), field(Buffer.from(token))])
  const length = []
  for (let n = body.length; ; ) {
    const b = n % 128
    n = Math.floor(n / 128)
    length.push(n > 0 ? b | 0x80 : b)
    if (n === 0) break
  }
  return Buffer.concat([Buffer.from([0x10, ...length]), body])
}

/**
 * One socket's flood until `end`: sign in, stop reading, send PINGREQ messages until closed, again. The
 * last socket still open at `end` is left in `open` (the caller measures, then terminates it). Resolves
 * with the number of messages the socket took.
 */
export async function floodSlot(url, token, slot, end, open) {
  let frames = 0
  for (let round = 0; Date.now() < end; round++) {
    const ws = new WebSocket(url, 'mqtt')
    ws.on('error', () => undefined)
    let closed = false
    const done = new Promise((resolve) => ws.once('close', () => ((closed = true), resolve())))
    // The CONNACK (4 bytes, which the server may write as one WebSocket message per field).
    const acked = new Promise((resolve) => {
      let got = Buffer.alloc(0)
      const onMessage = (d) => {
        got = Buffer.concat([got, d])
        if (got.length < 4) return
        ws.off('message', onMessage)
        resolve(got[0] === 0x20 && got[3] === 0)
      }
      ws.on('message', onMessage)
      ws.once('close', () => resolve(false))
    })
    const opened = await new Promise((resolve) => {
      ws.once('open', () => resolve(true))
      ws.once('close', () => resolve(false))
    })
    if (opened) {
      ws.send(connectPacket(token, `flood-${slot}-${round}`))
      if (await acked) {
        // The client reads nothing more.
        ws.pause()
        while (!closed && Date.now() < end) {
          const sent = await new Promise((resolve) => ws.send(PINGREQ_FRAME, (err) => resolve(!err)))
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

// As a process of its own (the bench's flood, so that it does not share the measuring client's event
// loop): node scripts/live-flood.mjs <ws url> <token> <sockets> <milliseconds>; prints the messages sent.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [url, token, sockets, ms] = process.argv.slice(2)
  const end = Date.now() + Number(ms)
  const open = []
  const frames = await Promise.all(Array.from({ length: Number(sockets) }, (_, i) => floodSlot(url, token, i, end, open)))
  for (const ws of open) ws.terminate()
  console.log(frames.reduce((a, b) => a + b, 0))
}
