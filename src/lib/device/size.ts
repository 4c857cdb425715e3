/** The resize rule of SPEC §4 and the 750-unit scale of SPEC §2. */
import { APP_CONFIG } from '../../../manifest/app'

export interface Size {
  width: number
  height: number
}

/**
 * SPEC §4: on resize the base width and height become the smaller of the stored and new values, with the
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

/** CSS px for a length in design units (750 units = the device width, capped at 960 px). */
export function unitsToPx(units: number, deviceWidth: number): number {
  const width = Math.min(Math.max(deviceWidth, 0) || APP_CONFIG.baseDeviceWidth, APP_CONFIG.maxDeviceWidth)
  return (units * width) / APP_CONFIG.designWidth
}
