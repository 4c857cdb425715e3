/** Page name → lazy module. Every page loads on demand (docs/product.md "Pages"), so /login ships only itself. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { PageName, PageProps } from '../../manifest/pages'
import { textsLoaded } from '../i18n/texts'
import { settleWithin } from '../lib/async/settleWithin'

type PageModule = { default: ComponentType<PageProps> }

/** docs/product.md "Timing and limits": async page delay 200 ms, page time-out 60000 ms. */
export const PAGE_LOADING_DELAY_MS = 200
export const PAGE_TIMEOUT_MS = 60_000

export const PAGE_LOADERS: Record<PageName, () => Promise<PageModule>> = {
  Login: () => import('../pages/Login/Login'),
  Forget: () => import('../pages/Forget/Forget'),
  Improve: () => import('../pages/Improve/Improve'),
  Bind: () => import('../pages/Bind/Bind'),
  Agreement: () => import('../pages/Agreement/Agreement'),
  Password: () => import('../pages/Password/Password'),
  shareOpus: () => import('../pages/ShareOpus/ShareOpus'),
  shareRead: () => import('../pages/ShareRead/ShareRead'),
  shareTask: () => import('../pages/ShareTask/ShareTask'),
  Report: () => import('../pages/Report/Report'),
  Join: () => import('../pages/Join/Join'),
  Create: () => import('../pages/Create/Create'),
  ReportHistory: () => import('../pages/ReportHistory/ReportHistory'),
  Download: () => import('../pages/Download/Download'),
  Invite: () => import('../pages/Invite/Invite'),
  Sound: () => import('../pages/Sound/Sound'),
  Motherday: () => import('../pages/Motherday/Motherday'),
  Task: () => import('../pages/Task/Task'),
  Notifications: () => import('../pages/Notifications/Notifications'),
  Settings: () => import('../pages/Settings/Settings'),
  Consent: () => import('../pages/Consent/Consent'),
  Guardian: () => import('../pages/Guardian/Guardian'),
  Teacher: () => import('../pages/Teacher/Teacher'),
  Home: () => import('../pages/Home/Home'),
}

export class PageTimeoutError extends Error {
  constructor(readonly page: string) {
    super(`page ${page} did not load within ${PAGE_TIMEOUT_MS} ms`)
    this.name = 'PageTimeoutError'
  }
}

/** Rejects when `load` has not settled within `ms`. */
export function withTimeout<T>(load: () => Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return settleWithin(load(), ms, onTimeout)
}

const cache = new Map<PageName, LazyExoticComponent<ComponentType<PageProps>>>()

export function lazyPage(name: PageName): LazyExoticComponent<ComponentType<PageProps>> {
  let component = cache.get(name)
  if (!component) {
    // A page renders once its text tables are in the reader's language (i18n/texts.ts).
    const load = () => PAGE_LOADERS[name]().then(async (page) => (await textsLoaded(), page))
    component = lazy(() => withTimeout(load, PAGE_TIMEOUT_MS, () => new PageTimeoutError(name)))
    cache.set(name, component)
  }
  return component
}
