import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { applyOrientation, resetOrientation } from '../../../src/lib/device/orientation'
import { reset as resetApp, setLang, setNavType, setWindowSize, type NavType } from '../../../src/state/app'
import { OverlayHost } from '../../../src/ui/Overlay/Overlay'
import { reset as resetOverlay, showLoading, showToast } from '../../../src/ui/Overlay/overlay'
import { PageTransition, slidesIn } from '../../../src/ui/PageTransition/PageTransition'
import { PullRefresh } from '../../../src/ui/PullRefresh/PullRefresh'
import { usePullRefresh } from '../../../src/ui/PullRefresh/usePullRefresh'
import { RetryScreen } from '../../../src/ui/RetryScreen/RetryScreen'
import { RotateHint } from '../../../src/ui/RotateHint/RotateHint'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})
beforeEach(() => resetApp())

describe('PageTransition', () => {
  it.each<[NavType, boolean, boolean]>([
    ['push', false, true],
    ['back', false, true],
    ['replace', false, false],
    ['replaceAll', false, false],
    ['pushTab', false, false],
    ['initial', false, false],
    ['push', true, false],
    ['back', true, false],
  ])('navType %s with reduced motion %s slides: %s', (nav, reduced, expected) => {
    expect(slidesIn(nav, reduced)).toBe(expected)
  })

  it('takes its class from how the page was reached', () => {
    setNavType('push')
    const { container, rerender } = render(<PageTransition key="a">page</PageTransition>)
    expect(container.firstElementChild?.className).toContain('page-transition--slide')
    setNavType('replace')
    rerender(<PageTransition key="b">page</PageTransition>)
    expect(container.firstElementChild?.className).not.toContain('page-transition--slide')
  })
})

function touch(target: Element, type: string, y: number) {
  const init = { bubbles: true, cancelable: true, touches: type === 'touchend' ? [] : [{ clientX: 100, clientY: y }] }
  fireEvent(target, new TouchEvent(type, init as unknown as TouchEventInit))
}

function Page({ onRefresh }: { onRefresh: () => Promise<void> }) {
  usePullRefresh(onRefresh)
  return <p>content</p>
}

/** A page with pull-down refresh under fake timers: its root and its refresh hook. */
function pullablePage() {
  vi.useFakeTimers()
  const onRefresh = vi.fn(() => Promise.resolve())
  const { container } = render(
    <PullRefresh>
      <Page onRefresh={onRefresh} />
    </PullRefresh>,
  )
  const root = container.querySelector('.pull-refresh')
  if (!root) throw new Error('no pull-refresh root')
  return { root, onRefresh }
}

describe('PullRefresh', () => {
  it("a pull past the threshold by touch calls the page's hook and shows the spinner text", async () => {
    const { root, onRefresh } = pullablePage()
    act(() => {
      touch(root, 'touchstart', 100)
      touch(root, 'touchmove', 140)
    })
    expect(root.getAttribute('data-status')).toBe('pulling')
    expect(screen.getByText('下拉刷新')).toBeTruthy()
    act(() => touch(root, 'touchmove', 200))
    expect(root.getAttribute('data-status')).toBe('reached')
    expect(screen.getByText('释放立即刷新')).toBeTruthy()
    act(() => touch(root, 'touchend', 200))
    expect(root.getAttribute('data-status')).toBe('refreshing')
    expect(screen.getByText('正在刷新...')).toBeTruthy()
    expect(onRefresh).toHaveBeenCalledTimes(1)
    await act(() => vi.advanceTimersByTimeAsync(400))
    expect(root.getAttribute('data-status')).toBe('restoring')
    await act(() => vi.advanceTimersByTimeAsync(350))
    expect(root.getAttribute('data-status')).toBe('idle')
  })

  it('a short pull aborts without calling the hook', async () => {
    const { root, onRefresh } = pullablePage()
    act(() => {
      touch(root, 'touchstart', 100)
      touch(root, 'touchmove', 150)
      touch(root, 'touchend', 150)
    })
    expect(root.getAttribute('data-status')).toBe('aborting')
    await act(() => vi.advanceTimersByTimeAsync(350))
    expect(root.getAttribute('data-status')).toBe('idle')
    expect(onRefresh).not.toHaveBeenCalled()
  })
})

describe('OverlayHost', () => {
  afterEach(() => act(() => resetOverlay()))

  it('shows a toast as role="status" and loading with the catalogue text', async () => {
    render(<OverlayHost />)
    await act(async () => showToast('内容已复制'))
    expect(screen.getByRole('status').textContent).toBe('内容已复制')
    setLang('en')
    await act(async () => showLoading())
    expect(screen.getByRole('status').textContent).toBe('loading...')
  })
})

describe('RotateHint', () => {
  afterEach(() => resetOrientation())

  it('appears when a lock fails, can be closed, and hides once the device is turned', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('screen', { orientation: {} })
    setWindowSize({ width: 375, height: 812 })
    render(<RotateHint />)
    await act(async () => {
      applyOrientation('landscape', 'portrait', { loaded: true, loggedIn: true, handheld: true })
      await vi.advanceTimersByTimeAsync(50)
    })
    expect(screen.getByRole('status').textContent).toContain('横屏')
    await act(async () => setWindowSize({ width: 812, height: 375 }))
    expect(screen.queryByRole('status')).toBeNull()
    await act(async () => setWindowSize({ width: 375, height: 812 }))
    await act(async () => screen.getByRole('button', { name: '关闭旋转提示' }).click())
    expect(screen.queryByRole('status')).toBeNull()
  })
})

describe('RetryScreen', () => {
  it('is one button that retries, with the time-out text', () => {
    const onRetry = vi.fn()
    render(<RetryScreen onRetry={onRetry} />)
    const button = screen.getByRole('button', { name: /连接超时，点击重试/ })
    fireEvent.click(button)
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})
