/** The web app manifest, generated from the app config and the page table (icons are added by the build). */
import { APP_CONFIG } from './app.ts'
import { PAGES, type PageRow } from './pages.ts'

/** One orientation for the installed app: the common preference, or 'any' when pages differ. */
export function manifestOrientation(pages: readonly Pick<PageRow, 'orientation'>[]): 'portrait' | 'landscape' | 'any' {
  const fixed = new Set(pages.map((p) => p.orientation).filter((o) => o !== 'auto'))
  if (fixed.size === 1) return fixed.has('landscape') ? 'landscape' : 'portrait'
  return 'any'
}

export function webManifest() {
  return {
    id: '/',
    name: `${APP_CONFIG.productTitle} · ${APP_CONFIG.tagline['zh-Hans']}`,
    short_name: APP_CONFIG.productTitle,
    description: `${APP_CONFIG.tagline['zh-Hans']} — ${APP_CONFIG.tagline.en}`,
    lang: APP_CONFIG.locale,
    dir: 'ltr' as const,
    start_url: '/',
    scope: '/',
    display: 'standalone' as const,
    orientation: manifestOrientation(PAGES),
    theme_color: APP_CONFIG.themeColor,
    background_color: APP_CONFIG.pageBackground,
    categories: ['education', 'books'],
  }
}
