/** App configuration of docs/product.md "Stored state" and the fixed contracts of docs/contract.md: one place for names, versions and colours. */
export const APP_CONFIG = {
  appId: 'jsj-habor',
  appName: 'jsj-habor',
  productTitle: 'Habor',
  version: '1.5.5',
  versionCode: 10505000,
  locale: 'zh-Hans',
  navigationBarBackground: '#F8F8F8',
  navigationBarTitleColor: '#FFFFFF',
  pageBackground: '#F8F8F8',
  themeColor: '#F8F8F8',
  tagline: { 'zh-Hans': '阅读世界，表达自我', en: 'Read the world, express yourself' },
  /** Design layout width in units, base device width and the cap of docs/product.md "Pages". */
  designWidth: 750,
  baseDeviceWidth: 375,
  maxDeviceWidth: 960,
} as const

export type Lang = 'zh-Hans' | 'en'
export const LANGS: readonly Lang[] = ['zh-Hans', 'en']
