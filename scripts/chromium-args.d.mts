// Types of scripts/chromium-args.mjs for the browser tests.

export declare const CHROMIUM_PATH: string
export declare const DISABLED_FEATURES: readonly string[]
export declare const BROWSER_FLAGS: readonly string[]
export declare const CHROMIUM_ARGS: readonly string[]
export declare function chromiumLaunchOptions(extra?: readonly string[]): { executablePath: string; args: string[] }
