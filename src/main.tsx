/**
 * Mount: boot the stores, then render the router — hydrating the HTML that the build prerendered for
 * public entry pages (Login, Download), or rendering afresh when the HTML cannot match (another language,
 * a logged-in user who will be redirected). The service worker registers after the load event.
 */
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/App'
import { boot } from './app/boot'
import { wireNetwork } from './app/network'
import { appState } from './state/app'
import { UpdatePrompt } from './ui/UpdatePrompt/UpdatePrompt'
import './styles/base.css'

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

addEventListener('load', () => {
  void import('./lib/pwa/register').then(({ registerServiceWorker, listenForInstall }) => {
    listenForInstall()
    if (import.meta.env.PROD) registerServiceWorker()
  })
})
