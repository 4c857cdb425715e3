/**
 * Media bytes: shipped demo files under server/assets/, uploads under DATA_DIR/media/. Served by id with
 * byte ranges (so audio can seek) and long cache lifetimes (a media id never changes its bytes).
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { createReadStream, existsSync, statSync } from 'node:fs'
import { join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { MediaStorage } from '../db/schema'

export const ASSET_DIR = fileURLToPath(new URL('../assets/', import.meta.url))

/** Where a media row's bytes are; null when the key would leave its folder. */
export function mediaPath(storage: MediaStorage, key: string, dataDir: string): string | null {
  const root = storage === 'asset' ? ASSET_DIR : join(dataDir, 'media')
  const full = normalize(join(root, key))
  return full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : null
}

export const assetSize = (key: string): number => {
  const p = mediaPath('asset', key, '')
  return p && existsSync(p) ? statSync(p).size : 0
}

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null

/**
 * RFC 9110 §14.2 for one range: `bytes=a-b`, `bytes=a-`, `bytes=-n`. Null = send the whole file (no or
 * unsupported header, or several ranges); 'unsatisfiable' = answer 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m) return null
  const [, a = '', b = ''] = m
  if (a === '' && b === '') return null
  if (a === '') {
    const n = Number(b)
    if (n === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - n), end: size - 1 }
  }
  const start = Number(a)
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

export const MEDIA_CACHE = 'public, max-age=31536000, immutable'

/**
 * Sends a file whole or, for a Range request, the one range asked for. The reply is taken over (hijacked)
 * and written directly: the /api layer wraps whatever a handler returns in the JSON envelope, and a
 * streamed body must never be followed by one.
 */
export function sendMedia(req: FastifyRequest, reply: FastifyReply, file: string, mime: string, etag: string): void {
  const size = statSync(file).size
  const headers: Record<string, string | number> = {
    'content-type': mime,
    'accept-ranges': 'bytes',
    'cache-control': MEDIA_CACHE,
    etag,
    'x-content-type-options': 'nosniff',
  }
  reply.hijack()
  const res = reply.raw
  const finish = (status: number, extra: Record<string, string | number>, range?: { start: number; end: number }) => {
    res.writeHead(status, { ...headers, ...extra })
    if (req.method === 'HEAD' || status === 304 || status === 416) return void res.end()
    const stream = createReadStream(file, range)
    stream.on('error', () => res.destroy())
    stream.pipe(res)
  }
  if (req.headers['if-none-match'] === etag) return finish(304, {})
  const ifRange = req.headers['if-range']
  const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, size)
  if (range === 'unsatisfiable') return finish(416, { 'content-range': `bytes */${size}`, 'content-length': 0 })
  if (range === null) return finish(200, { 'content-length': size })
  finish(206, { 'content-range': `bytes ${range.start}-${range.end}/${size}`, 'content-length': range.end - range.start + 1 }, range)
}

/** The audio containers an upload may be, told from its first bytes, with the type each is served as. */
export type AudioContainer = 'webm' | 'ogg' | 'mp4' | 'mpeg' | 'aac' | 'wav'
const CONTAINER_MIME: Record<AudioContainer, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  mp4: 'audio/mp4',
  mpeg: 'audio/mpeg',
  aac: 'audio/aac',
  wav: 'audio/wav',
}
/** Declared types that name each container (a type a browser gives a file of that kind). */
const DECLARED: Record<AudioContainer, readonly string[]> = {
  webm: ['audio/webm', 'video/webm'],
  ogg: ['audio/ogg'],
  mp4: ['audio/mp4', 'audio/x-m4a', 'audio/aac'],
  mpeg: ['audio/mpeg'],
  aac: ['audio/aac', 'audio/mpeg'],
  wav: ['audio/wav', 'audio/x-wav'],
}

const ascii = (b: Buffer, at: number, text: string) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text

/** The container whose signature the bytes start with, or null when they are none of the accepted audio types. */
export function audioContainer(b: Buffer): AudioContainer | null {
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'webm'
  if (ascii(b, 0, 'OggS')) return 'ogg'
  if (ascii(b, 4, 'ftyp')) return 'mp4'
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return 'wav'
  if (ascii(b, 0, 'ID3')) return 'mpeg'
  // An MPEG audio frame: 11 sync bits; layer bits 00 mean ADTS (AAC), anything else MP3.
  if (b.length >= 4 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0) return (b[1]! & 0x06) === 0 ? 'aac' : 'mpeg'
  return null
}

/** The type to store and serve: the declared one when it names the container, else the container's own. */
export function audioMime(container: AudioContainer, declared: string): string {
  return DECLARED[container].includes(declared) ? declared : CONTAINER_MIME[container]
}

/**
 * The length of a PCM WAV file from its header (data size over byte rate), in ms; null when the header
 * does not say (other containers, or a malformed one). The other containers need a decoder to tell.
 */
export function wavDurationMs(b: Buffer): number | null {
  if (!ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WAVE')) return null
  let byteRate = 0
  for (let at = 12; at + 8 <= b.length; ) {
    const size = b.readUInt32LE(at + 4)
    if (ascii(b, at, 'fmt ') && at + 16 <= b.length) byteRate = b.readUInt32LE(at + 16)
    if (ascii(b, at, 'data')) return byteRate > 0 ? (Math.min(size, b.length - at - 8) / byteRate) * 1000 : null
    at += 8 + size + (size % 2)
  }
  return null
}
