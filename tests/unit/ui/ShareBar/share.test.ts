// @vitest-environment node
/** The one share action (ui/ShareBar/share.ts) that the share pages, Invite, Motherday and Report use. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { shareLink } from '../../../../src/ui/ShareBar/share'

const writeText = vi.fn(async (_text: string) => undefined)
Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
afterEach(() => writeText.mockClear())

const target = { title: 'Habor', text: '一起来读书：', url: 'https://habor.example/invite?c=1' }

describe('shareLink', () => {
  it('opens the share sheet with title, text and link only, never the copy text', async () => {
    const share = vi.fn(async (_data: ShareData) => undefined)
    expect(await shareLink({ ...target, copy: 'x' }, 'zh-Hans', { share, canShare: () => true })).toBe('shared')
    expect(share).toHaveBeenCalledWith(target)
    expect(writeText).not.toHaveBeenCalled()
  })

  it('says nothing when the student closes the sheet', async () => {
    const share = vi.fn(async () => Promise.reject(new DOMException('closed', 'AbortError')))
    expect(await shareLink(target, 'zh-Hans', { share, canShare: () => true })).toBe('cancelled')
    expect(writeText).not.toHaveBeenCalled()
  })

  it('copies the chosen text where there is no sheet, or when the sheet fails otherwise; the link when none is chosen', async () => {
    expect(await shareLink({ ...target, copy: `${target.text}${target.url}` }, 'zh-Hans', { share: undefined as unknown as Navigator['share'], canShare: () => false })).toBe('copied')
    expect(writeText).toHaveBeenLastCalledWith(`${target.text}${target.url}`)
    const broken = vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError')))
    expect(await shareLink(target, 'zh-Hans', { share: broken, canShare: () => true })).toBe('copied')
    expect(writeText).toHaveBeenLastCalledWith(target.url)
  })
})
