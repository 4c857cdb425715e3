/**
 * The stream the embedded broker reads (server/broker/packet-gate.ts): a read without a size returns every
 * buffered byte, whichever Node runs. aedes reads once per 'readable'; on Node 26 a plain read() gives one
 * buffered chunk, and a CONNECT sent in several WebSocket frames was never parsed.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { afterEach, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { gatedStream } from '../../../server/broker/packet-gate'
import { SETTLE_MS, until } from '../support/broker'

const closers: (() => void)[] = []
afterEach(() => {
  for (const c of closers.splice(0)) c()
})

it('hands every buffered frame to one read() without a size, as aedes expects', async () => {
  const http = createServer()
  const wss = new WebSocketServer({ server: http })
  let stream: Duplex | undefined
  wss.on('connection', (socket) => (stream = gatedStream(socket)))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const client = new WebSocket(`ws://127.0.0.1:${(http.address() as AddressInfo).port}/`)
  closers.push(() => client.terminate(), () => wss.close(), () => http.close())
  await new Promise((resolve) => client.once('open', resolve))
  // A CONNECT's first bytes as mqtt.js sends them: type, length, protocol name length, name, one frame each.
  for (const frame of [[0x10], [0x0c], [0x00, 0x04], [0x4d, 0x51, 0x54, 0x54]]) client.send(Buffer.from(frame))
  await until(() => (stream?.readableLength ?? 0) === 8, SETTLE_MS, 'the four frames')
  expect(stream!.read()).toEqual(Buffer.from([0x10, 0x0c, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54]))
  expect(stream!.read()).toBeNull()
})
