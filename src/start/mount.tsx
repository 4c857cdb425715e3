/**
 * Start-up, in order: docs/performance.md "From the first byte to the first tap and the daily open's frame".
 *
 * The view half of the start (docs/architecture.md "Start-up"): React renders the router — hydrating the
 * HTML that the build prerendered for public entry pages (Login, Download, the share pages), or rendering
 * afresh when the HTML cannot match (another language, a logged-in user who will be redirected). The
 * service worker registers once the first page has rendered and the main thread is idle.
 */
import { lazy, startTransition, StrictMode, Suspense } from 'react'
import { afterFirstPage } from './afterFirstPage'
import { App } from '../app/App'
import { keepPrestart } from './lib/prestart'
import { appState } from '../state/app'
import { isSignedIn } from '../state/session/machine'
import { usePwa } from '../state/pwa'

const UpdatePromptView = lazy(() => import('../ui/UpdatePrompt/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })))

/** The update prompt's code loads only when a new version is waiting. */
function UpdatePrompt() {
  const { updateReady } = usePwa()
  return updateReady ? (
    <Suspense fallback={null}>
      <UpdatePromptView />
    </Suspense>
  ) : null
}

type ReactDomClient = typeof import('react-dom/client')

/** The longest a frame stays over the app if the page under it never renders (a failed page load shows then). */
export const FRAME_COVER_MS = 10_000

/**
 * A login-only page's frame (the daily open, docs/performance.md) is not React's to hydrate: it moves into
 * a cover over the page, where it stays painted — with the rows the worker wrote in — until React has
 * rendered a page under it (its scaffold is there), so the screen never goes blank between the two.
 */
export function coverWithFrame(root: HTMLElement): void {
  const cover = document.createElement('div')
  cover.className = 'frame-cover'
  cover.setAttribute('aria-hidden', 'true')
  cover.append(...root.childNodes)
  document.body.append(cover)
  const done = () => {
    observer.disconnect()
    clearTimeout(timer)
    cover.remove()
  }
  const observer = new MutationObserver(() => {
    if (root.querySelector('.scaffold')) done()
  })
  observer.observe(root, { childList: true, subtree: true })
  const timer = setTimeout(done, FRAME_COVER_MS)
}

/** Renders the app into #root with React DOM (loaded by the caller, so that evaluating it is a task of its own). */
export function mount({ createRoot, hydrateRoot }: ReactDomClient): void {
  const root = document.getElementById('root')
  if (!root) throw new Error('#root is missing from index.html')
  const tree = (
    <StrictMode>
      <App />
      <UpdatePrompt />
    </StrictMode>
  )
  const prerendered = root.dataset.prerendered
  const frame = root.querySelector('[data-frame]') !== null
  if (frame) {
    coverWithFrame(root)
    createRoot(root).render(tree)
  } else if (prerendered && prerendered === location.pathname && appState.lang === 'zh-Hans' && !isSignedIn()) {
    // As a transition, hydration yields to the browser every few milliseconds instead of running as one
    // long task; a tap on a part not yet hydrated makes React hydrate that part first.
    startTransition(() => {
      hydrateRoot(root, tree)
    })
  } else {
    // What a student typed or chose on a prerendered page is kept for the page that renders over it.
    if (prerendered) keepPrestart(root)
    root.replaceChildren()
    createRoot(root).render(tree)
  }

  const startPwa = () =>
    void import('../app/pwa').then(({ registerServiceWorker, listenForInstall }) => {
      listenForInstall()
      if (import.meta.env.PROD) afterFirstPage(registerServiceWorker)
    })
  // Prerendered pages start this code after their first paint, often after the load event has passed.
  if (document.readyState === 'complete') startPwa()
  else addEventListener('load', startPwa, { once: true })
}
