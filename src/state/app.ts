/** App state of docs/product.md "Stored state": device, screen, network, lifecycle flags and the UI-wide counters. */
import { proxy, useSnapshot } from 'valtio'
import { APP_CONFIG, type Lang } from '../../manifest/app'
import type { DeviceType, NetworkType } from '../lib/device/device'
import { nextBaseSize, type Size } from '../lib/device/size'

export type ScreenOrientation = 'portrait' | 'landscape'
export type NavType = 'push' | 'pushTab' | 'replace' | 'replaceAll' | 'back' | 'initial'

export interface AppState {
  version: string
  versionCode: number
  lang: Lang
  orientation: ScreenOrientation
  /** Base size of docs/product.md's resize rule: shorter side as width, longer as height, never growing. */
  screen: Size
  window: Size
  network: { connected: boolean; type: NetworkType }
  deviceType: DeviceType
  launched: boolean
  loaded: boolean
  notificationTip: boolean
  badge: number
  /** The stored state's full-screen player flag: no page has such a player, so it stays false. */
  fullScreenPlayer: boolean
  loading: boolean
  cacheSize: number
  /** How the current page was reached; the shell animates push and back only. */
  navType: NavType
}

const initial = (): AppState => ({
  version: APP_CONFIG.version,
  versionCode: APP_CONFIG.versionCode,
  lang: APP_CONFIG.locale,
  orientation: 'portrait',
  screen: { width: 0, height: 0 },
  window: { width: 0, height: 0 },
  network: { connected: true, type: 'unknown' },
  deviceType: 'browser',
  launched: false,
  loaded: false,
  notificationTip: false,
  badge: 0,
  fullScreenPlayer: false,
  loading: false,
  cacheSize: 0,
  navType: 'initial',
})

export const appState = proxy<AppState>(initial())

export function reset(): void {
  Object.assign(appState, initial())
}

export function setWindowSize(next: Size): void {
  appState.window = { width: next.width, height: next.height }
  appState.screen = nextBaseSize(appState.screen, next)
  appState.orientation = next.width > next.height ? 'landscape' : 'portrait'
}

export function setNetwork(connected: boolean, type: NetworkType): void {
  appState.network = { connected, type }
}

export function setDeviceType(type: DeviceType): void {
  appState.deviceType = type
}

export function setLang(lang: Lang): void {
  appState.lang = lang
}

export function setLaunched(value = true): void {
  appState.launched = value
}

export function setLoaded(value = true): void {
  appState.loaded = value
}

export function setNavType(type: NavType): void {
  appState.navType = type
}

export function setLoading(value: boolean): void {
  appState.loading = value
}

export function setBadge(count: number): void {
  appState.badge = Math.max(0, Math.floor(count))
}

export function setCacheSize(bytes: number): void {
  appState.cacheSize = Math.max(0, bytes)
}

export function setNotificationTip(value: boolean): void {
  appState.notificationTip = value
}

export const useApp = () => useSnapshot(appState)
export const useLang = (): Lang => useSnapshot(appState).lang
