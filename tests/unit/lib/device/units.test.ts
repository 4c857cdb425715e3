// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { units, unitsToPx } from '../../../../src/lib/device/size'

describe('the 750-unit design scale (docs/product.md "Pages": base 375, cap 960)', () => {
  it.each([
    [750, 375, Infinity, 375],
    [100, 375, Infinity, 50],
    [750, 320, Infinity, 320],
    [750, 1280, Infinity, 960],
    [750, 0, Infinity, 375],
    [750, 1280, 750, 750],
    [100, 1280, 750, 100],
    [750, 375, 750, 375],
    [750, 1280, 0, 960],
  ])('%s units on a %s px device in a %s px column = %s px', (n, device, column, px) => {
    expect(unitsToPx(n, device, column)).toBe(px)
  })

  it.each([
    [32, 'calc(32 * var(--u))'],
    [-8, 'calc(-8 * var(--u))'],
    [0, '0'],
  ])('units(%s) is %s', (n, css) => {
    expect(units(n)).toBe(css)
  })
})
