/**
 * Small recordings in each container the card upload accepts, as far as the server reads them (their
 * structure, not their sound): for upload tests and the length readers' tests. `pad` adds payload bytes.
 */

/** An EBML element: id bytes, an 8-byte size (or unknown), content. */
const ebml = (id: number[], content: Buffer, unknownSize = false) => {
  const size = Buffer.alloc(8)
  if (unknownSize) size.fill(0xff, 1).writeUInt8(0x01, 0)
  else {
    size.writeUInt8(0x01, 0)
    size.writeUIntBE(content.length, 2, 6)
  }
  return Buffer.concat([Buffer.from(id), size, content])
}
const uint = (n: number, bytes = 4) => {
  const b = Buffer.alloc(bytes)
  b.writeUIntBE(n, 0, bytes)
  return b
}

/** WebM as MediaRecorder writes it: unknown-size Segment and Clusters, no Duration, a block every 20 ms. */
export function webmFile(ms: number, pad = 0): Buffer {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm')))
  const info = ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], uint(1_000_000, 3)))
  const clusters: Buffer[] = []
  for (let start = 0; start <= ms; start += 1000) {
    const blocks: Buffer[] = [ebml([0xe7], uint(start, 4))]
    for (let t = start; t < Math.min(start + 1000, ms + 1); t += 20) {
      const rel = Buffer.alloc(2)
      rel.writeInt16BE(t - start)
      blocks.push(ebml([0xa3], Buffer.concat([Buffer.from([0x81]), rel, Buffer.from([0x80]), Buffer.alloc(8, 1)])))
    }
    clusters.push(ebml([0x1f, 0x43, 0xb6, 0x75], Buffer.concat(blocks), true))
  }
  if (pad > 0) clusters.push(ebml([0xec], Buffer.alloc(pad, 7)))
  return Buffer.concat([header, ebml([0x18, 0x53, 0x80, 0x67], Buffer.concat([info, ...clusters]), true)])
}

/** An Ogg page with one packet. */
function oggPage(granule: bigint, seq: number, packet: Buffer): Buffer {
  const lacing: number[] = []
  let left = packet.length
  while (left >= 255) {
    lacing.push(255)
    left -= 255
  }
  lacing.push(left)
  const head = Buffer.alloc(27)
  head.write('OggS', 0, 'latin1')
  head.writeBigInt64LE(granule, 6)
  head.writeUInt32LE(1, 14)
  head.writeUInt32LE(seq, 18)
  head.writeUInt8(lacing.length, 26)
  return Buffer.concat([head, Buffer.from(lacing), packet])
}

/** Ogg Opus: OpusHead (pre-skip 312), then one page a second up to `ms`. */
export function oggOpusFile(ms: number, pad = 0): Buffer {
  const head = Buffer.alloc(19)
  head.write('OpusHead', 0, 'latin1')
  head.writeUInt8(1, 8)
  head.writeUInt8(1, 9)
  head.writeUInt16LE(312, 10)
  head.writeUInt32LE(48_000, 12)
  const pages = [oggPage(0n, 0, head), oggPage(0n, 1, Buffer.from('OpusTags\0\0\0\0\0\0\0\0'))]
  for (let t = 1000, seq = 2; ; t += 1000, seq++) {
    const end = Math.min(t, ms)
    pages.push(oggPage(BigInt(Math.round((end * 48_000) / 1000) + 312), seq, Buffer.alloc(t >= ms ? 100 + pad : 100, 3)))
    if (t >= ms) break
  }
  return Buffer.concat(pages)
}

const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content)
  return Buffer.concat([uint(8 + body.length), Buffer.from(type, 'latin1'), body])
}
const full = (version: number, flags: number) => uint((version << 24) | flags)

/** MP4 with a movie header saying `ms` (timescale 1000). */
export function mp4File(ms: number, pad = 0): Buffer {
  const mvhd = box('mvhd', full(0, 0), uint(0), uint(0), uint(1000), uint(ms), Buffer.alloc(80))
  return Buffer.concat([box('ftyp', Buffer.from('M4A \0\0\0\0M4A mp42', 'latin1')), box('moov', mvhd), box('mdat', Buffer.alloc(64 + pad, 5))])
}

/** Fragmented MP4 as Safari's MediaRecorder writes it: an empty movie header, 48 kHz fragments of 1024-sample frames. */
export function fragmentedMp4File(ms: number): Buffer {
  const mvhd = box('mvhd', full(0, 0), uint(0), uint(0), uint(1000), uint(0), Buffer.alloc(80))
  const mdhd = box('mdhd', full(0, 0), uint(0), uint(0), uint(48_000), uint(0), uint(0))
  const moov = box('moov', mvhd, box('trak', box('mdia', mdhd)), box('mvex', box('trex', full(0, 0), uint(1), uint(1), uint(1024), uint(0), uint(0))))
  const frames = Math.round((ms * 48_000) / 1000 / 1024)
  const moofs: Buffer[] = []
  for (let done = 0; done < frames; ) {
    const n = Math.min(40, frames - done)
    // Half the fragments list each sample's duration; the others rely on the track's default.
    const trun = done % 80 === 0 ? box('trun', full(0, 0x100), uint(n), ...Array.from({ length: n }, () => uint(1024))) : box('trun', full(0, 0), uint(n))
    moofs.push(box('moof', box('traf', box('tfhd', full(0, 0), uint(1)), trun)), box('mdat', Buffer.alloc(16, 5)))
    done += n
  }
  return Buffer.concat([box('ftyp', Buffer.from('iso5\0\0\0\0iso5', 'latin1')), moov, ...moofs])
}

/** MP3: an ID3v2 tag, then 128 kbit/s 44.1 kHz MPEG-1 layer III frames (1,152 samples each) up to `ms`. */
export function mp3File(ms: number): Buffer {
  const id3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x0a', 'latin1'), Buffer.alloc(10)])
  const frames = Math.round((ms * 44_100) / 1000 / 1152)
  const frame = Buffer.alloc(417, 0x55)
  frame.set([0xff, 0xfb, 0x90, 0x64])
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)])
}

/** AAC in ADTS: 44.1 kHz frames of 1,024 samples up to `ms`. */
export function adtsFile(ms: number): Buffer {
  const frames = Math.round((ms * 44_100) / 1000 / 1024)
  const length = 200
  const frame = Buffer.alloc(length, 0x21)
  frame.set([0xff, 0xf1, 0x50, 0x80 | ((length >> 11) & 3), (length >> 3) & 0xff, ((length & 7) << 5) | 0x1f, 0xfc])
  return Buffer.concat(Array.from({ length: frames }, () => frame))
}
