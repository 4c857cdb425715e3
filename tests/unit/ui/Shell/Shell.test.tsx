import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { pageByName, type PageRow } from '../../../../manifest/pages'
import { resetOrientation } from '../../../../src/lib/device/orientation'
import { reset as resetApp, setDeviceType, setLoaded, setWindowSize } from '../../../../src/state/app'
import { dispatch, resetSession } from '../../../../src/state/session/machine'
import { Shell, ShellHosts } from '../../../../src/ui/Shell/Shell'

function row(name: string): PageRow {
  const page = pageByName(name)
  if (!page) throw new Error(`no page ${name}`)
  return page
}

function mount(page: PageRow) {
  const { hook, searchHook } = memoryLocation({ path: page.path })
  return render(
    <Router hook={hook} searchHook={searchHook}>
      <Shell page={page}>
        <p>page</p>
      </Shell>
      <ShellHosts />
    </Router>,
  )
}

describe('Shell', () => {
  // The layers load lazily in the app; have their modules ready so a render shows them without waiting.
  beforeAll(async () => {
    await Promise.all([
      import('../../../../src/ui/RotateHint/RotateHint'),
      import('../../../../src/ui/PullRefresh/PullRefresh'),
      import('../../../../src/ui/Overlay/Overlay'),
      import('../../../../src/ui/Modal/Modal'),
    ])
  })
  beforeEach(() => {
    vi.useFakeTimers()
    resetApp()
    resetSession()
    resetOrientation()
    setDeviceType('mobile')
    setWindowSize({ width: 375, height: 812 })
    vi.stubGlobal('screen', { orientation: { lock: () => Promise.reject(new Error('not fullscreen')) } })
  })
  afterEach(() => {
    cleanup()
    resetOrientation()
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  const hint = () => screen.queryByRole('status')

  it('a logged-in landscape page in portrait shows the rotate hint with the page, and keeps it once the lock fails', async () => {
    dispatch({ type: 'restored', token: true, tempToken: false })
    mount(row('Home'))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(hint()?.textContent).toContain('横屏')
    await act(() => vi.advanceTimersByTimeAsync(50))
    expect(hint()?.textContent).toContain('横屏')
  })

  it('nothing while the app is not loaded and nobody is logged in', async () => {
    mount(row('Home'))
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(hint()).toBeNull()
  })

  it('once loaded, a portrait page in a landscape window asks to turn back', async () => {
    setLoaded(true)
    setWindowSize({ width: 812, height: 375 })
    mount(row('Download'))
    await act(() => vi.advanceTimersByTimeAsync(50))
    expect(hint()?.textContent).toContain('竖屏')
  })

  it("sets the row's column width, and wraps pull-refresh only where the row asks for it", async () => {
    const home = mount(row('Home'))
    await act(() => vi.advanceTimersByTimeAsync(0))
    const shell = home.container.querySelector<HTMLElement>('.shell')
    expect(shell?.style.getPropertyValue('--page-max')).toBe('960px')
    expect(home.container.querySelector('.pull-refresh')).not.toBeNull()
    cleanup()
    const agreement = mount(row('Agreement'))
    expect(agreement.container.querySelector<HTMLElement>('.shell')?.style.getPropertyValue('--page-max')).toBe('750px')
    expect(agreement.container.querySelector('.pull-refresh')).toBeNull()
  })
})
