/**
 * The length of an uploaded recording, read from its own bytes for every container the upload accepts
 * (services/media.ts `audioContainer`), so the server never takes a client's word for it. Each reader walks
 * the container's structure only (no decoding): WAV's data size over its byte rate; Ogg's last granule
 * position; WebM's Duration, or its last block's timestamp (MediaRecorder writes no Duration); MP4's movie
 * duration, or where its last fragment ends; MP3's Xing/Info frame count or its frames; AAC's ADTS frames.
 * Null when the bytes do not say (a malformed or cut file): the upload is then refused. See docs/security.md
 * ("Uploads"). music-metadata 12.1 was measured in its place and kept out: on Chromium's own recordings
 * (tests/support/recordings) it throws on the WebM and reads the MP4 as 7 ms long.
 */
import type { AudioContainer } from './media'
import { wavDurationMs } from './media'

const ascii = (b: Buffer, at: number, text: string) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text

export function audioLengthMs(container: AudioContainer, b: Buffer): number | null {
  try {
    const ms = READERS[container](b)
    return ms !== null && Number.isFinite(ms) && ms >= 0 ? ms : null
  } catch {
    // A read past the end of a cut file: the bytes do not say.
    return null
  }
}

const READERS: Record<AudioContainer, (b: Buffer) => number | null> = {
  wav: wavDurationMs,
  ogg: oggMs,
  webm: webmMs,
  mp4: mp4Ms,
  mpeg: mpegMs,
  aac: adtsMs,
}

/** Ogg: the last page's granule position, in the codec's samples (Opus: 48 kHz less its pre-skip; Vorbis: its own rate). */
function oggMs(b: Buffer): number | null {
  let rate = 0
  let preSkip = 0
  let last = -1
  for (let at = 0; at + 27 <= b.length && ascii(b, at, 'OggS'); ) {
    const segments = b[at + 26]!
    let size = 0
    for (let i = 0; i < segments; i++) size += b[at + 27 + i]!
    const body = at + 27 + segments
    if (rate === 0 && ascii(b, body, 'OpusHead')) {
      rate = 48_000
      preSkip = b.readUInt16LE(body + 10)
    } else if (rate === 0 && b[body] === 1 && ascii(b, body + 1, 'vorbis')) rate = b.readUInt32LE(body + 12)
    const granule = b.readBigInt64LE(at + 6)
    if (granule >= 0n) last = Number(granule)
    if (body + size > b.length) return null
    at = body + size
  }
  return rate > 0 && last >= 0 ? (Math.max(0, last - preSkip) / rate) * 1000 : null
}

/** An EBML variable-length integer at `at`: its value (null for "unknown") and length. */
function vint(b: Buffer, at: number, keepMarker: boolean): { value: number | null; length: number } {
  const first = b[at]!
  let length = 1
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++
  if (length > 8) throw new RangeError('bad EBML length')
  let value = keepMarker ? first : first & (0xff >> length)
  let allOnes = value === (0xff >> length)
  for (let i = 1; i < length; i++) {
    const byte = b[at + i]
    if (byte === undefined) throw new RangeError('cut EBML')
    value = value * 256 + byte
    if (byte !== 0xff) allOnes = false
  }
  return { value: !keepMarker && allOnes ? null : value, length }
}

const EBML = { segment: 0x18538067, info: 0x1549a966, cluster: 0x1f43b675, blockGroup: 0xa0, timecodeScale: 0x2ad7b1, duration: 0x4489, timecode: 0xe7, simpleBlock: 0xa3, block: 0xa1 }
/** Elements whose children are read: walked into whether their size is known or not (MediaRecorder leaves it unknown). */
const MASTERS = new Set([EBML.segment, EBML.info, EBML.cluster, EBML.blockGroup])

/** WebM: the Info's Duration when it has one, else the end of its last block (cluster timecode + block offset). */
function webmMs(b: Buffer): number | null {
  let scale = 1_000_000
  let duration: number | null = null
  let cluster = 0
  let end: number | null = null
  for (let at = 0; at < b.length; ) {
    const id = vint(b, at, true)
    const size = vint(b, at + id.length, false)
    const data = at + id.length + size.length
    if (MASTERS.has(id.value!)) {
      at = data
      continue
    }
    if (size.value === null) return null
    const bytes = size.value
    if (id.value === EBML.timecodeScale) scale = b.readUIntBE(data, bytes)
    else if (id.value === EBML.duration) duration = bytes === 4 ? b.readFloatBE(data) : b.readDoubleBE(data)
    else if (id.value === EBML.timecode) cluster = b.readUIntBE(data, bytes)
    else if (id.value === EBML.simpleBlock || id.value === EBML.block) {
      const track = vint(b, data, false)
      const t = cluster + b.readInt16BE(data + track.length)
      end = end === null ? t : Math.max(end, t)
    }
    at = data + bytes
  }
  if (duration !== null && duration > 0) return (duration * scale) / 1e6
  return end === null ? null : (end * scale) / 1e6
}

/** MP4 boxes in [from, to): each box's type and where its content lies. */
function* boxes(b: Buffer, from: number, to: number): Generator<{ type: string; at: number; end: number }> {
  for (let at = from; at + 8 <= to; ) {
    let size = b.readUInt32BE(at)
    let head = 8
    if (size === 1) {
      size = Number(b.readBigUInt64BE(at + 8))
      head = 16
    } else if (size === 0) size = to - at
    if (size < head || at + size > to) return
    yield { type: b.toString('latin1', at + 4, at + 8), at: at + head, end: at + size }
    at += size
  }
}

const child = (b: Buffer, box: { at: number; end: number }, type: string) => [...boxes(b, box.at, box.end)].find((x) => x.type === type)

/** MP4: the movie header's duration; for a fragmented file (Safari's MediaRecorder), its fragments' sample durations. */
function mp4Ms(b: Buffer): number | null {
  const top = [...boxes(b, 0, b.length)]
  const moov = top.find((x) => x.type === 'moov')
  if (!moov) return null
  const mvhd = child(b, moov, 'mvhd')
  if (mvhd) {
    const v1 = b[mvhd.at] === 1
    const timescale = b.readUInt32BE(mvhd.at + (v1 ? 20 : 12))
    const duration = v1 ? Number(b.readBigUInt64BE(mvhd.at + 24)) : b.readUInt32BE(mvhd.at + 16)
    if (timescale > 0 && duration > 0 && duration !== 0xffffffff) return (duration / timescale) * 1000
  }
  // Fragmented: the track's own timescale, and where the last fragment ends. A fragment starts at its
  // decode time (tfdt) when it names one: MediaRecorder's fragments leave gaps between their samples'
  // durations, so adding the durations alone fell 12% short of a real recording.
  const trak = child(b, moov, 'trak')
  const mdia = trak && child(b, trak, 'mdia')
  const mdhd = mdia && child(b, mdia, 'mdhd')
  if (!mdhd) return null
  const timescale = b.readUInt32BE(mdhd.at + (b[mdhd.at] === 1 ? 20 : 12))
  const mvex = child(b, moov, 'mvex')
  const trex = mvex && child(b, mvex, 'trex')
  const trexDefault = trex ? b.readUInt32BE(trex.at + 12) : 0
  let end = 0
  let any = false
  for (const moof of top.filter((x) => x.type === 'moof')) {
    for (const traf of [...boxes(b, moof.at, moof.end)].filter((x) => x.type === 'traf')) {
      const tfhd = child(b, traf, 'tfhd')
      let fallback = trexDefault
      if (tfhd) {
        const flags = b.readUIntBE(tfhd.at + 1, 3)
        let at = tfhd.at + 8
        if (flags & 0x1) at += 8
        if (flags & 0x2) at += 4
        if (flags & 0x8) fallback = b.readUInt32BE(at)
      }
      const tfdt = child(b, traf, 'tfdt')
      let t = tfdt ? (b[tfdt.at] === 1 ? Number(b.readBigUInt64BE(tfdt.at + 4)) : b.readUInt32BE(tfdt.at + 4)) : end
      for (const trun of [...boxes(b, traf.at, traf.end)].filter((x) => x.type === 'trun')) {
        const flags = b.readUIntBE(trun.at + 1, 3)
        const count = b.readUInt32BE(trun.at + 4)
        let at = trun.at + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0)
        const per = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4
        if (!(flags & 0x100)) {
          t += count * fallback
        } else {
          for (let i = 0; i < count; i++, at += per) t += b.readUInt32BE(at)
        }
        any = true
      }
      end = Math.max(end, t)
    }
  }
  return any && timescale > 0 ? (end / timescale) * 1000 : null
}

const MPEG_RATES = [
  [11_025, 12_000, 8_000], // MPEG 2.5
  null,
  [22_050, 24_000, 16_000], // MPEG 2
  [44_100, 48_000, 32_000], // MPEG 1
] as const
// kbit/s by [version 1?][layer 1..3][index]
const BITRATES = {
  v1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
}

type MpegFrame = { length: number; samples: number; rate: number; v1: boolean; mono: boolean }

function mpegFrame(b: Buffer, at: number): MpegFrame | null {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return null
  const version = (b[at + 1]! >> 3) & 3
  const layerBits = (b[at + 1]! >> 1) & 3
  const bitrateIndex = b[at + 2]! >> 4
  const rateIndex = (b[at + 2]! >> 2) & 3
  const padding = (b[at + 2]! >> 1) & 1
  const rates = MPEG_RATES[version]
  if (!rates || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null
  const layer = 4 - layerBits
  const v1 = version === 3
  const rate = rates[rateIndex]!
  const kbps = (v1 ? BITRATES.v1 : BITRATES.v2)[layer - 1]![bitrateIndex]!
  const samples = layer === 1 ? 384 : layer === 3 && !v1 ? 576 : 1152
  const length = layer === 1 ? (Math.floor((12 * kbps * 1000) / rate) + padding) * 4 : Math.floor(((samples / 8) * kbps * 1000) / rate) + padding
  return { length, samples, rate, v1, mono: (b[at + 3]! >> 6) === 3 }
}

/** MP3 (and MPEG layers I/II): after any ID3v2 tag, the Xing/Info frame count, or else every frame counted. */
function mpegMs(b: Buffer): number | null {
  let at = 0
  if (ascii(b, 0, 'ID3') && b.length >= 10) at = 10 + ((b[6]! & 0x7f) << 21 | (b[7]! & 0x7f) << 14 | (b[8]! & 0x7f) << 7 | (b[9]! & 0x7f)) + (b[5]! & 0x10 ? 10 : 0)
  const first = mpegFrame(b, at)
  if (!first) return null
  const side = first.v1 ? (first.mono ? 17 : 32) : first.mono ? 9 : 17
  const xing = at + 4 + side
  if ((ascii(b, xing, 'Xing') || ascii(b, xing, 'Info')) && b.readUInt32BE(xing + 4) & 1) return ((b.readUInt32BE(xing + 8) * first.samples) / first.rate) * 1000
  let ms = 0
  const start = at
  for (let f: MpegFrame | null = first; f && at + f.length <= b.length; f = mpegFrame(b, at)) {
    ms += (f.samples / f.rate) * 1000
    at += f.length
  }
  return wholeStream(b, start, at) ? ms : null
}

/**
 * Frames read one after another must cover the stream (an ID3v1 tag or a cut last frame may be left), or
 * the bytes only happened to start like a frame.
 */
const wholeStream = (b: Buffer, start: number, end: number) => end > start && b.length - end <= Math.max(1024, (b.length - start) / 100)

const ADTS_RATES = [96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000, 7_350]

/** AAC in ADTS: every frame counted, 1,024 samples a raw block. */
function adtsMs(b: Buffer): number | null {
  let ms = 0
  let at = 0
  while (at + 7 <= b.length && b[at] === 0xff && (b[at + 1]! & 0xf6) === 0xf0) {
    const rate = ADTS_RATES[(b[at + 2]! >> 2) & 0xf]
    const length = ((b[at + 3]! & 0x3) << 11) | (b[at + 4]! << 3) | (b[at + 5]! >> 5)
    if (!rate || length < 7 || at + length > b.length) break
    ms += (((b[at + 6]! & 0x3) + 1) * 1024 * 1000) / rate
    at += length
  }
  return wholeStream(b, 0, at) ? ms : null
}
