/**
 * The carousel keeps the reader's slide through embla's re-measures (a resize, a slide list that changed):
 * the track, the slide exposed to assistive technology and the "n / count" beside the buttons stay on it,
 * even after a re-measure made while the carousel had no width, which embla rests on the first slide.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
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
/** No width at all, as a carousel measured while it is not laid out. */
let collapsed = false
const layout = { offsetWidth: 0, offsetLeft: 0 }
const saved = new Map<keyof typeof layout, PropertyDescriptor | undefined>()
let style: HTMLStyleElement

/** The browser's ResizeObserver, which happy-dom never calls back: the test says when sizes changed. */
class Observer {
  static all: Observer[] = []
  targets: Element[] = []
  constructor(private readonly callback: ResizeObserverCallback) {
    Observer.all.push(this)
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  unobserve() {}
  disconnect() {
    this.targets = []
  }
  static resized() {
    for (const o of Observer.all) o.callback(o.targets.map((target) => ({ target }) as ResizeObserverEntry), o as unknown as ResizeObserver)
  }
}

beforeEach(() => {
  collapsed = false
  Observer.all = []
  vi.stubGlobal('ResizeObserver', Observer)
  style = document.createElement('style')
  style.textContent = '.story__slide { margin: 0 }'
  document.head.append(style)
  for (const key of Object.keys(layout) as (keyof typeof layout)[]) {
    saved.set(key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key))
    Object.defineProperty(HTMLElement.prototype, key, {
      configurable: true,
      get(this: HTMLElement) {
        if (collapsed) return 0
        if (key === 'offsetWidth') return this.matches('.story__viewport, .story__track, .story__slide') ? WIDTH : 0
        return this.matches('.story__slide') ? [...(this.parentElement?.children ?? [])].indexOf(this) * WIDTH : 0
      },
    })
  }
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  style.remove()
  for (const [key, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key]
  }
})

const track = () => document.querySelector<HTMLElement>('.story__track')?.style.transform
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

  it('a re-measure made with no width leaves the reader on their slide, and the next puts the track back there', async () => {
    render(<StorySlides stories={stories(8)} texts={TEXTS} autoplay={false} />)
    // embla watches the sizes from its next frame on.
    await act(() => new Promise((r) => requestAnimationFrame(r)))
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: '下一页' }))
    expect(position()).toBe('4 / 8')
    collapsed = true
    act(() => Observer.resized())
    expect(position()).toBe('4 / 8')
    // The re-measured carousel watches the sizes again from its next frame.
    await act(() => new Promise((r) => requestAnimationFrame(r)))
    collapsed = false
    act(() => Observer.resized())
    expect(position()).toBe('4 / 8')
    expect(shown()).toEqual(['s3'])
    // The track jumps there on embla's next animation frame.
    await act(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    expect(track()).toBe(`translate3d(${-3 * WIDTH}px,0px,0px)`)
    // And the reader goes on from there.
    fireEvent.click(screen.getByRole('button', { name: '下一页' }))
    expect(position()).toBe('5 / 8')
  })
})
