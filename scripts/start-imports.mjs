/**
 * What src/main.tsx imports as it starts, outside its static graph (build manifest keys), in its two halves
 * (docs/architecture.md "Start-up"):
 *  - LOGIC_IMPORTS: with the app's logic, before any tap can be carried out: the storage cipher.
 *  - VIEW_IMPORTS: the view: React DOM (a chunk of its own, so that evaluating it is a task of its own) and
 *    the module that mounts the router.
 *  - FIRST_IMPORTS: per prerendered page, what its starter imports before it asks for the logic, in a small
 *    chunk of its own (start/lib/firstTap.ts: Login's first-visit 登录, sent before the logic has loaded).
 *  - EARLY_IMPORTS: per prerendered page, what its held taps load when the logic carries them out before
 *    the view (pages/Login/early.ts: the sign-in flows and the HTTP client).
 * The prerendered pages' starter preloads the logic and the page's early imports at once, and the view once
 * the logic runs (scripts/prerender.mjs); the size budgets count them (scripts/size-check.mjs).
 */
export const LOGIC_IMPORTS = ['src/lib/storage/codec.ts']
export const VIEW_IMPORTS = ['node_modules/react-dom/client.js', 'src/start/mount.tsx']
export const EARLY_IMPORTS = { '/login': ['src/state/session/flows.ts'] }
export const FIRST_IMPORTS = { '/login': ['src/start/lib/firstTap.ts'] }
