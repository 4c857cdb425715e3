/** The recording upload's accepted audio types, at their edges. */
import { describe, expect, it } from 'vitest'
import { cardAudioType } from '../../../src/contract/cards'

describe('cardAudioType', () => {
  it('keeps the base audio type of the accepted list', () => {
    expect(cardAudioType('audio/webm;codecs=opus')).toBe('audio/webm')
    expect(cardAudioType('AUDIO/OGG')).toBe('audio/ogg')
    expect(cardAudioType('image/png')).toBeNull()
    expect(cardAudioType(undefined)).toBeNull()
  })
})
