/** Start file: build the server from the environment, listen, print the URL and demo accounts, close gracefully. */
import { readFileSync } from 'node:fs'
import { build } from './app'
import { trustProxyWarning } from './config'
import { listenFromEnv, optionsFromEnv } from './env'
import { demoBanner } from './db/seed'

const env = process.env
const https = env.HTTPS_CERT && env.HTTPS_KEY ? { cert: readFileSync(env.HTTPS_CERT), key: readFileSync(env.HTTPS_KEY) } : undefined

let app: Awaited<ReturnType<typeof build>>
let listen: ReturnType<typeof listenFromEnv>
try {
  listen = listenFromEnv(env)
  app = await build({ ...optionsFromEnv(env), https })
  await app.listen(listen)
} catch (e) {
  console.error(`Habor could not start: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
}
// Graceful stop (docs/cluster.md, "Rolling restart"): health turns 503 at once; after SHUTDOWN_DRAIN_MS
// (time for a balancer's active check to notice; 0 behind nginx's passive checks) the node stops taking
// connections, tells its live clients to reconnect (they come back through another node), finishes the
// requests in flight and exits. In place before anything is printed: until a handler is set, a signal ends
// the process at once, and one sent on reading the banner (a supervisor's, a test's) cut off the warning
// printed after it.
const drainMs = app.config.shutdownDrainMs
let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return
    closing = true
    app.lifecycle.draining = true
    app.log.info({ signal, drainMs }, 'shutting down: finishing in-flight requests')
    // Force the exit if something hangs (e.g. a stuck long-poll); close() normally finishes well before.
    setTimeout(() => process.exit(1), drainMs + 10_000).unref()
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (e: unknown) => {
          // On stderr, where a supervisor (and the cluster tests) look for why a stop failed.
          console.error(`Habor could not stop cleanly: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
          process.exit(1)
        },
      )
    }, drainMs)
  })
}

const { host } = listen
// The port listened on: PORT=0 asks the system for a free one, and the banner names the one it gave.
const address = app.server.address()
const port = typeof address === 'object' && address ? address.port : listen.port

const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host
const lines = [
  '',
  `Habor is running at ${https ? 'https' : 'http'}://${shown}:${port}/`,
  `  database: ${app.dbInfo.kind} ${app.dbInfo.where}${app.dbInfo.seeded ? ' (demo data created)' : ''}`,
  `  OAuth:    ${app.config.oidc.issuer ?? `embedded provider at /oidc`}`,
  `  SMS:      ${app.smsOutbox ? 'console provider (codes in this log, and at GET /api/dev/sms/outbox?phone=… for this machine only)' : 'configured provider'}`,
  ...demoBanner(),
  '',
]
console.log(lines.join('\n'))
const warning = trustProxyWarning(app.config.trustProxy, host)
if (warning) console.warn(`${warning}\n`)
