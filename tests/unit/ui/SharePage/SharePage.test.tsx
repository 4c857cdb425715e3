/** The share pages' one frame: what it shows around a page's content, before, with and without content. */
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pageByName } from '../../../../manifest/pages'
import type { OpusView } from '../../../../src/contract/content'
import { SharePage } from '../../../../src/ui/SharePage/SharePage'
import { openAt } from '../../support/pageFakes'

const fetchContent = vi.hoisted(() => vi.fn())
vi.mock('../../../../src/ui/ShareBar/content', () => ({ fetchContent }))

const PAGE = pageByName('shareOpus')!
const OPUS = { id: 'demo-opus', title: '门前的银杏树' } as OpusView

function Opus({ id }: { id?: string }) {
  return (
    <SharePage page={PAGE} query={id ? { id } : {}} kind="opus" skeleton={<span>bones</span>} card={(v) => ({ title: v.title, desc: '' })} share={(v) => ({ title: v.title, text: v.title })}>
      {(v) => <h2>{v.title}</h2>}
    </SharePage>
  )
}

beforeEach(() => {
  openAt('/share/opus')
  fetchContent.mockReset()
})
afterEach(cleanup)

describe('SharePage', () => {
  it('shows the skeleton while loading, then the content with the share action and the way to the app', async () => {
    let answer: (v: OpusView) => void = () => undefined
    fetchContent.mockReturnValue(new Promise<OpusView>((resolve) => (answer = resolve)))
    render(<Opus id="demo-opus" />)
    expect(fetchContent).toHaveBeenCalledWith('opus', 'demo-opus')
    expect(screen.getByText('bones')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '分享' })).toBeNull()
    await act(async () => answer(OPUS))
    expect(screen.getByRole('heading', { level: 2, name: '门前的银杏树' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '分享' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '打开 App' }).getAttribute('href')).toBe('/download')
  })

  it('without content: the not-available state, no share action, and still the way to the app', async () => {
    fetchContent.mockResolvedValue(null)
    render(<Opus />)
    await act(async () => undefined)
    expect(screen.getByTestId('not-available').textContent).toContain('此内容不可用')
    expect(screen.queryByRole('button', { name: '分享' })).toBeNull()
    expect(screen.getByRole('link', { name: '打开 App' })).toBeTruthy()
  })
})
