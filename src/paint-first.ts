/**
 * Entry of the prerendered pages (scripts/prerender.mjs points their script tag here): their HTML already
 * shows the first screen, so the app's code is fetched only once the page has loaded and painted, keeping
 * everything the first screen does not need out of its load (DESIGN §5). React DOM is started first, on
 * its own, so evaluating it and evaluating the app are two shorter tasks rather than one long one.
 */
const start = () =>
  requestAnimationFrame(() => {
    setTimeout(() => {
      void import('react-dom/client').then(() => import('./main'))
    }, 0)
  })

if (document.readyState === 'complete') start()
else addEventListener('load', start, { once: true })
