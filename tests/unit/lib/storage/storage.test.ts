import AES from 'crypto-js/aes'
import Utf8 from 'crypto-js/enc-utf8'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  STORAGE_BUDGET_BYTES,
  StorageError,
  clearAll,
  read,
  readOrThrow,
  remove,
  setStorageKey,
  storageKey,
  usedBytes,
  write,
} from '../../../../src/lib/storage'

const KEY = 'jsj-habor-dev-storage'

beforeEach(() => {
  localStorage.clear()
  setStorageKey(KEY)
})
afterEach(() => setStorageKey(KEY))

describe('encrypted storage (docs/product.md "Stored state", docs/contract.md)', () => {
  it('round-trips every kind of value', () => {
    write('token', 'abc.def.ghi')
    write('roleList', ['student', 'reader'])
    write('smsCountdown', 0)
    write('user', { id: 'u1', studentId: 's1', orgList: [{ id: 'o1' }], roleList: [], permList: ['read'] })
    expect(read('token')).toBe('abc.def.ghi')
    expect(read('roleList')).toEqual(['student', 'reader'])
    expect(read('smsCountdown')).toBe(0)
    expect(read('user')).toMatchObject({ id: 'u1', orgList: [{ id: 'o1' }] })
  })

  it('stores under jsj_habor_<name>', () => {
    write('deviceCode', 'd-1')
    expect(storageKey('deviceCode')).toBe('jsj_habor_deviceCode')
    expect(localStorage.getItem('jsj_habor_deviceCode')).not.toBeNull()
  })

  it('stores AES ciphertext of {v, data}, never plaintext', () => {
    write('lastPhone', '13800138000')
    const raw = localStorage.getItem('jsj_habor_lastPhone') ?? ''
    expect(raw).not.toContain('13800138000')
    expect(raw.startsWith('U2FsdGVkX1')).toBe(true) // OpenSSL "Salted__" header, base64
    expect(JSON.parse(AES.decrypt(raw, KEY).toString(Utf8))).toEqual({ v: 1, data: '13800138000' })
  })

  it("reports 'data not found' for a missing key", () => {
    expect(read('token')).toBeUndefined()
    expect(() => readOrThrow('token')).toThrowError(expect.objectContaining({ code: 'data not found' }))
  })

  it('reads a corrupt, foreign, wrongly-shaped or other-version value as missing, never throwing', () => {
    localStorage.setItem('jsj_habor_token', 'not ciphertext at all')
    expect(read('token')).toBeUndefined()
    localStorage.setItem('jsj_habor_token', AES.encrypt(JSON.stringify({ v: 1, data: 'x' }), 'another key').toString())
    expect(read('token')).toBeUndefined()
    localStorage.setItem('jsj_habor_token', AES.encrypt('{broken json', KEY).toString())
    expect(read('token')).toBeUndefined()
    localStorage.setItem('jsj_habor_roleList', AES.encrypt(JSON.stringify({ v: 1, data: [1, 2] }), KEY).toString())
    expect(read('roleList')).toBeUndefined()
    localStorage.setItem('jsj_habor_token', AES.encrypt(JSON.stringify({ v: 99, data: 't' }), KEY).toString())
    expect(read('token')).toBeUndefined()
    localStorage.setItem('jsj_habor_token', AES.encrypt('null', KEY).toString())
    expect(read('token')).toBeUndefined()
  })

  it('rejects a write over the 500 KB budget and leaves stored data intact', () => {
    write('token', 'keep-me')
    const before = usedBytes()
    const huge = 'x'.repeat(STORAGE_BUDGET_BYTES / 2)
    expect(() => write('drafts', { essay: huge })).toThrowError(StorageError)
    try {
      write('drafts', { essay: huge })
    } catch (e) {
      expect((e as StorageError).code).toBe('over budget')
    }
    expect(read('token')).toBe('keep-me')
    expect(read('drafts')).toBeUndefined()
    expect(usedBytes()).toBe(before)
  })

  it('replacing a value counts only the new value against the budget', () => {
    const half = 'y'.repeat(Math.floor(STORAGE_BUDGET_BYTES / 2 / 2 / 1.5))
    write('drafts', { a: half })
    expect(() => write('drafts', { a: half })).not.toThrow()
  })

  it('warns once when the crypto key is not set, and still works', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    setStorageKey('')
    write('lang', 'en')
    write('lang', 'zh-Hans')
    expect(read('lang')).toBe('zh-Hans')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/crypto key is not set/)
  })

  it('remove and clearAll touch only our keys', () => {
    localStorage.setItem('someone_else', '1')
    write('token', 't')
    write('lang', 'en')
    remove('token')
    expect(read('token')).toBeUndefined()
    clearAll(['lang'])
    expect(read('lang')).toBe('en')
    clearAll()
    expect(read('lang')).toBeUndefined()
    expect(localStorage.getItem('someone_else')).toBe('1')
  })
})

describe('decrypted values are remembered (one decryption per stored ciphertext)', () => {
  it('reads what it has just written, and reads a value again, without decrypting', () => {
    const decrypt = vi.spyOn(AES, 'decrypt')
    write('deviceCode', 'd-1')
    expect([read('deviceCode'), read('deviceCode')]).toEqual(['d-1', 'd-1'])
    expect(decrypt).not.toHaveBeenCalled()
    localStorage.setItem('jsj_habor_token', AES.encrypt(JSON.stringify({ v: 1, data: 't-1' }), KEY).toString())
    expect([read('token'), read('token')]).toEqual(['t-1', 't-1'])
    expect(decrypt).toHaveBeenCalledTimes(1)
  })

  it('decrypts afresh a value another tab has changed, and forgets a removed one', () => {
    write('token', 'mine')
    localStorage.setItem('jsj_habor_token', AES.encrypt(JSON.stringify({ v: 1, data: 'theirs' }), KEY).toString())
    expect(read('token')).toBe('theirs')
    remove('token')
    expect(read('token')).toBeUndefined()
    clearAll()
    expect(read('deviceCode')).toBeUndefined()
  })

  it('gives every caller its own copy of an object', () => {
    write('roleList', ['student'])
    const first = read('roleList')
    first?.push('changed by a caller')
    expect(read('roleList')).toEqual(['student'])
  })

  it('does not answer from memory under another key', () => {
    write('lastPhone', '13800138000')
    setStorageKey('another key')
    expect(read('lastPhone')).toBeUndefined()
  })
})

describe('tab-scoped values (the guardian page\'s sign-in)', () => {
  const isToken = (d: unknown): d is { token: string } => typeof (d as { token?: unknown } | null)?.token === 'string'
  beforeEach(() => sessionStorage.clear())

  it('live in sessionStorage, encrypted, never in the app\'s own store; logout\'s clearAll leaves them', async () => {
    const { tabRead, tabRemove, tabWrite } = await import('../../../../src/lib/storage/tab')
    tabWrite('guardian', { token: 'secret-token' })
    expect(Object.keys(localStorage)).toEqual([])
    const raw = sessionStorage.getItem('jsj_habor_tab_guardian')!
    expect(raw).not.toContain('secret-token')
    expect(tabRead('guardian', isToken)).toEqual({ token: 'secret-token' })
    clearAll()
    expect(tabRead('guardian', isToken)).toEqual({ token: 'secret-token' })
    // A value of another shape, or garbage, reads as missing.
    expect(tabRead('guardian', (d): d is { other: string } => typeof (d as { other?: unknown }).other === 'string')).toBeUndefined()
    sessionStorage.setItem('jsj_habor_tab_guardian', 'garbage')
    expect(tabRead('guardian', isToken)).toBeUndefined()
    tabRemove('guardian')
    expect(sessionStorage.length).toBe(0)
  })
})
