/**
 * Mount: boot the stores, then render the router — hydrating the HTML that the build prerendered for
 * public entry pages (Login, Download), or rendering afresh when the HTML cannot match (another language,
 * a logged-in user who will be redirected). The service worker registers after the load event.
 */
import { lazy, StrictMode, Suspense } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/App'
import { boot } from './app/boot'
import { wireNetwork } from './app/network'
import { initStorage } from './lib/storage'
import { appState } from './state/app'
import { usePwa } from './state/pwa'
import './styles/base.css'

const UpdatePromptView = lazy(() => import('./ui/UpdatePrompt/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })))

/** The update prompt's code loads only when a new version is waiting. */
function UpdatePrompt() {
  const { updateReady } = usePwa()
  return updateReady ? (
    <Suspense fallback={null}>
      <UpdatePromptView />
    </Suspense>
  ) : null
}

document.documentElement.dataset.build = __BUILD_ID__
// Nothing reads or writes storage before its cipher has loaded (its own chunk, fetched in parallel).
await initStorage()
boot()
wireNetwork()
const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
const tree = (
  <StrictMode>
    <App />
    <UpdatePrompt />
  </StrictMode>
)
const prerendered = root.dataset.prerendered
if (prerendered && prerendered === location.pathname && appState.lang === 'zh-Hans' && !appState.loggedIn) {
  hydrateRoot(root, tree)
} else {
  root.replaceChildren()
  createRoot(root).render(tree)
}

const startPwa = () =>
  void import('./lib/pwa/register').then(({ registerServiceWorker, listenForInstall }) => {
    listenForInstall()
    if (import.meta.env.PROD) registerServiceWorker()
  })
// Prerendered pages start this code after their first paint, often after the load event has passed.
if (document.readyState === 'complete') startPwa()
else addEventListener('load', startPwa, { once: true })
