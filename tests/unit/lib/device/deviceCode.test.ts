/** The device code (docs/product.md "Stored state"): made on the first launch, stored once start-up is over. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deviceCode, ensureDeviceCode, STORE_WITHIN_MS } from '../../../../src/lib/device/deviceCode'
import { read, write } from '../../../../src/lib/storage'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

beforeEach(() => {
  localStorage.clear()
  vi.useFakeTimers()
  // Where the browser has no idle callbacks (Safari), the time-out stores it.
  vi.stubGlobal('requestIdleCallback', undefined)
})
afterEach(() => {
  // Whatever a test left unsaved is stored before the next one starts.
  dispatchEvent(new Event('pagehide'))
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('device code', () => {
  it('keeps the stored one and writes nothing', () => {
    write('deviceCode', 'dev-1')
    // Every write has a fresh salt, so a rewrite of the same code would change the ciphertext.
    const stored = localStorage.getItem('jsj_habor_deviceCode')
    expect(ensureDeviceCode()).toBe('dev-1')
    vi.advanceTimersByTime(STORE_WITHIN_MS)
    dispatchEvent(new Event('pagehide'))
    expect(localStorage.getItem('jsj_habor_deviceCode')).toBe(stored)
  })

  it('makes a new one on the first launch, answers with it at once and stores it at 2000 ms, not 1999', () => {
    const code = ensureDeviceCode()
    expect(code).toMatch(UUID)
    expect([deviceCode(), ensureDeviceCode()]).toEqual([code, code])
    vi.advanceTimersByTime(STORE_WITHIN_MS - 1)
    expect(localStorage.getItem('jsj_habor_deviceCode')).toBeNull()
    vi.advanceTimersByTime(1)
    expect(read('deviceCode')).toBe(code)
    expect(deviceCode()).toBe(code)
  })

  it('stores it when the page is next idle, where the browser says so', () => {
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (f: () => void, o: { timeout: number }) => {
      expect(o.timeout).toBe(STORE_WITHIN_MS)
      return idle.push(f)
    })
    const code = ensureDeviceCode()
    expect(localStorage.getItem('jsj_habor_deviceCode')).toBeNull()
    idle.forEach((f) => f())
    expect(read('deviceCode')).toBe(code)
  })

  it('stores it at once when the page is hidden before then', () => {
    const code = ensureDeviceCode()
    dispatchEvent(new Event('pagehide'))
    expect(read('deviceCode')).toBe(code)
  })

  it('leaves a code another tab stored first as the device’s', () => {
    ensureDeviceCode()
    write('deviceCode', 'other-tab')
    vi.advanceTimersByTime(STORE_WITHIN_MS)
    expect([read('deviceCode'), deviceCode()]).toEqual(['other-tab', 'other-tab'])
  })

  it('a failed write keeps the launch going', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const code = ensureDeviceCode()
    // Storage already full to its 500 KB budget (docs/product.md "Stored state").
    localStorage.setItem('jsj_habor_drafts', 'x'.repeat(250 * 1024))
    expect(() => vi.advanceTimersByTime(STORE_WITHIN_MS)).not.toThrow()
    expect(warn).toHaveBeenCalledWith('[device] could not store the device code:', expect.stringContaining('budget'))
    expect(localStorage.getItem('jsj_habor_deviceCode')).toBeNull()
    // This launch goes on with the code it made.
    expect(deviceCode()).toBe(code)
    localStorage.removeItem('jsj_habor_drafts')
  })
})
