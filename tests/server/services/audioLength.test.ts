/** The length of a recording, read from its own container for every accepted type (server/services/audioLength.ts). */
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
