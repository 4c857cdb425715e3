/**
 * The typed message catalogue: zh-Hans is the source; English must have every key (the type says so).
 * Page titles live in the page table (manifest/pages.ts), not here.
 */
const zh = {
  'app.tagline': '阅读世界，表达自我',
  'app.loading': '加载中...',
  'app.pageLoadError': '页面加载失败，点击重新加载',
  'app.timeout': '连接超时，点击重试',
  'app.retry': '重试',
  'app.ok': '确定',
  'app.cancel': '取消',
  'app.back': '返回',
  'app.language': '语言',
  'app.switchLanguage': 'English',
  'app.comingSoon': '内容即将上线',
  'app.openApp': '打开 App',
  'app.getApp': '下载 App',
  'app.offline': '网络已断开',
  'clipboard.copied': '内容已复制',
  'clipboard.failed': '复制失败，请手动复制',
  'auth.kicked': '账号已在其他终端登录',
  'auth.expired': '您的登录已过期，请重新登录！',
  'auth.noLogin': '无登录状态，请先登录',
  'download.lead': '随时随地阅读与表达',
  'login.lead': '登录后继续你的阅读之旅',
} as const

export type MessageKey = keyof typeof zh
export type Catalogue = Record<MessageKey, string>

const en: Catalogue = {
  'app.tagline': 'Read the world, express yourself',
  'app.loading': 'loading...',
  'app.pageLoadError': 'The page failed to load. Tap to reload',
  'app.timeout': 'Connection timed out. Tap to retry',
  'app.retry': 'Retry',
  'app.ok': 'OK',
  'app.cancel': 'Cancel',
  'app.back': 'Back',
  'app.language': 'Language',
  'app.switchLanguage': '中文',
  'app.comingSoon': 'Coming soon',
  'app.openApp': 'Open the app',
  'app.getApp': 'Get the app',
  'app.offline': 'You are offline',
  'clipboard.copied': 'Content copied',
  'clipboard.failed': 'Copy failed, please copy manually',
  'auth.kicked': 'Your account logged in on another terminal',
  'auth.expired': 'Your login has expired, please log in again!',
  'auth.noLogin': 'No login state, please log in first',
  'download.lead': 'Read and express yourself, anywhere',
  'login.lead': 'Log in to continue your reading journey',
}

export const CATALOGUES: Record<'zh-Hans' | 'en', Catalogue> = { 'zh-Hans': zh, en }
