// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { appState, reset as resetApp } from '../../../../src/state/app'
import {
  TOAST_DURATION_MS,
  hideLoading,
  hideToast,
  overlayState,
  reset,
  showLoading,
  showToast,
} from '../../../../src/ui/Overlay/overlay'

const kind = () => overlayState.content.kind

describe('the shared toast/loading overlay', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    reset()
    resetApp()
  })
  afterEach(() => {
    reset()
    vi.useRealTimers()
  })

  it('a toast is there at 1499 ms and gone at 1500 ms', async () => {
    showToast('已保存')
    expect(overlayState.content).toMatchObject({ kind: 'toast', text: '已保存', icon: 'none' })
    await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 1)
    expect(kind()).toBe('toast')
    await vi.advanceTimersByTimeAsync(1)
    expect(kind()).toBe('none')
  })

  it('a custom duration and icon are kept', async () => {
    showToast('ok', { duration: 3000, icon: 'success' })
    expect(overlayState.content).toMatchObject({ icon: 'success' })
    await vi.advanceTimersByTimeAsync(2999)
    expect(kind()).toBe('toast')
    await vi.advanceTimersByTimeAsync(1)
    expect(kind()).toBe('none')
  })

  it("a second toast restarts the clock; the first one's timer does not hide it", async () => {
    showToast('one')
    await vi.advanceTimersByTimeAsync(1000)
    showToast('two')
    await vi.advanceTimersByTimeAsync(1000)
    expect(overlayState.content).toMatchObject({ kind: 'toast', text: 'two' })
    await vi.advanceTimersByTimeAsync(500)
    expect(kind()).toBe('none')
  })

  it('loading stays until hidden and mirrors appState.loading', async () => {
    showLoading('loading...')
    expect(appState.loading).toBe(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(overlayState.content).toMatchObject({ kind: 'loading', text: 'loading...' })
    hideLoading()
    expect(kind()).toBe('none')
    expect(appState.loading).toBe(false)
  })

  it('hideLoading while a toast shows only warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    showToast('saved')
    const before = overlayState.content
    hideLoading()
    expect(overlayState.content).toEqual(before)
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('hideToast while loading shows only warns, and the loading stays', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    showLoading()
    hideToast()
    expect(kind()).toBe('loading')
    expect(appState.loading).toBe(true)
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('hiding when nothing shows does nothing and does not warn', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    hideToast()
    hideLoading()
    expect(kind()).toBe('none')
    expect(warn).not.toHaveBeenCalled()
  })

  it('a toast replaces loading (one overlay), and loading replaces a toast and stops its timer', async () => {
    showLoading()
    showToast('done')
    expect(kind()).toBe('toast')
    expect(appState.loading).toBe(false)
    showLoading()
    await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS * 2)
    expect(kind()).toBe('loading')
  })
})
