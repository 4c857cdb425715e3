/** The route guard of docs/product.md "Pages" as pure decisions; App.tsx and the login flows carry them out. */
import { HOME_PAGE, LOGIN_PAGE, pageByName, type PageRow } from '../../../manifest/pages'
import type { PendingRoute } from '../storage'

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; remember?: PendingRoute }

const pathOf = (name: string): string => pageByName(name)?.path ?? '/'

/** `search` is the target's query string without '?'. */
export function decide(page: PageRow, search: string, loggedIn: boolean): GuardDecision {
  if (page.name === LOGIN_PAGE) {
    return loggedIn ? { kind: 'redirect', to: pathOf(HOME_PAGE) } : { kind: 'allow' }
  }
  if (page.access === 'login' && !loggedIn) {
    const query = new URLSearchParams({ redirect: page.name, query: search }).toString()
    return { kind: 'redirect', to: `${pathOf(LOGIN_PAGE)}?${query}`, remember: { name: page.name, query: search } }
  }
  return { kind: 'allow' }
}

/** The page a login leads to: the remembered route, else the redirect query; null for Home (or no page, or Login). */
export function afterLoginRoute(pending: PendingRoute | null, loginSearch = ''): PendingRoute | null {
  const fromQuery = new URLSearchParams(loginSearch)
  const target = pending ?? (fromQuery.get('redirect') ? { name: fromQuery.get('redirect') ?? '', query: fromQuery.get('query') ?? '' } : null)
  const page = target ? pageByName(target.name) : undefined
  if (!target || !page || page.name === LOGIN_PAGE || page.name === HOME_PAGE) return null
  return { name: page.name, query: target.query.replace(/^\?/, '') }
}

/** Where to go after a login: the remembered route with its query, else the redirect query, else Home. */
export function afterLoginTarget(pending: PendingRoute | null, loginSearch = ''): string {
  const route = afterLoginRoute(pending, loginSearch)
  const page = route ? pageByName(route.name) : undefined
  if (!route || !page) return pathOf(HOME_PAGE)
  return route.query ? `${page.path}?${route.query}` : page.path
}

/** The short path for a docs/product.md "Pages" page-file path, keeping the query. */
export function fileRedirectTarget(page: PageRow, search: string): string {
  return search ? `${page.path}?${search.replace(/^\?/, '')}` : page.path
}
