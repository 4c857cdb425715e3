// Types of scripts/local-server.mjs for the server's crash tests.

export function localServerEnv(options: { dataDir: string; port: number; logLevel: string; limit: number }): NodeJS.ProcessEnv
export function api(base: string, method: string, path: string, body?: unknown, token?: string): Promise<unknown>
export function startLocalServer(options: { prefix: string; logLevel: string }): Promise<{ base: string; ws: string; rssMb: () => number; stop: () => Promise<void> }>
