// `npm start`: build what is missing or older than its sources (scripts/build-if-stale.mjs), then run the
// compiled server with plain node in this process, so its own SIGTERM/SIGINT handling closes it gracefully.
import { pathToFileURL } from 'node:url'
import { buildIfStale, server } from './build-if-stale.mjs'

buildIfStale()
await import(pathToFileURL(server).href)
