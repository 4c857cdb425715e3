import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PAGES } from '../../../manifest/pages'
import { PAGE_LOADERS, PAGE_LOADING_DELAY_MS, PAGE_TIMEOUT_MS, PageTimeoutError, withTimeout } from '../../../src/app/routes'
import { DelayedLoading } from '../../../src/ui/PageStatus/PageStatus'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('lazy pages (docs/product.md "Pages")', () => {
  it('has a loader for every row of the page table', () => {
    expect(Object.keys(PAGE_LOADERS).sort()).toEqual(PAGES.map((p) => p.name).sort())
  })

  it('uses the constants of docs/product.md "Timing and limits"', () => {
    expect(PAGE_LOADING_DELAY_MS).toBe(200)
    expect(PAGE_TIMEOUT_MS).toBe(60_000)
  })

  it('shows the loading state at 200 ms, not at 199 ms', async () => {
    const view = render(<DelayedLoading delayMs={PAGE_LOADING_DELAY_MS} />)
    await act(() => vi.advanceTimersByTimeAsync(199))
    expect(view.queryByRole('status')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(view.getByRole('status').textContent).toContain('加载中')
  })

  it('times a page load out at 60000 ms, not at 59999 ms', async () => {
    const never = () => new Promise<never>(() => undefined)
    const settled = vi.fn()
    const p = withTimeout(never, PAGE_TIMEOUT_MS, () => new PageTimeoutError('Home')).catch((e: unknown) => {
      settled(e)
    })
    await vi.advanceTimersByTimeAsync(59_999)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await p
    expect(settled.mock.calls[0]?.[0]).toBeInstanceOf(PageTimeoutError)
  })

  it('passes a load that settles in time through, and its failure as an Error', async () => {
    await expect(withTimeout(() => Promise.resolve(42), 10, () => new Error('late'))).resolves.toBe(42)
    await expect(withTimeout(() => Promise.reject(new Error('chunk failed')), 10, () => new Error('late'))).rejects.toThrow('chunk failed')
  })
})
