/** The resize rule of docs/product.md and the 750-unit scale of docs/product.md "Pages". */
import { APP_CONFIG } from '../../../manifest/app'

export interface Size {
  width: number
  height: number
}

/**
 * docs/product.md: on resize the base width and height become the smaller of the stored and new values, with the
 * shorter side as width and the longer as height. A stored 0 means "not measured yet".
 */
export function nextBaseSize(stored: Size, next: Size): Size {
  const short = Math.min(next.width, next.height)
  const long = Math.max(next.width, next.height)
  return {
    width: stored.width > 0 ? Math.min(stored.width, short) : short,
    height: stored.height > 0 ? Math.min(stored.height, long) : long,
  }
}

/**
 * CSS px for a length in design units: 750 units span the device width, capped at 960 px, and — inside
 * the shell — at the page's column width (`--u` of src/ui/Shell/Shell.css computes the same in CSS).
 */
export function unitsToPx(units: number, deviceWidth: number, columnWidth = Infinity): number {
  const device = Math.max(deviceWidth, 0) || APP_CONFIG.baseDeviceWidth
  const width = Math.min(device, APP_CONFIG.maxDeviceWidth, columnWidth > 0 ? columnWidth : Infinity)
  return (units * width) / APP_CONFIG.designWidth
}

/**
 * A CSS length for a length in design units, for inline styles: `style={{ padding: units(32) }}`. It
 * follows the window and the page column live, because it is measured by the `--u` custom property.
 */
export function units(n: number): string {
  return n === 0 ? '0' : `calc(${n} * var(--u))`
}
