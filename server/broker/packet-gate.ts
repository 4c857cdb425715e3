/**
 * A bound on every MQTT packet of the live channel, checked on the fixed header before aedes sees the
 * packet. One MQTT packet may span many WebSocket messages, and aedes's parser keeps every byte of a
 * packet until its declared length (up to 256 MB) has arrived; the gate follows the packet boundaries of
 * the byte stream and refuses a packet that declares more than MAX_PACKET_BYTES, signed in or not
 * (docs/security.md "The live channel").
 */
import type { Duplex } from 'node:stream'
import { createWebSocketStream, type RawData, type WebSocket } from 'ws'

/**
 * The live channel's largest packet is a CONNECT carrying an access token (well under 2 KB); the rest are
 * SUBSCRIBE, PUBACK and PINGREQ of a few dozen bytes. Twice the CONNECT leaves room for a longer token.
 */
export const MAX_PACKET_BYTES = 4096

/** Close code of RFC 6455 for "message too big". */
const TOO_BIG = 1009

type State = { at: 'type' } | { at: 'length'; value: number; shift: number; bytes: number } | { at: 'body'; left: number }

/** Follows MQTT packet boundaries over arbitrary chunks; `accept` is false once a packet is too large or malformed. */
export class PacketGate {
  private state: State = { at: 'type' }
  constructor(private readonly max = MAX_PACKET_BYTES) {}

  accept(chunk: Uint8Array): boolean {
    let i = 0
    while (i < chunk.length) {
      const s = this.state
      if (s.at === 'type') {
        i++
        this.state = { at: 'length', value: 0, shift: 0, bytes: 0 }
      } else if (s.at === 'length') {
        const b = chunk[i++]!
        s.value += (b & 0x7f) * 2 ** s.shift
        s.shift += 7
        s.bytes++
        if (s.value > this.max) return false
        if (b & 0x80) {
          // The remaining length has at most four bytes (MQTT 3.1.1 §2.2.3, 5.0 §2.1.4).
          if (s.bytes === 4) return false
        } else this.state = s.value === 0 ? { at: 'type' } : { at: 'body', left: s.value }
      } else {
        const take = Math.min(s.left, chunk.length - i)
        i += take
        s.left -= take
        if (s.left === 0) this.state = { at: 'type' }
      }
    }
    return true
  }
}

function bytesOf(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data)
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data
}

/**
 * The WebSocket as a stream for aedes, with every incoming message passed through a PacketGate first:
 * a message that starts or continues a packet over the bound closes the socket, and reaches nobody.
 */
export function gatedStream(socket: WebSocket, max = MAX_PACKET_BYTES): Duplex {
  const before = new Set(socket.listeners('message'))
  const stream = createWebSocketStream(socket)
  const forward = socket.listeners('message').filter((l) => !before.has(l)) as ((data: RawData, isBinary: boolean) => void)[]
  for (const l of forward) socket.off('message', l)
  const gate = new PacketGate(max)
  let refused = false
  socket.on('message', (data: RawData, isBinary: boolean) => {
    if (refused) return
    if (!gate.accept(bytesOf(data))) {
      refused = true
      socket.close(TOO_BIG, 'packet too large')
      // A client that does not answer the close handshake is cut off.
      setTimeout(() => socket.terminate(), 1000).unref()
      stream.destroy()
      return
    }
    for (const l of forward) l.call(socket, data, isBinary)
  })
  // aedes reads once per 'readable' with read(null), expecting every buffered byte, as Node up to 24 gives.
  // Node 26 gives one buffered chunk, and a client's CONNECT arriving in several WebSocket frames (mqtt.js
  // sends one per field) then waits in the buffer for a 'readable' that never comes. Asking for the
  // buffered length returns all of it on every version.
  const read = stream.read.bind(stream)
  stream.read = (size?: number | null) => read(size ?? (stream.readableLength || undefined))
  return stream
}
