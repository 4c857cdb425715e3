// @vitest-environment node
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { request } from '../../../../src/lib/http'
import { fakeFetch, ok, outcome, setup } from '../../support/http'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Each request answers when its release function is called. */
function controllable() {
  const releases = new Map<string, () => void>()
  fakeFetch((r) => new Promise((res) => releases.set(new URL(r.url, 'http://x').pathname, () => res(ok()))))
  return (path: string) => releases.get(path)?.()
}

it('shows "loading..." only once a request has run 2000 ms (not at 1999) and hides it 500 ms after it ends', async () => {
  const { ui } = setup()
  const release = controllable()
  const r = outcome(request({ url: '/slow' }))
  await vi.advanceTimersByTimeAsync(1999)
  expect(ui.showLoading).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(1)
  expect(ui.showLoading.mock.calls).toEqual([['loading...']])
  release('/api/slow')
  await vi.advanceTimersByTimeAsync(499)
  expect(r.done).toBe(true)
  expect(ui.hideLoading).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(1)
  expect(ui.hideLoading).toHaveBeenCalledTimes(1)
})

it('never shows for requests shorter than 2000 ms, even back to back', async () => {
  const { ui } = setup()
  const release = controllable()
  outcome(request({ url: '/a' }))
  await vi.advanceTimersByTimeAsync(1500)
  release('/api/a')
  await vi.advanceTimersByTimeAsync(0)
  outcome(request({ url: '/b' }))
  await vi.advanceTimersByTimeAsync(1500)
  release('/api/b')
  await vi.advanceTimersByTimeAsync(3000)
  expect(ui.showLoading).not.toHaveBeenCalled()
  expect(ui.hideLoading).not.toHaveBeenCalled()
})

it('hides 500 ms after the last running request ends, not the first', async () => {
  const { ui } = setup()
  const release = controllable()
  outcome(request({ url: '/a' }))
  outcome(request({ url: '/b' }))
  await vi.advanceTimersByTimeAsync(2000)
  expect(ui.showLoading).toHaveBeenCalledTimes(1)
  release('/api/a')
  await vi.advanceTimersByTimeAsync(1000)
  expect(ui.hideLoading).not.toHaveBeenCalled()
  release('/api/b')
  await vi.advanceTimersByTimeAsync(499)
  expect(ui.hideLoading).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(1)
  expect(ui.hideLoading).toHaveBeenCalledTimes(1)
})

it('a request starting within the 500 ms keeps the indicator up; loading: false requests never count', async () => {
  const { ui } = setup()
  const release = controllable()
  outcome(request({ url: '/a' }))
  outcome(request({ url: '/quiet', loading: false }))
  await vi.advanceTimersByTimeAsync(2000)
  release('/api/a')
  await vi.advanceTimersByTimeAsync(300)
  outcome(request({ url: '/c' }))
  await vi.advanceTimersByTimeAsync(1000)
  expect(ui.hideLoading).not.toHaveBeenCalled()
  release('/api/c')
  await vi.advanceTimersByTimeAsync(500)
  expect(ui.hideLoading).toHaveBeenCalledTimes(1)
  expect(ui.showLoading).toHaveBeenCalledTimes(1)
})
