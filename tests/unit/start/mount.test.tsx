/**
 * Home's frame over the app (start/mount.tsx coverWithFrame): the painted frame moves into a cover and stays
 * on screen until a page's scaffold has rendered under it, or FRAME_COVER_MS at most.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { coverWithFrame, FRAME_COVER_MS } from '../../../src/start/mount'

let root: HTMLElement
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  root = document.createElement('div')
  root.id = 'root'
  root.innerHTML = '<div class="shell" data-frame="home"><p data-user-content>三体</p></div>'
  document.body.append(root)
})
afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
})

const cover = () => document.querySelector('.frame-cover')
const flushObservers = () => new Promise<void>((resolve) => queueMicrotask(resolve))

describe('the frame cover', () => {
  it('moves the frame out of the root, where React renders, into a hidden-from-readers cover', () => {
    coverWithFrame(root)
    expect(root.childNodes).toHaveLength(0)
    expect(cover()?.getAttribute('aria-hidden')).toBe('true')
    expect(cover()?.textContent).toBe('三体')
  })

  it('stays while the page has not rendered (a suspended page, an empty shell), and goes once a scaffold is there', async () => {
    coverWithFrame(root)
    root.innerHTML = '<div class="shell" data-page="Home"></div>'
    await flushObservers()
    expect(cover()).not.toBeNull()
    root.firstElementChild!.innerHTML = '<div class="scaffold"><main></main></div>'
    await flushObservers()
    expect(cover()).toBeNull()
  })

  it(`goes after ${FRAME_COVER_MS} ms if no page ever renders, not a moment before`, () => {
    coverWithFrame(root)
    vi.advanceTimersByTime(FRAME_COVER_MS - 1)
    expect(cover()).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect(cover()).toBeNull()
  })
})
