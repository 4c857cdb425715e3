/** The router over the page table: guard, lazy pages with their query, titles, redirects. */
import { Suspense, useEffect, useLayoutEffect } from 'react'
import { Route, Switch, useSearch } from 'wouter'
import { APP_CONFIG } from '../../manifest/app'
import { FALLBACK_PAGE, HOME_PAGE, LOGIN_PAGE, PAGES, pageByName, type PageRow } from '../../manifest/pages'
import { setPendingRoute } from '../state/auth'
import { setLoaded, useLang } from '../state/app'
import { useSignedIn } from '../state/session/machine'
import { DelayedLoading, PageLoadError } from '../ui/PageStatus/PageStatus'
import { ErrorBoundary } from '../ui/PageStatus/ErrorBoundary'
import { Shell, ShellHosts } from '../ui/Shell/Shell'
import { decide, fileRedirectTarget } from '../lib/auth/guard'
import { replace, replaceAll } from '../state/navigation'
import { PAGE_LOADING_DELAY_MS, lazyPage } from './routes'
import { documentTitle } from '../i18n/title'

const pathOf = (name: string) => pageByName(name)?.path ?? '/'

function Replace({ to, all = false }: { to: string; all?: boolean }) {
  useLayoutEffect(() => {
    if (all) void replaceAll(to)
    else replace(to)
  }, [to, all])
  return null
}

/** Sets the document title once the page has rendered (docs/product.md "Pages": "after a page is ready"). */
function PageReady({ page }: { page: PageRow }) {
  const lang = useLang()
  useEffect(() => {
    document.title = documentTitle(page, lang, true)
    setLoaded(true)
  }, [page, lang])
  return null
}

function PageHost({ page }: { page: PageRow }) {
  const search = useSearch()
  const lang = useLang()
  const decision = decide(page, search, useSignedIn())

  useLayoutEffect(() => {
    if (decision.kind === 'redirect' && decision.remember) setPendingRoute(decision.remember)
  }, [decision])
  useLayoutEffect(() => {
    document.title = APP_CONFIG.tagline[lang]
  }, [page, lang])

  if (decision.kind === 'redirect') return <Replace to={decision.to} />
  const Page = lazyPage(page.name as never)
  const query = Object.fromEntries(new URLSearchParams(search))
  return (
    <Shell page={page}>
      <ErrorBoundary key={page.name} fallback={<PageLoadError />}>
        <Suspense fallback={<DelayedLoading delayMs={PAGE_LOADING_DELAY_MS} />}>
          <Page query={query} page={page} />
          <PageReady page={page} />
        </Suspense>
      </ErrorBoundary>
    </Shell>
  )
}

function FileRedirect({ page }: { page: PageRow }) {
  const search = useSearch()
  return <Replace to={fileRedirectTarget(page, search)} />
}

function Entry() {
  const signedIn = useSignedIn()
  const search = useSearch()
  const to = pathOf(signedIn ? HOME_PAGE : LOGIN_PAGE)
  return <Replace to={search ? `${to}?${search}` : to} />
}

export function App() {
  return (
    <>
      <Switch>
        <Route path="/">
          <Entry />
        </Route>
        {PAGES.map((page) => (
          <Route key={page.name} path={page.path}>
            <PageHost page={page} />
          </Route>
        ))}
        {PAGES.map((page) => (
          <Route key={`file:${page.name}`} path={`/${page.file}`}>
            <FileRedirect page={page} />
          </Route>
        ))}
        <Route>
          <Replace to={pathOf(FALLBACK_PAGE)} all />
        </Route>
      </Switch>
      <ShellHosts />
    </>
  )
}
