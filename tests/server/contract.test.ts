import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { API, CODE, CODE_MESSAGE, barePhone, maskPhone, newNonce, normalizePhone, signBase, signParams, signRequest } from '../../src/contract'

describe('signParams', () => {
  it('sorts keys, skips empty values, stringifies objects and appends the secret', () => {
    const base = signBase({ b: 2, a: 'x', empty: '', none: undefined, nil: null, obj: { k: [1, 2] }, t: 0 }, 's3')
    expect(base).toBe('a=x&b=2&obj={"k":[1,2]}&t=0&secret=s3')
  })

  it('is the lower-case SHA-256 hex of the base string', () => {
    const params = { url: 'https://example.com/a?b=1', timestamp: 1700000000000, nonce: 'a'.repeat(32) }
    const expected = createHash('sha256').update(signBase(params, 'jsj-habor-dev-sign')).digest('hex')
    expect(signParams(params)).toBe(expected)
    expect(signParams(params)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('does not depend on key order and changes with any value or the secret', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), { minKeys: 1 }), (d) => {
        const reversed = Object.fromEntries(Object.entries(d).reverse())
        expect(signParams(reversed, 'k')).toBe(signParams(d, 'k'))
        expect(signParams(d, 'k')).not.toBe(signParams(d, 'other'))
      }),
    )
  })

  it('signRequest adds timestamp and nonce that the server can rebuild', () => {
    const { timestamp, sign } = signRequest({ q: '1' }, { url: 'u' }, { now: 5, nonce: 'f'.repeat(32) })
    expect(timestamp).toBe(5)
    expect(sign).toBe(signParams({ q: '1', url: 'u', timestamp: 5, nonce: 'f'.repeat(32) }))
  })

  it('nonces are 32 hex chars and unique', () => {
    const a = newNonce()
    expect(a).toMatch(/^[0-9a-f]{32}$/)
    expect(newNonce()).not.toBe(a)
  })
})

describe('normalizePhone', () => {
  it.each([
    ['13800138000', '+8613800138000'],
    ['+8613800138000', '+8613800138000'],
    ['8613800138000', '+8613800138000'],
    ['008613800138000', '+8613800138000'],
    [' +86 138-0013-8000 ', '+8613800138000'],
    ['(+86) 139 0013 9000', '+8613900139000'],
  ])('%s → %s', (input, out) => expect(normalizePhone(input)).toBe(out))

  it.each(['', '1380013800', '138001380001', '12800138000', '+8513800138000', 'abc', '+86', '86 1380013800'])('rejects %j', (input) => {
    expect(normalizePhone(input)).toBeNull()
  })

  it('rejects non-strings', () => {
    expect(normalizePhone(13800138000)).toBeNull()
    expect(normalizePhone(undefined)).toBeNull()
  })

  it('bare and masked forms', () => {
    expect(barePhone('+8613800138000')).toBe('13800138000')
    expect(maskPhone('13800138000')).toBe('138****8000')
  })

  it('every valid bare number round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 9 }), fc.integer({ min: 0, max: 999_999_999 }), (second, rest) => {
        const bare = `1${second}${String(rest).padStart(9, '0')}`
        expect(normalizePhone(`+86${bare}`)).toBe(`+86${bare}`)
        expect(normalizePhone(`86${bare}`)).toBe(`+86${bare}`)
        expect(barePhone(bare)).toBe(bare)
      }),
    )
  })
})

describe('codes and calls', () => {
  it('every code has a message', () => {
    for (const c of Object.values(CODE)) expect(CODE_MESSAGE[c]).toBeTruthy()
  })
  it('signed calls are the two of docs/contract.md "The calls"', () => {
    expect(Object.values(API).filter((c) => c.signed).map((c) => c.path).sort()).toEqual(['/login/wx/mp', '/weixin/js/init'])
  })
})
