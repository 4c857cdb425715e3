/** The recording upload's multipart reader and byte ranges, at their edges. */
import { describe, expect, it } from 'vitest'
import { cardAudioType } from '../../src/contract/cards'
import { boundaryOf, parseMultipart } from '../../server/services/cards'

const CRLF = '\r\n'

describe('boundaryOf', () => {
  it('reads plain and quoted boundaries and refuses other types', () => {
    expect(boundaryOf('multipart/form-data; boundary=----WebKitFormBoundaryAbc')).toBe('----WebKitFormBoundaryAbc')
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b')
    expect(boundaryOf('multipart/form-data')).toBeNull()
    expect(boundaryOf('application/json')).toBeNull()
    expect(boundaryOf(undefined)).toBeNull()
  })
})

describe('parseMultipart', () => {
  const body = [`--B`, 'Content-Disposition: form-data; name="durationMs"', '', '1200', '--B', 'Content-Disposition: form-data; name="audio"; filename="m.webm"', 'Content-Type: audio/webm', '', 'BYTES\r\nWITH CRLF', '--B--', ''].join(CRLF)

  it('splits fields and files, keeping CRLF inside a part', () => {
    const parts = parseMultipart(Buffer.from(body), 'B')!
    expect(parts.map((p) => [p.name, p.filename, p.contentType, p.data.toString()])).toEqual([
      ['durationMs', null, null, '1200'],
      ['audio', 'm.webm', 'audio/webm', 'BYTES\r\nWITH CRLF'],
    ])
  })

  it('refuses a body without the boundary, without a closing delimiter, or with a nameless part', () => {
    expect(parseMultipart(Buffer.from('nothing here'), 'B')).toBeNull()
    expect(parseMultipart(Buffer.from(body.replace('--B--', '')), 'B')).toBeNull()
    expect(parseMultipart(Buffer.from(['--B', 'Content-Disposition: form-data', '', 'x', '--B--'].join(CRLF)), 'B')).toBeNull()
    expect(parseMultipart(Buffer.from('--Bjunk'), 'B')).toBeNull()
  })

  it('reads an empty form', () => {
    expect(parseMultipart(Buffer.from(`--B--${CRLF}`), 'B')).toEqual([])
  })
})

describe('cardAudioType', () => {
  it('keeps the base audio type of the accepted list', () => {
    expect(cardAudioType('audio/webm;codecs=opus')).toBe('audio/webm')
    expect(cardAudioType('AUDIO/OGG')).toBe('audio/ogg')
    expect(cardAudioType('image/png')).toBeNull()
    expect(cardAudioType(undefined)).toBeNull()
  })
})
