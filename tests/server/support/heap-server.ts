/**
 * The server in a child process whose heap a test can read after a full GC: run with `--expose-gc`
 * (tests/server/support/process.ts's `startHeapServer`). It builds the app on the fresh SQLite directory
 * its parent names (and removes once it is gone),
 * listens on a port the system picks, sends `{ port }` to its parent, and answers each `'heap'` message
 * with the heap in use, and the buffers outside it, after collecting garbage.
 */
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { build } from '../../../server/app'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc || !process.send) throw new Error('run with --expose-gc, as a forked child')
const dataDir = process.argv[2]
if (!dataDir) throw new Error('name the data directory')
const app = await build({ dataDir, distDir: join(dataDir, 'dist'), jwtSecret: 'heap-test-secret', limits: { authPerMinute: 1_000_000, apiPerMinute: 1_000_000, accountPerMinute: 1_000_000 } })
await app.listen({ port: 0, host: '127.0.0.1' })
process.on('message', (message) => {
  if (message !== 'heap') return
  // Twice: what the first collection frees may hold the last references to more.
  gc()
  gc()
  const m = process.memoryUsage()
  // Buffers (what a socket holds) live outside V8's heap and count too.
  process.send!({ heapUsed: m.heapUsed + m.external })
})
process.on('disconnect', () => {
  void app.close().finally(() => process.exit(0))
})
process.send({ port: (app.server.address() as AddressInfo).port })
