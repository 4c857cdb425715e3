// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { detectDeviceType, isConnectedType, networkTypeOf, newDeviceCode } from '../../../../src/lib/device/device'

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
  ipadOS: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  wechat: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wechatAndroid: 'Mozilla/5.0 (Linux; Android 13; V2183A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  electron: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) habor/1.5.5 Chrome/120.0 Electron/28.0.0 Safari/537.36',
}

describe('device type (docs/product.md "Stored state")', () => {
  it.each([
    ['iphone', 0, 'mobile'],
    ['androidPhone', 5, 'mobile'],
    ['ipad', 5, 'pad'],
    ['ipadOS', 5, 'pad'],
    ['androidTablet', 5, 'pad'],
    ['wechat', 5, 'wechat'],
    ['wechatAndroid', 5, 'wechat'],
    ['desktop', 0, 'browser'],
    ['mac', 0, 'browser'],
    ['electron', 0, 'client'],
  ] as const)('%s → %s', (ua, touch, expected) => {
    expect(detectDeviceType({ userAgent: UA[ua], maxTouchPoints: touch })).toBe(expected)
  })
})

describe('network (docs/product.md "Stored state": wifi, 5g, 4g and ethernet count as online)', () => {
  it.each([
    ['wifi', true, true],
    ['5g', true, true],
    ['4g', true, true],
    ['ethernet', true, true],
    ['3g', true, false],
    ['2g', true, false],
    ['none', true, false],
    ['wifi', false, false],
    ['unknown', true, true],
    ['unknown', false, false],
  ] as const)('%s (browser online %s) → connected %s', (type, online, expected) => {
    expect(isConnectedType(type, online)).toBe(expected)
  })

  it('reads the Network Information API', () => {
    expect(networkTypeOf({ type: 'wifi' }, true)).toBe('wifi')
    expect(networkTypeOf({ type: 'cellular', effectiveType: '4g' }, true)).toBe('4g')
    expect(networkTypeOf({ effectiveType: 'slow-2g' }, true)).toBe('2g')
    expect(networkTypeOf(undefined, true)).toBe('unknown')
    expect(networkTypeOf({ type: 'wifi' }, false)).toBe('none')
  })
})

describe('device code', () => {
  it('is a random UUID', () => {
    const a = newDeviceCode()
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(newDeviceCode()).not.toBe(a)
  })
})
