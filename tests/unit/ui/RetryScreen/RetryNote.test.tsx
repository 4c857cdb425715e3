/** A failed load said in place (src/ui/RetryScreen/RetryNote.tsx): the page's words in its box, and a retry. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RetryNote } from '../../../../src/ui/RetryScreen/RetryNote'

afterEach(cleanup)

describe('RetryNote', () => {
  it('says the failure as an alert in the page’s box and retries on its button', () => {
    const retry = vi.fn()
    render(<RetryNote className="task-page__note" text="加载失败" retryText="重试" onRetry={retry} />)
    const alert = screen.getByRole('alert')
    expect(alert.className).toBe('task-page__note')
    expect(alert.textContent).toContain('加载失败')
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(retry).toHaveBeenCalledTimes(1)
  })
})
