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
