/**
 * The sign-in flows (and with them the HTTP client) load only when the user acts, so Login's first load
 * stays small. One import site, so the build lists the chunk's preloads once for every form.
 */
export const loadFlows = () => import('../../state/session/flows')
