/**
 * The page table: the single source of truth for routes. The router, the guard, the title logic, the
 * orientation logic and the web app manifest all read it. Adding a page = one row here + one module in
 * src/pages/<name>/.
 */
import { APP_CONFIG, LANGS, type Lang } from './app.ts'

export type Access = 'public' | 'login'
export type Orientation = 'portrait' | 'landscape' | 'auto'

export interface PageRow {
  /** Route name used in redirect queries (`/login?redirect=<name>`). */
  readonly name: string
  /** Public short path (docs/product.md "Pages" route table). */
  readonly path: string
  /** Page-file path of docs/product.md "Pages"'s page list; `/<file>` redirects to `path` with its query. */
  readonly file: string
  readonly access: Access
  readonly title: { readonly 'zh-Hans': string; readonly en: string }
  readonly orientation: Orientation
  /** Maximum content width in CSS px; the global default applies when unset. */
  readonly maxWidth?: number
  /** The page offers pull-down refresh. */
  readonly pullRefresh?: boolean
}

/** What every page component receives from the router (docs/product.md "Pages": the URL's query parameters are its inputs). */
export interface PageProps {
  query: Readonly<Record<string, string>>
  page: PageRow
}

type RowInput = Omit<PageRow, 'orientation'> & { orientation?: Orientation }
const row = <const R extends RowInput>(r: R): PageRow & { name: R['name'] } => ({ orientation: 'portrait', ...r })

export const PAGES = [
  row({ name: 'Login', path: '/login', file: 'app/login', access: 'public', title: { 'zh-Hans': '登录', en: 'Log in' }, orientation: 'auto' }),
  row({ name: 'Forget', path: '/forget', file: 'app/forget', access: 'public', title: { 'zh-Hans': '找回密码', en: 'Forgot password' } }),
  row({ name: 'Improve', path: '/improve', file: 'app/improve', access: 'public', title: { 'zh-Hans': '完善资料', en: 'Complete profile' } }),
  row({ name: 'Bind', path: '/bind', file: 'app/bind', access: 'public', title: { 'zh-Hans': '绑定手机', en: 'Bind phone' } }),
  row({ name: 'Agreement', path: '/agreement', file: 'app/agreement', access: 'public', title: { 'zh-Hans': '用户协议', en: 'User agreement' } }),
  row({ name: 'Password', path: '/password', file: 'app/password', access: 'public', title: { 'zh-Hans': '设置密码', en: 'Set password' } }),
  row({ name: 'shareOpus', path: '/share/opus', file: 'platforms/h5/share/opus', access: 'public', title: { 'zh-Hans': '作品', en: 'Work' } }),
  row({ name: 'shareRead', path: '/share/read', file: 'platforms/h5/share/read', access: 'public', title: { 'zh-Hans': '阅读记录', en: 'Reading' } }),
  row({ name: 'shareTask', path: '/share/task', file: 'platforms/h5/share/task', access: 'public', title: { 'zh-Hans': '任务', en: 'Task' } }),
  row({ name: 'Report', path: '/2023/report', file: 'platforms/h5/2023/report', access: 'public', title: { 'zh-Hans': '年度报告', en: 'Year in review' } }),
  row({ name: 'Join', path: '/2023/join', file: 'platforms/h5/2023/join', access: 'public', title: { 'zh-Hans': '参与年度报告', en: 'Join the year in review' } }),
  row({ name: 'Create', path: '/2023/create', file: 'platforms/h5/2023/create', access: 'login', title: { 'zh-Hans': '生成年度报告', en: 'Create my report' } }),
  row({ name: 'ReportHistory', path: '/2023/history', file: 'platforms/h5/2023/history', access: 'login', title: { 'zh-Hans': '我的报告', en: 'My reports' } }),
  row({ name: 'Download', path: '/download', file: 'platforms/h5/download', access: 'public', title: { 'zh-Hans': '下载', en: 'Download' }, pullRefresh: true }),
  row({ name: 'Invite', path: '/invite', file: 'platforms/h5/invite', access: 'login', title: { 'zh-Hans': '邀请好友', en: 'Invite friends' } }),
  row({ name: 'Sound', path: '/sound', file: 'platforms/h5/sound', access: 'public', title: { 'zh-Hans': '声音', en: 'Sound' } }),
  row({ name: 'Motherday', path: '/motherday', file: 'platforms/h5/motherday', access: 'public', title: { 'zh-Hans': '母亲节', en: "Mother's Day" } }),
  row({ name: 'Task', path: '/task', file: 'app/task', access: 'login', title: { 'zh-Hans': '任务', en: 'Task' } }),
  row({ name: 'Notifications', path: '/notifications', file: 'app/notifications', access: 'login', title: { 'zh-Hans': '通知', en: 'Notifications' }, pullRefresh: true }),
  row({ name: 'Settings', path: '/settings', file: 'app/settings', access: 'login', title: { 'zh-Hans': '设置', en: 'Settings' } }),
  row({ name: 'Consent', path: '/consent', file: 'app/consent', access: 'login', title: { 'zh-Hans': '家长同意', en: 'Guardian consent' } }),
  row({ name: 'Guardian', path: '/guardian', file: 'app/guardian', access: 'public', title: { 'zh-Hans': '家长页面', en: "Guardian's page" } }),
  // A school PC at 1280×800 gets two columns; a phone gets the same page in one (docs/product.md "The teacher's side").
  row({ name: 'Teacher', path: '/teacher', file: 'app/teacher', access: 'login', title: { 'zh-Hans': '老师工作台', en: "Teacher's desk" }, maxWidth: 1280 }),
  row({ name: 'Home', path: '/home', file: 'app/home', access: 'login', title: { 'zh-Hans': '首页', en: 'Home' }, orientation: 'landscape', maxWidth: 960, pullRefresh: true }),
] as const satisfies readonly PageRow[]

export type PageName = (typeof PAGES)[number]['name']

export const LOGIN_PAGE: PageName = 'Login'
export const HOME_PAGE: PageName = 'Home'
export const FALLBACK_PAGE: PageName = 'Download'

/** Global maximum content width (docs/product.md "Pages": designed for 375, capped at 960). */
export const DEFAULT_MAX_WIDTH = 750

/** The bottom tab bar of docs/product.md "Pages" is empty; pushTab still exists as a navigation type. */
export const TAB_BAR: readonly PageName[] = []

const byName = new Map<string, PageRow>(PAGES.map((p) => [p.name, p]))
const byPath = new Map<string, PageRow>(PAGES.map((p) => [p.path, p]))

export function pageByName(name: string): PageRow | undefined {
  return byName.get(name)
}

/** The page a pathname shows, ignoring one trailing slash. */
export function pageByPath(pathname: string): PageRow | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return byPath.get(clean)
}

export function pageTitle(page: PageRow, lang: 'zh-Hans' | 'en'): string {
  return page.title[lang]
}

/**
 * Where the daily open's frame of a login-only page is kept in a language (docs/performance.md "The daily
 * open"): zh-Hans's under the page's own path, which the server answers with it; another language's under
 * `/__frame/<lang>/<path>`, a path no route of the app uses, so the precache can fetch it from the server.
 */
export function frameUrl(path: string, lang: Lang): string {
  return lang === APP_CONFIG.locale ? path : `/__frame/${lang}${path}`
}

/** Every frame the build prerenders and the service worker precaches: each login-only page in each language. */
export const FRAMES: readonly { page: PageRow; lang: Lang; url: string }[] = PAGES.filter((page) => page.access === 'login').flatMap((page) =>
  LANGS.map((lang) => ({ page, lang, url: frameUrl(page.path, lang) })),
)
