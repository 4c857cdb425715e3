/**
 * Media bytes: shipped demo files under server/assets/, uploads under DATA_DIR/media/. Served by id with
 * byte ranges (so audio can seek) and ETags; recordings are revalidated on each play (RECORDING_CACHE).
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import send from '@fastify/send'
import { existsSync, statSync } from 'node:fs'
import { basename, dirname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from '../db/connect'
import type { MediaStorage } from '../db/schema'

export const ASSET_DIR = fileURLToPath(new URL('../assets/', import.meta.url))

/** A media row by id: its type and where its bytes are. */
export const mediaRow = (db: Db, id: string) => db.selectFrom('media').select(['id', 'mime', 'storage', 'key']).where('id', '=', id).executeTakeFirst()

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

export const MEDIA_CACHE = 'public, max-age=31536000, immutable'
/**
 * Recordings (a card's voice, Sound's audio): kept only by the listener's own browser, and asked again
 * each time (an ETag makes the answer a 304 while nothing changed), so a recording withdrawn or deleted
 * is gone from every cache at its next play, and no shared cache holds a child's voice at all.
 */
export const RECORDING_CACHE = 'private, no-cache'

/**
 * Sends a file whole or, for a Range request, the one range asked for, through @fastify/send: RFC 9110
 * ranges (several ranges or another unit get the whole file; a bytes range that cannot be read or
 * satisfied gets 416), If-Range, and an ETag with If-None-Match → 304. Never compressed, so byte offsets stay the file's own. The card
 * audio and the media calls both answer through here.
 */
export async function sendFile(req: FastifyRequest, reply: FastifyReply, file: string, o: { type: string; cacheControl: string }): Promise<FastifyReply> {
  const { statusCode, headers, stream } = await send(req.raw, basename(file), { root: dirname(file), dotfiles: 'allow', cacheControl: false, lastModified: false, etag: true, acceptRanges: true, index: false })
  reply.code(statusCode).headers(headers).header('x-content-type-options', 'nosniff')
  if (statusCode === 200 || statusCode === 206) reply.header('content-type', o.type).header('cache-control', o.cacheControl)
  if (statusCode === 304 || statusCode === 416) {
    stream.destroy()
    return reply.removeHeader('content-type').removeHeader('content-length').send()
  }
  return reply.send(stream)
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
