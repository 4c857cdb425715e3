/** docs/product.md "Pages" title rule: after a page is ready, 'Habor - <page title>', except Home; before that, the tagline. */
import { APP_CONFIG, type Lang } from '../../manifest/app'
import { HOME_PAGE, type PageRow } from '../../manifest/pages'

export function documentTitle(page: PageRow | undefined, lang: Lang, ready: boolean): string {
  if (!page || !ready || page.name === HOME_PAGE) return APP_CONFIG.tagline[lang]
  return `${APP_CONFIG.productTitle} - ${page.title[lang]}`
}
