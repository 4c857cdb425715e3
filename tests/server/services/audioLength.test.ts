/** The length of a recording, read from its own container for every accepted type (server/services/audioLength.ts). */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { audioLengthMs } from '../../../server/services/audioLength'
import { audioContainer } from '../../../server/services/media'
import { adtsFile, fragmentedMp4File, mp3File, mp4File, oggOpusFile, webmFile } from '../../support/audio'
import { wavFile } from '../../support/wav'

const length = (b: Buffer) => audioLengthMs(audioContainer(b)!, b)

describe('audio length from the container', () => {
  it.each([
    ['webm', webmFile(4200), 4200, 'webm'],
    ['ogg opus', oggOpusFile(2500), 2500, 'ogg'],
    ['mp4', mp4File(3000), 3000, 'mp4'],
    ['fragmented mp4', fragmentedMp4File(5000), 5000, 'mp4'],
    ['mp3', mp3File(6000), 6000, 'mpeg'],
    ['aac adts', adtsFile(7000), 7000, 'aac'],
    ['wav', wavFile(1500), 1500, 'wav'],
  ] as const)('%s', (_name, file, ms, container) => {
    expect(audioContainer(file)).toBe(container)
    expect(Math.abs(length(file)! - ms)).toBeLessThan(60)
  })

  // Real files: Chromium's MediaRecorder (WebM/Opus with no Duration, fragmented MP4 whose fragments leave
  // gaps between their samples), recording for as long as the name says from its start() to its stop(),
  // so a little less reaches the file; and sox's WAV, Ogg Vorbis and MP3 of exactly that length.
  it.each([
    ['chromium-3302ms.webm', 'webm', 3302, 200],
    ['chromium-2601ms.mp4', 'mp4', 2601, 200],
    ['sox-1200ms.wav', 'wav', 1200, 1],
    ['sox-2700ms.ogg', 'ogg', 2700, 1],
    ['sox-4100ms.mp3', 'mpeg', 4100, 60],
  ] as const)('a real recording: %s', (name, container, ms, short) => {
    const file = readFileSync(new URL(`../../support/recordings/${name}`, import.meta.url))
    expect(audioContainer(file)).toBe(container)
    const measured = length(file)!
    expect(measured).toBeGreaterThan(ms - short)
    expect(measured).toBeLessThanOrEqual(ms + 30)
  })

  it('a long recording is as long as its container says, whatever a client would claim', () => {
    expect(length(webmFile(90_000))).toBeGreaterThan(89_000)
    expect(length(oggOpusFile(75_000))).toBeGreaterThan(74_000)
  })

  it('bytes that only start like a container say nothing', () => {
    const filler = Buffer.alloc(3000, 9)
    for (const head of [Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('OggS'), Buffer.from('\0\0\0\x20ftypM4A '), Buffer.from('ID3\x04\0\0\0\0\0\0'), Buffer.from([0xff, 0xf1, 0x50, 0x80])]) {
      const b = Buffer.concat([head, filler])
      expect(length(b), head.toString('hex')).toBeNull()
    }
    expect(length(webmFile(4200).subarray(0, 60))).toBeNull()
  })
})
