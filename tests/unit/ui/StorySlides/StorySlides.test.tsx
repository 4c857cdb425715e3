/**
 * The carousel's position follows its track: embla re-measures itself (a resize, a slide list that
 * changed) and may land elsewhere than the slide the page last selected; the slide shown, the one exposed
 * to assistive technology and the "n / count" beside the buttons stay the track's.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StorySlides, type Story, type StoryTexts } from '../../../../src/ui/StorySlides/StorySlides'

const TEXTS: StoryTexts = {
  region: '年度报告',
  prev: '上一页',
  next: '下一页',
  pause: '暂停',
  play: '播放',
  position: (i, n) => `${i + 1} / ${n}`,
}

const stories = (n: number): Story[] => Array.from({ length: n }, (_, i) => ({ key: `s${i}`, label: `第 ${i + 1} 页`, content: <p>第 {i + 1} 页</p>, dwellMs: 6000 }))

/**
 * happy-dom lays nothing out: the frame, its track and each slide are 300 px wide, the slides side by side,
 * and the slides' margins (which embla reads as the gaps) are set, not left unparseable.
 */
const WIDTH = 300
const layout = { offsetWidth: 0, offsetLeft: 0 }
const saved = new Map<keyof typeof layout, PropertyDescriptor | undefined>()
let style: HTMLStyleElement
beforeEach(() => {
  style = document.createElement('style')
  style.textContent = '.story__slide { margin: 0 }'
  document.head.append(style)
  for (const key of Object.keys(layout) as (keyof typeof layout)[]) {
    saved.set(key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key))
    Object.defineProperty(HTMLElement.prototype, key, {
      configurable: true,
      get(this: HTMLElement) {
        if (key === 'offsetWidth') return this.matches('.story__viewport, .story__track, .story__slide') ? WIDTH : 0
        return this.matches('.story__slide') ? [...(this.parentElement?.children ?? [])].indexOf(this) * WIDTH : 0
      },
    })
  }
})
afterEach(() => {
  cleanup()
  style.remove()
  for (const [key, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key]
  }
})

const position = () => document.querySelector('.story__position')?.textContent?.replace(/\s+/g, ' ')
const shown = () => [...document.querySelectorAll('.story__slide[aria-hidden="false"]')].map((s) => s.getAttribute('data-story'))

describe('StorySlides', () => {
  it('moves with the buttons and says where it is', () => {
    render(<StorySlides stories={stories(8)} texts={TEXTS} autoplay={false} />)
    expect(position()).toBe('1 / 8')
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: '下一页' }))
    expect(position()).toBe('5 / 8')
    expect(shown()).toEqual(['s4'])
  })

  it('a slide list that shrinks past the slide shown leaves the position where the track came to rest', () => {
    const { rerender } = render(<StorySlides stories={stories(8)} texts={TEXTS} autoplay={false} />)
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button', { name: '下一页' }))
    expect(position()).toBe('6 / 8')
    // The list shrinks to three: the carousel re-measures and can only rest on the last of them.
    act(() => rerender(<StorySlides stories={stories(3)} texts={TEXTS} autoplay={false} />))
    expect(position()).toBe('3 / 3')
    expect(shown()).toEqual(['s2'])
    expect(screen.getByRole('button', { name: '下一页' })).toHaveProperty('disabled', true)
  })
})
