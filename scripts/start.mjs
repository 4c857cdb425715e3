// `npm start`: under a Node that satisfies engines (scripts/supported-node.mjs brings one when the machine's
// is older), build what is missing or older than its sources (scripts/build-if-stale.mjs), then run the
// compiled server with plain node in this process, so its own SIGTERM/SIGINT handling closes it gracefully.
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ensureSupportedNode } from './supported-node.mjs'

await ensureSupportedNode(fileURLToPath(import.meta.url))
const { buildIfStale, server } = await import('./build-if-stale.mjs')
buildIfStale()
await import(pathToFileURL(server).href)
