/**
 * Entry of the prerendered pages (scripts/prerender.mjs points their script tag here): their HTML already
 * shows the first screen, so the app's code is fetched and run only after that screen has painted.
 */
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./main')
  }, 0)
})
