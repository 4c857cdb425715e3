import { afterEach, describe, expect, it, vi } from 'vitest'
import { copyText, execCommandCopy } from '../../../../src/lib/clipboard/clipboard'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('copyText', () => {
  it("says 'Content copied' through the notifier when the Clipboard API writes", async () => {
    const writeText = vi.fn(async () => {})
    const notify = vi.fn()
    const fallback = vi.fn(() => true)
    const result = await copyText('DEMO2023', { lang: 'en', notify, clipboard: { writeText }, fallback })
    expect(result).toEqual({ ok: true, message: 'Content copied' })
    expect(writeText).toHaveBeenCalledWith('DEMO2023')
    expect(fallback).not.toHaveBeenCalled()
    expect(notify).toHaveBeenCalledWith('Content copied')
  })

  it("says 'Copy failed, please copy manually' when the browser refuses both ways", async () => {
    const notify = vi.fn()
    const result = await copyText('x', {
      lang: 'en',
      notify,
      clipboard: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      fallback: () => false,
    })
    expect(result).toEqual({ ok: false, message: 'Copy failed, please copy manually' })
    expect(notify).toHaveBeenCalledWith('Copy failed, please copy manually')
  })

  it('falls back to the old way where the Clipboard API is absent (plain http), in Chinese', async () => {
    const fallback = vi.fn(() => true)
    const result = await copyText('x', { lang: 'zh-Hans', clipboard: null, fallback })
    expect(fallback).toHaveBeenCalledWith('x')
    expect(result).toEqual({ ok: true, message: '内容已复制' })
  })

  it('works without a notifier and reports the failure text in Chinese', async () => {
    const result = await copyText('x', { lang: 'zh-Hans', clipboard: null, fallback: () => false })
    expect(result.message).toBe('复制失败，请手动复制')
  })
})

describe('execCommandCopy', () => {
  it('copies the text from a temporary textarea and removes it', () => {
    let copied = ''
    const exec = vi.fn((command: string) => {
      copied = command === 'copy' ? ((document.activeElement as HTMLTextAreaElement | null)?.value ?? document.querySelector('textarea')?.value ?? '') : ''
      return true
    })
    Object.defineProperty(document, 'execCommand', { configurable: true, value: exec })
    expect(execCommandCopy('hello')).toBe(true)
    expect(copied).toBe('hello')
    expect(document.querySelector('textarea')).toBeNull()
  })

  it('is false when the browser throws', () => {
    Object.defineProperty(document, 'execCommand', {
      configurable: true,
      value: () => {
        throw new Error('nope')
      },
    })
    expect(execCommandCopy('hello')).toBe(false)
  })
})
