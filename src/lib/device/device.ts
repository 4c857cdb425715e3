/** Device facts: the device type of docs/product.md "Stored state" from the user agent, network type rules, the device code. */
import { v4 as uuidv4 } from 'uuid'
import type { DeviceType } from '../../contract/api'

export type { DeviceType }

export interface UaHints {
  userAgent: string
  /** navigator.maxTouchPoints: iPadOS 13+ reports a Mac user agent and is told apart by touch. */
  maxTouchPoints?: number
}

export function detectDeviceType({ userAgent: ua, maxTouchPoints = 0 }: UaHints): DeviceType {
  if (/MicroMessenger/i.test(ua)) return 'wechat'
  if (/Electron|HaborClient/i.test(ua)) return 'client'
  if (/iPad/i.test(ua) || (/Macintosh/i.test(ua) && maxTouchPoints > 1)) return 'pad'
  if (/Android/i.test(ua)) return /Mobile/i.test(ua) ? 'mobile' : 'pad'
  if (/Tablet|PlayBook|Silk/i.test(ua)) return 'pad'
  if (/iPhone|iPod|Mobile|HarmonyOS|Windows Phone/i.test(ua)) return 'mobile'
  return 'browser'
}

export const isIOS = (ua: string, maxTouchPoints = 0): boolean =>
  /iPhone|iPad|iPod/i.test(ua) || (/Macintosh/i.test(ua) && maxTouchPoints > 1)

export type NetworkType = 'wifi' | '5g' | '4g' | '3g' | '2g' | 'ethernet' | 'none' | 'unknown'

/** docs/product.md "Stored state": wifi, 5g, 4g and ethernet count as online. 'unknown' defers to the browser's online flag. */
export function isConnectedType(type: NetworkType, browserOnline: boolean): boolean {
  if (!browserOnline || type === 'none') return false
  if (type === 'unknown') return browserOnline
  return type === 'wifi' || type === '5g' || type === '4g' || type === 'ethernet'
}

interface NetworkInformationLike {
  type?: string
  effectiveType?: string
}

/** Maps the Network Information API (where present) to the specification's network types. */
export function networkTypeOf(conn: NetworkInformationLike | undefined, browserOnline: boolean): NetworkType {
  if (!browserOnline) return 'none'
  if (!conn) return 'unknown'
  if (conn.type === 'wifi' || conn.type === 'ethernet' || conn.type === 'none') return conn.type
  const eff = conn.effectiveType
  if (eff === '4g') return '4g'
  if (eff === '3g') return '3g'
  if (eff === '2g' || eff === 'slow-2g') return '2g'
  return 'unknown'
}

/** A random UUID-style device identifier (crypto.randomUUID needs a secure context; uuid covers http LAN use). */
export function newDeviceCode(): string {
  const c = globalThis.crypto as Crypto | undefined
  return typeof c?.randomUUID === 'function' ? c.randomUUID() : uuidv4()
}

export type Platform = 'ios' | 'android' | 'desktop'

/** The platform whose store or install steps the Download page offers. */
export function platformOf({ userAgent: ua, maxTouchPoints = 0 }: UaHints): Platform {
  if (isIOS(ua, maxTouchPoints)) return 'ios'
  if (/Android|HarmonyOS/i.test(ua)) return 'android'
  return 'desktop'
}

export const isWeChat = (ua: string): boolean => /MicroMessenger/i.test(ua)

/** "12.3 MB" style sizes for download links. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return ''
  const units = ['B', 'KB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`
}
