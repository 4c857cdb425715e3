// Types of scripts/cluster-lib.mjs for the cluster tests.
import type { ChildProcess } from 'node:child_process'

/** nginx's fail_timeout for the nodes, in ms (docs/cluster.md). */
export const FAIL_TIMEOUT_MS: number
export const ROOT: string
export const SERVER: string
export function sparePort(): Promise<number>
/** nginx with deploy/habor.nginx.conf in `dir` (upstream keep-alive on with `keepAlive`), in front of `ports`. */
export function startNginx(dir: string, listen: number, ports: number[], keepAlive?: boolean): Promise<{ base: string; errors: () => string; stop: () => Promise<void> }>

export interface ClusterNode {
  index: number
  port: number
  base: string
  proc: ChildProcess | null
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null
  start(): Promise<ClusterNode>
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** The last 4000 characters the process wrote to stderr. */
  stderr(): string
}

export interface Cluster {
  base: string
  nodes: ClusterNode[]
  nginx: { base: string; proc: ChildProcess; errors(): string; stop(): Promise<void> }
  dir: string
  stop(): Promise<void>
}

export function startCluster(options: {
  nodes?: number
  databaseUrl: string
  redisUrl: string
  listen?: number
  env?: Record<string, string>
  log?: boolean
}): Promise<Cluster>
