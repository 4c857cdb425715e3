// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { nextBaseSize, unitsToPx } from '../../../../src/lib/device/size'
import { appState, reset, setWindowSize } from '../../../../src/state/app'

describe('resize rule (docs/product.md)', () => {
  it('takes the shorter side as width and the longer as height on the first measure', () => {
    expect(nextBaseSize({ width: 0, height: 0 }, { width: 812, height: 375 })).toEqual({ width: 375, height: 812 })
  })

  it('keeps the smaller of stored and new values', () => {
    expect(nextBaseSize({ width: 375, height: 812 }, { width: 414, height: 896 })).toEqual({ width: 375, height: 812 })
    expect(nextBaseSize({ width: 375, height: 812 }, { width: 360, height: 640 })).toEqual({ width: 360, height: 640 })
    expect(nextBaseSize({ width: 375, height: 812 }, { width: 700, height: 360 })).toEqual({ width: 360, height: 700 })
  })

  it('updates the app store, with the orientation of the window', () => {
    reset()
    setWindowSize({ width: 375, height: 812 })
    setWindowSize({ width: 812, height: 375 })
    expect(appState.screen).toEqual({ width: 375, height: 812 })
    expect(appState.window).toEqual({ width: 812, height: 375 })
    expect(appState.orientation).toBe('landscape')
  })
})

describe('750-unit scale', () => {
  it('maps 750 units to the device width, capped at 960', () => {
    expect(unitsToPx(750, 375)).toBe(375)
    expect(unitsToPx(100, 375)).toBe(50)
    expect(unitsToPx(750, 1280)).toBe(960)
    expect(unitsToPx(750, 0)).toBe(375)
  })
})
