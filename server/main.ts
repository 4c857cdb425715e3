/** Listens and closes gracefully. Interim: serves the built app with history fallback until the API lands. */
import fastifyStatic from '@fastify/static'
import Fastify from 'fastify'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', 'dist')
const port = Number(process.env.PORT ?? 8080)
const host = process.env.HOST ?? '127.0.0.1'

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } })
if (!existsSync(join(root, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first')
await app.register(fastifyStatic, { root, wildcard: false, index: false })
app.setNotFoundHandler((req, reply) => {
  if (req.method !== 'GET' || /^\/(api|mqtt|oidc)(\/|$)/.test(req.url)) {
    return reply.code(404).send({ code: 100404, msg: 'not found', data: null })
  }
  return reply.header('cache-control', 'no-cache').sendFile('index.html')
})
await app.listen({ port, host })
console.log(`Habor is running at http://${host}:${port}/`)
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void app.close().then(() => process.exit(0)))
