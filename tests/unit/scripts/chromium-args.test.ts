// @vitest-environment node
/**
 * The one Chromium launch of the browser tests and benches (scripts/chromium-args.mjs). Chromium keeps only
 * the last --disable-features switch, so ours must carry every feature the installed Playwright disables as
 * well as the address bar's popup.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, chromiumLaunchOptions, DISABLED_FEATURES } from '../../../scripts/chromium-args.mjs'

/** The features playwright-core's own Chromium switches disable, read from the installed package. */
function playwrightDisables(): string[] {
  const require = createRequire(import.meta.url)
  const lib = join(dirname(require.resolve('playwright-core/package.json')), 'lib', 'coreBundle.js')
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(readFileSync(lib, 'utf8'))?.[1]
  if (!list) throw new Error(`no disabledFeatures list in ${lib}: playwright-core changed how it builds its Chromium switches`)
  return [...list.matchAll(/^\s*"([^"]+)",?\s*(?:\/\/.*)?$/gm)].map((m) => m[1] ?? '')
}

describe('chromium-args', () => {
  it("disables every feature Playwright disables, since ours is the --disable-features switch Chromium keeps", () => {
    const theirs = playwrightDisables()
    expect(theirs).toContain('PaintHolding')
    expect(DISABLED_FEATURES).toEqual(expect.arrayContaining(theirs))
  })

  it("disables the address bar's WebUI popups, in one --disable-features switch", () => {
    const switches = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='))
    expect(switches).toHaveLength(1)
    expect((switches[0] ?? '').slice('--disable-features='.length).split(',')).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']))
  })

  it("puts a suite's own flags after the shared ones", () => {
    const { args } = chromiumLaunchOptions(['--autoplay-policy=no-user-gesture-required'])
    expect(args.slice(0, CHROMIUM_ARGS.length)).toEqual(CHROMIUM_ARGS)
    expect(args.at(-1)).toBe('--autoplay-policy=no-user-gesture-required')
  })
})
