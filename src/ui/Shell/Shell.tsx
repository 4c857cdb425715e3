/**
 * The frame every routed page sits in (docs/product.md "Pages"): its maximum width and the design unit of that column,
 * the orientation its row declares, the page transition, and pull-down refresh where the row enables it.
 * The rotate hint takes its own place above the page rather than lying over it. ShellHosts are the
 * app-wide layers: toast/loading overlay and modal.
 */
import { lazy, Suspense, useLayoutEffect, type CSSProperties, type ReactNode } from 'react'
import { useLocation, useSearch } from 'wouter'
import { DEFAULT_MAX_WIDTH, type PageRow } from '../../../manifest/pages'
import type { DeviceType } from '../../lib/device/device'
import { applyOrientation } from '../../lib/device/orientation'
import { appState, useApp, useLang } from '../../state/app'
import { isSignedIn } from '../../state/session/machine'
import { useOnline } from '../../hooks/useOnline'
import { useReach } from '../../hooks/useReach'
import { useRotateHint } from '../../hooks/useRotateHint'
import { translate } from '../../i18n/i18n'
import { useCurrentModal } from '../Modal/modal'
import { useOverlay } from '../Overlay/overlay'
import { PageTransition } from '../PageTransition/PageTransition'
// In the page's flow and rendered in the same frame as the page: loaded with the shell, it never arrives a
// moment later and pushes the page down.
import { RotateHint } from '../RotateHint/RotateHint'
import './Shell.css'

// The layers and pull-refresh load on first use, so they stay out of the first screen's JavaScript.
const loadPullRefresh = () => import('../PullRefresh/PullRefresh')
const PullRefresh = lazy(() => loadPullRefresh().then((m) => ({ default: m.PullRefresh })))
const OverlayHost = lazy(() => import('../Overlay/Overlay').then((m) => ({ default: m.OverlayHost })))
const ModalHost = lazy(() => import('../Modal/Modal').then((m) => ({ default: m.ModalHost })))

const HANDHELD: readonly DeviceType[] = ['mobile', 'pad', 'wechat']

export function Shell({ page, children }: { page: PageRow; children: ReactNode }) {
  const [path] = useLocation()
  const search = useSearch()
  const url = search ? `${path}?${search}` : path

  // Before paint, so a rotate hint appears together with the page rather than pushing it down afterwards.
  useLayoutEffect(() => {
    // docs/product.md "Pages": on page load, when the app is loaded or the user is logged in.
    const { orientation, loaded, deviceType } = appState
    applyOrientation(page.orientation, orientation, { loaded, loggedIn: isSignedIn(), handheld: HANDHELD.includes(deviceType) })
  }, [page, url])

  const hint = useRotateHint()
  const { notificationTip } = useApp()
  const online = useOnline()
  const reach = useReach()
  const lang = useLang()
  // Start the pull-refresh code together with the page's own chunk rather than after it.
  if (page.pullRefresh) void loadPullRefresh()
  const style = { '--page-max': `${page.maxWidth ?? DEFAULT_MAX_WIDTH}px` } as CSSProperties
  return (
    <div className="shell" style={style} data-page={page.name}>
      {/* One tip at a time above a phone's first screen: while Home's notification tip shows, the rotate
          hint waits, or the two together would push all of Home below it. */}
      {hint && !(page.name === 'Home' && notificationTip) && <RotateHint />}
      {/* In the flow above the page, like the hint: it never lies over a control. */}
      {!online ? (
        <p className="shell__offline" role="status">
          {translate(lang, 'app.offline')}
        </p>
      ) : reach !== 'ok' ? (
        <div className="shell__offline shell__portal" role="status">
          {/* cut-off: calls fail with no answer at all, as behind a sign-in page that redirects (blocked by the
              CSP) or breaks TLS, or with the server down: both causes are named. */}
          <span>{translate(lang, reach === 'portal' ? 'app.portal' : 'app.cutOff')}</span>
          {/* Any page load on such a network is answered by its sign-in page: open one, in a new tab, so the
              student can sign in there without leaving the app. */}
          <a className="shell__portal-open" href="/download?wifi=1" target="_blank" rel="noopener">
            {translate(lang, 'app.portalOpen')}
          </a>
        </div>
      ) : null}
      <PageTransition key={url}>
        {page.pullRefresh ? (
          <Suspense fallback={null}>
            <PullRefresh>{children}</PullRefresh>
          </Suspense>
        ) : (
          children
        )}
      </PageTransition>
    </div>
  )
}

export function ShellHosts() {
  const overlay = useOverlay()
  const modal = useCurrentModal()
  return (
    <Suspense fallback={null}>
      {overlay.kind !== 'none' && <OverlayHost />}
      {modal && <ModalHost />}
    </Suspense>
  )
}
