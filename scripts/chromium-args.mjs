// How every browser test and bench launches Chromium (docs/running.md "Tests"): Debian's build,
// headless, without a sandbox, the GPU or the browser's own background work. One list, so a flag that one
// suite needs reaches all of them.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// Chromium keeps only the last --disable-features switch it is given, and Playwright passes one of its own
// before ours, so ours repeats Playwright's list (as of playwright-core 1.65;
// tests/unit/scripts/chromium-args.test.ts fails when the installed playwright-core disables one more).
const PLAYWRIGHT_DISABLES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

// From Chromium 156 every new window (each browser context a test opens) loads the address bar's
// suggestion popup, a WebUI page in a renderer of its own, beside the page under test (its cost is in
// docs/running.md "Tests").
const OURS_DISABLES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

export const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLES, ...OURS_DISABLES]

// Also Lighthouse's (lighthouserc.cjs), whose launcher passes a --disable-features list of its own.
export const BROWSER_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const CHROMIUM_ARGS = [...BROWSER_FLAGS, `--disable-features=${DISABLED_FEATURES.join(',')}`]

/** Playwright's launch options: our Chromium with CHROMIUM_ARGS and then `extra`. */
export function chromiumLaunchOptions(extra = []) {
  return { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extra] }
}
