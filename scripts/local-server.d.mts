// Types of scripts/local-server.mjs for the server's crash tests.

export function localServerEnv(options: { dataDir: string; port: number; logLevel: string; limit: number | null }): NodeJS.ProcessEnv
export function api(base: string, method: string, path: string, body?: unknown, token?: string): Promise<unknown>
export function cpuMs(pid: number): number
export function memoryMb(pid: number): { rss: number; peak: number }
export function median(xs: number[]): number
export function percentile(xs: number[], p: number): number
export function startLocalServer(options: { prefix: string; logLevel: string; limit?: number | null; compiled?: boolean }): Promise<{
  base: string
  ws: string
  dataDir: string
  pid: number
  rssMb: () => number
  stop: () => Promise<void>
}>
