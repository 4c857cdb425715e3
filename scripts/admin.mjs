// `npm run admin -- <command>`: the operator's command line (server/admin, docs/running.md "Operating a
// school"), compiled when missing or older than its sources, under a Node that satisfies engines.
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ensureSupportedNode } from './supported-node.mjs'

// Quiet on a supported Node: the commands' output is what the operator reads (and may pipe).
await ensureSupportedNode(fileURLToPath(import.meta.url), { quiet: true })
const { admin, buildServerIfStale } = await import('./build-if-stale.mjs')
buildServerIfStale()
await import(pathToFileURL(admin).href)
