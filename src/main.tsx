/**
 * The app starts in two halves (docs/architecture.md "Start-up"). First its logic, without React: the
 * storage cipher, the stores, the network layer and — on a prerendered Login — the sign-in taps a student
 * made before the app was there (pages/Login/early.ts), so the first tap is answered within a small download.
 * Then its view: React DOM and the router (start/mount.tsx), which take the page over.
 */
import { boot, bootLangReady } from './app/boot'
import { wireNetwork } from './app/network'
import { preloadView } from './start/lib/prestart'
import { initStorage } from './lib/storage'
import { takeOverTaps } from './pages/Login/early'
import { hasSession } from './state/session/machine'
import './styles/base.css'

document.documentElement.dataset.build = __BUILD_ID__
/** Ends the current task, so that start-up runs as several short tasks and a tap in between is answered. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// Nothing reads or writes storage before its cipher has loaded (its own chunk, fetched in parallel).
await initStorage()
// Evaluating the modules, the stores' launch with the network layer and the held taps, and the view's
// links: each a task of its own, none long enough on a slow phone to hold a tap back for long. The launch
// and the network layer share one: a stored session's profile reload (boot) must find the client set up.
await nextTask()
boot()
wireNetwork()
const root = document.getElementById('root')
const early = root?.dataset.prerendered === '/login' && !hasSession() ? takeOverTaps() : undefined
// The daily open: the service worker painted Home's frame; the device's copy of the desk is read for Home now.
const daily = root?.dataset.prerendered === '/home' && hasSession() ? import('./start/dailyOpen').then((m) => m.openDaily(), () => undefined) : undefined
await nextTask()
preloadView()
await Promise.all([bootLangReady(), early, daily, nextTask()])
// React DOM is a chunk of its own, so that evaluating it is a task of its own, not part of the view's.
const view = () => Promise.all([import('react-dom/client'), import('./start/mount')])
// A view that does not load (a Wi-Fi sign-in page answering with HTML) is tried again when the starter says
// (start/startAfterPaint.ts `stuck`), which meanwhile says why and ends the held taps.
// Its note goes once this module has run, as the starter's import of it then resolves.
const stuck = window.__startStuck ?? ((retry) => setTimeout(retry, 3000))
const [client, { mount }] = await view().catch(function retry(): ReturnType<typeof view> {
  return new Promise<void>(stuck).then(() => view().catch(retry))
})
await nextTask()
mount(client)
