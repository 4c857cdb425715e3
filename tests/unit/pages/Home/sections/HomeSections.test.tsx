/** Home's sections: skeleton, items, empty states, an error with retry, and a reload on org switch. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Desk } from '../../../../../src/contract/desk'
import { RequestError } from '../../../../../src/lib/http'
import { reset as resetApp, setLang } from '../../../../../src/state/app'
import { reset as resetAuth, setOrg } from '../../../../../src/state/auth'

const fetchDesk = vi.fn<() => Promise<Desk>>()
vi.mock('../../../../../src/pages/Home/sections/deskApi', () => ({ fetchDesk: () => fetchDesk() }))
const { HomeSections } = await import('../../../../../src/pages/Home/sections/HomeSections')

const EMPTY: Desk = { reading: [], works: [], tasks: [], report: null, invited: 0 }
const FULL: Desk = {
  reading: [{ id: 'r1', bookTitle: '草房子', author: '曹文轩', minutes: 30, pages: 12, readAt: Date.UTC(2023, 4, 1) }],
  works: [{ id: 'w1', title: 'My summer', createdAt: Date.UTC(2023, 4, 2), shareable: true }],
  tasks: [{ id: 't1', title: 'Read chapter 3', publisherName: 'Ms Wang', dueAt: null }],
  report: { id: 'rep1', shareable: false },
  invited: 2,
}

beforeEach(() => {
  resetApp()
  resetAuth()
  fetchDesk.mockReset()
})
afterEach(cleanup)

describe('HomeSections', () => {
  it('shows one row per book for repeated reading, saying how often and when last, in the order of the newest', async () => {
    const now = new Date(2026, 10, 27, 9).getTime()
    vi.useFakeTimers({ now, toFake: ['Date'] })
    try {
      const read = (id: string, title: string, readAt: number) => ({ id, bookTitle: title, author: title === '三体' ? '刘慈欣' : '曹文轩', minutes: 20, pages: 10, readAt })
      fetchDesk.mockResolvedValueOnce({
        ...EMPTY,
        reading: [
          read('s5', '三体', new Date(2026, 10, 20).getTime()),
          read('c1', '草房子', new Date(2026, 10, 19).getTime()),
          read('s4', '三体', new Date(2026, 10, 18).getTime()),
          read('s3', '三体', new Date(2026, 9, 2).getTime()),
          read('s2', '三体', new Date(2023, 11, 30).getTime()),
        ],
      })
      render(<HomeSections />)
      await act(async () => undefined)
      const rows = [...screen.getByTestId('home-reading').querySelectorAll('button.hs-link')].map((b) => b.textContent)
      expect(rows).toEqual(['三体读了 4 次 · 共 80 分钟 · 最近 11月20日', '草房子20 分钟 · 10 页 · 11月19日'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('shows skeletons while loading, then the items and entries with their data', async () => {
    let answer: (d: Desk) => void = () => undefined
    fetchDesk.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    render(<HomeSections />)
    expect(screen.getByTestId('home-reading').getAttribute('aria-busy')).toBe('true')
    await act(async () => answer(FULL))
    expect(screen.getByTestId('home-reading').getAttribute('aria-busy')).toBe('false')
    expect(screen.getByText('草房子').hasAttribute('data-user-content')).toBe(true)
    // Read in 2023, shown later: the day names its year.
    expect(screen.getByText('30 分钟 · 12 页 · 2023年5月1日')).toBeTruthy()
    expect(screen.getByText('My summer')).toBeTruthy()
    expect(screen.getByText('无截止日期')).toBeTruthy()
    expect(screen.getByTestId('entry-report').textContent).toContain('已生成，点击查看')
    expect(screen.getByTestId('entry-invite').textContent).toContain('已邀请 2 人')
  })

  it('shows each empty state in the chosen language', async () => {
    setLang('en')
    fetchDesk.mockResolvedValueOnce(EMPTY)
    render(<HomeSections />)
    expect(await screen.findByText('No reading yet. Start a book in the app')).toBeTruthy()
    expect(screen.getByText('No works yet. Write about your first book')).toBeTruthy()
    expect(screen.getByText('No tasks right now. Your teacher’s tasks appear here')).toBeTruthy()
    expect(screen.getByTestId('entry-report').textContent).toContain('Create my year in review')
  })

  it('offers a retry after a failure, and loads again when the organisation changes', async () => {
    fetchDesk.mockRejectedValueOnce(new RequestError('business', 100500, 'service error', 200))
    render(<HomeSections />)
    const retry = (await screen.findAllByRole('button', { name: '重试' }))[0]!
    fetchDesk.mockResolvedValueOnce(EMPTY)
    fireEvent.click(retry)
    expect(await screen.findByText('还没有阅读记录，在 App 中开始阅读吧')).toBeTruthy()
    expect(fetchDesk).toHaveBeenCalledTimes(2)
    fetchDesk.mockResolvedValueOnce(FULL)
    await act(async () => setOrg({ id: 'org-2', name: 'Demo Academy' }))
    expect(await screen.findByText('草房子')).toBeTruthy()
    expect(fetchDesk).toHaveBeenCalledTimes(3)
  })
})
