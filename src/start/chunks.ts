/**
 * The start-up's chunks (docs/performance.md "From the first byte to the first tap and the daily open's
 * frame"): the build's grouping of modules into the few files a prerendered page asks for as it starts.
 * Run by the build (vite.config.ts), on Node: typed with the build scripts (tsconfig.node.json), not the app.
 */
import type { Plugin } from 'vite'
// @ts-expect-error: a plain script shared with the build scripts, typed by its use here
import { EARLY_IMPORTS, FIRST_IMPORTS, LOGIC_IMPORTS } from '../../scripts/start-imports.mjs'

/**
 * Puts every module the app's entry imports statically into one chunk ('start': the app's logic), and every
 * other module its view (src/start/mount.tsx) imports statically into a second ('view'). Left to itself the
 * bundler makes a chunk of each group of modules that the entry shares with a different set of lazy pages:
 * about 25 files under 3 KB, each a request, a cache entry and a module to link before the app can start.
 * All of them load at start anyway, so two chunks cost no extra bytes; lazy pages import from them. The
 * sign-in flows that the early taps load (scripts/start-imports.mjs EARLY_IMPORTS) stay out of the view,
 * so that the taps never wait for it; what the view shares with them goes with the logic.
 *
 * What the logic loads as it starts is three more chunks, not the ten small ones the bundler would make
 * (each a request whose start costs the main thread a few milliseconds on a slow phone, in the window
 * where a tap waits): the storage cipher (scripts/start-imports.mjs LOGIC_IMPORTS with its crypto-js),
 * and, of what only the early taps load, the HTTP client and the sign-in flows apart, since the pages that
 * ask the server need the one without the other. What the early taps share with the view or with the page
 * of a budgeted route (budgets.json: Login, Download) goes with the logic instead, which every page loads:
 * a file less for a held tap to wait on, on a link where a browser opens at most six connections to a host.
 */
export type Group = { name: string; test: (id: string) => boolean; includeDependenciesRecursively?: boolean }
export function startChunks(budgetedPages: readonly string[]): { plugin: Plugin; groups: Group[] } {
  const sets = { first: new Set<string>(), start: new Set<string>(), view: new Set<string>(), cipher: new Set<string>(), http: new Set<string>(), signin: new Set<string>() }
  const plugin: Plugin = {
    name: 'habor:start-chunks',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[], stop: Set<string> = new Set()) => {
        const seen = new Set<string>()
        const walk = (id: string) => {
          if (seen.has(id) || stop.has(id)) return
          seen.add(id)
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next)
        }
        roots.forEach(walk)
        return seen
      }
      const ids = [...this.getModuleIds()]
      const bySource = (keys: readonly string[]) => ids.filter((id) => keys.some((key) => id.endsWith(`/${key}`)))
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry)
      const logic = closure(entries)
      // The entry's own script (src/main.tsx) stays the entry chunk; everything it imports is the group.
      const own = new Set(entries.flatMap((id) => [id, ...(this.getModuleInfo(id)?.importedIds ?? [])]))
      const earlyRoots = bySource(Object.values(EARLY_IMPORTS as Record<string, string[]>).flat())
      const httpRoots = bySource(['src/lib/http/index.ts'])
      const early = closure(earlyRoots, logic)
      const view = closure(bySource(['src/start/mount.tsx']), logic)
      // What both need (navigation, the page table) starts with the logic: the early taps never load the view.
      const shared = [...early].filter((id) => view.has(id))
      // So is what they share with the page of a budgeted route (budgets.json: Login, Download): today the
      // HTTP errors and the SMS countdown, about 1 KB that would otherwise be two more files for a tap to
      // wait on.
      const budgeted = closure(bySource(budgetedPages), logic)
      const withPages = [...early].filter((id) => budgeted.has(id))
      // Never the HTTP client or the sign-in flows themselves: a page importing them statically would pull
      // them into what every page loads, which no budget would notice.
      const leaked = [...httpRoots, ...earlyRoots].filter((id) => budgeted.has(id))
      if (leaked.length > 0) this.error(`a budgeted page imports ${leaked.map((id) => id.replace(`${process.cwd()}/`, '')).join(', ')} statically: it would join the start chunk of every page`)
      // What a prerendered page's starter imports before the logic (scripts/start-imports.mjs
      // FIRST_IMPORTS: Login's first-visit 登录), with all it imports: one small chunk that needs no other.
      sets.first = closure(bySource(Object.values(FIRST_IMPORTS as Record<string, string[]>).flat()))
      sets.start = new Set([...logic, ...shared, ...withPages].filter((id) => !own.has(id) && !sets.first.has(id)))
      sets.view = new Set([...view].filter((id) => !early.has(id) && !sets.first.has(id)))
      sets.cipher = closure(bySource(LOGIC_IMPORTS as string[]), new Set([...sets.start, ...sets.first]))
      // The rest of the early taps' modules, in two chunks: the HTTP client and the sign-in flows.
      const elsewhere = (id: string) => sets.first.has(id) || sets.start.has(id) || sets.cipher.has(id) || view.has(id)
      const httpClient = closure(httpRoots)
      sets.http = new Set([...early].filter((id) => httpClient.has(id) && !elsewhere(id)))
      sets.signin = new Set([...early].filter((id) => !httpClient.has(id) && !elsewhere(id)))
    },
  }
  const group = (name: keyof typeof sets) => ({ name, test: (id: string) => sets[name].has(id) })
  // The three start-up chunks hold only their own modules: a shared dependency stays where the pages find it.
  const alone = (name: keyof typeof sets) => ({ ...group(name), includeDependenciesRecursively: false })
  return { plugin, groups: [group('first'), group('start'), group('view'), alone('cipher'), alone('http'), alone('signin')] }
}

