/**
 * The frame every routed page sits in (SPEC §2): its maximum width and the design unit of that column,
 * the orientation its row declares, the page transition, and pull-down refresh where the row enables it.
 * ShellHosts are the app-wide layers: toast/loading overlay, modal and the rotate hint.
 */
import { useEffect, type CSSProperties, type ReactNode } from 'react'
import { useLocation, useSearch } from 'wouter'
import { DEFAULT_MAX_WIDTH, type PageRow } from '../../../manifest/pages'
import type { DeviceType } from '../../lib/device/device'
import { applyOrientation } from '../../lib/device/orientation'
import { appState } from '../../state/app'
import { ModalHost } from '../Modal/Modal'
import { OverlayHost } from '../Overlay/Overlay'
import { PageTransition } from '../PageTransition/PageTransition'
import { PullRefresh } from '../PullRefresh/PullRefresh'
import { RotateHint } from '../RotateHint/RotateHint'
import './Shell.css'

const HANDHELD: readonly DeviceType[] = ['mobile', 'pad', 'wechat']

export function Shell({ page, children }: { page: PageRow; children: ReactNode }) {
  const [path] = useLocation()
  const search = useSearch()
  const url = search ? `${path}?${search}` : path

  useEffect(() => {
    // SPEC §2: on page load, when the app is loaded or the user is logged in.
    const { orientation, loaded, loggedIn, deviceType } = appState
    applyOrientation(page.orientation, orientation, { loaded, loggedIn, handheld: HANDHELD.includes(deviceType) })
  }, [page, url])

  const style = { '--page-max': `${page.maxWidth ?? DEFAULT_MAX_WIDTH}px` } as CSSProperties
  return (
    <div className="shell" style={style} data-page={page.name}>
      <PageTransition key={url}>{page.pullRefresh ? <PullRefresh>{children}</PullRefresh> : children}</PageTransition>
    </div>
  )
}

export function ShellHosts() {
  return (
    <>
      <OverlayHost />
      <ModalHost />
      <RotateHint />
    </>
  )
}
