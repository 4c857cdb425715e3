/**
 * build(options) → a ready-to-listen Fastify instance (it never listens itself; tests use inject()).
 * Layout: plugins hold resources (db, sessions, sms, signed calls, web surface); routes/ has one
 * encapsulated plugin per area under /api; the embedded OIDC provider sits at /oidc; the built app is
 * served for everything else.
 */
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { CODE } from '../src/contract'
import { assertProductionSafe, resolveOptions, type BuildInput, type BuildOptions } from './config'
import type { Socket } from 'node:net'
import { ApiError, badInput, envelope, isEnvelope } from './errors'
import { mountEmbeddedOidc } from './oidc/embedded'
import { sharedSchemaCompilers } from './schemaCompilers'
import authPlugin from './plugins/auth'
import brokerPlugin from './plugins/broker'
import inboxPlugin from './plugins/inbox'
import metricsPlugin from './plugins/metrics'
import dbPlugin from './plugins/db'
import pushPlugin from './plugins/push'
import redisPlugin from './plugins/redis'
import { apiLimits, socketKey } from './plugins/rateLimit'
import signedPlugin from './plugins/signed'
import smsPlugin from './plugins/sms'
import webPlugin from './plugins/web'
import accountRoutes from './routes/account'
import deskRoutes from './routes/desk'
import tasksRoutes from './routes/tasks'
import classesRoutes from './routes/classes'
import teacherRoutes from './routes/teacher'
import pushRoutes from './routes/push'
import inboxRoutes from './routes/inbox'
import authRoutes from './routes/auth'
import cardsRoutes from './routes/cards'
import contentRoutes from './routes/content'
import guardianRoutes from './routes/guardian'
import inviteRoutes from './routes/invite'
import devRoutes from './routes/dev'
import healthRoutes from './routes/health'
import openApiRoutes from './routes/openapi'
import downloadRoutes from './routes/download'
import reportRoutes from './routes/report'
import wechatRoutes from './routes/wechat'
import { guardRouteTable } from './routes/table'
import { PasswordAttempts } from './services/failures'
import { OAuthLogin } from './services/oauth'
import { Wechat } from './services/wechat'
import { sweepIdempotencyKeys } from './services/idempotency'
import { sweepAudit } from './services/teacher'
import { trustedPeer } from './sources'

declare module 'fastify' {
  interface FastifyInstance {
    config: BuildOptions
    oauth: OAuthLogin
    wechat: Wechat
    passwordAttempts: PasswordAttempts
    /** `draining`: a shutdown has begun (health answers 503; requests in flight still finish). */
    lifecycle: { draining: boolean }
  }
}

/** Query parameters whose values never reach the log. */
const SECRET_QUERY = /([?&](?:code|state|token|refresh_token|id_token|access_token|payload|js_code|password)=)[^&#]*/gi

/** Why text other people see was refused. */
export const SHOWN_REFUSED = 'must show a letter, digit or symbol, and hold no control or invisible characters'

/** Turns an Ajv error list into "field: problem", naming the field as the client wrote it. */
const schemaErrorFormatter: FastifyServerOptions['schemaErrorFormatter'] = (errors, dataVar) => {
  const e = errors[0]
  if (!e) return new Error(`${dataVar}: invalid`)
  const path = e.instancePath.split('/').filter(Boolean)
  const params = e.params as { missingProperty?: string; additionalProperty?: string; pattern?: string }
  if (params.missingProperty) path.push(params.missingProperty)
  if (params.additionalProperty) path.push(params.additionalProperty)
  const field = path.length ? path.join('.') : dataVar
  const why =
    e.keyword === 'required'
      ? 'is required'
      : e.keyword === 'anyOf'
        ? 'is not one of the allowed values'
        : // Text other people see (src/contract/schemas/common.ts `Shown`): said in words, not as its pattern.
          e.keyword === 'pattern' && params.pattern?.includes('Default_Ignorable_Code_Point')
          ? SHOWN_REFUSED
          : (e.message ?? 'is invalid')
  return new Error(`${field}: ${why}`)
}

/**
 * Slow and many clients (docs/security.md "Connection and input limits"): at most
 * `limits.connectionsPerAddress` open connections per socket address, counted by its key (an IPv6 /64
 * counts once, server/plugins/rateLimit.ts; a trusted proxy's are not counted),
 * a request body must keep the minimum rate (`timeouts.bodyMinBytes` per `timeouts.bodyWindowMs`), and a
 * connection that sends nothing for `timeouts.idleMs` is closed.
 */
function guardConnections(app: FastifyInstance, o: BuildOptions): void {
  const open = new Map<string, number>()
  const exempt = trustedPeer(o.trustProxy)
  const cap = o.limits.connectionsPerAddress
  const onConnection = (socket: Socket) => {
    if (exempt(socket.remoteAddress ?? '')) return
    const address = socketKey(app, socket)
    const n = open.get(address) ?? 0
    if (n >= cap) {
      socket.destroy()
      return
    }
    open.set(address, n + 1)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  }
  // The TCP socket, before TLS when the server speaks it itself.
  app.server.on('connection', onConnection)

  // The idle deadline (`timeouts.idleMs`, Node's socket timeout), judged like the body's rate: after the
  // loop's next read of the sockets. Node's timer fires before that read, so when the process itself stalled
  // past the deadline, it would close a connection whose bytes were already waiting. With a listener here
  // Node closes nothing itself.
  app.server.on('timeout', (socket: Socket) => {
    const seen = socket.bytesRead
    setImmediate(() => {
      if (socket.bytesRead === seen) socket.destroy()
    })
  })

  const { bodyWindowMs, bodyMinBytes } = o.timeouts
  app.addHook('onRequest', async (req) => {
    const raw = req.raw
    const length = Number(raw.headers['content-length'] ?? 0)
    if (raw.complete || (!(length > 0) && raw.headers['transfer-encoding'] === undefined)) return
    const socket = raw.socket
    let seen = socket.bytesRead
    // Judged after the loop's next read of the sockets (setImmediate runs after the poll phase): when the
    // process itself stalled past a window, the timer fires before the bytes that arrived meanwhile are
    // read, and a steady client would be blamed for the server's own pause.
    const judge = () => {
      if (raw.complete || socket.destroyed) return stop()
      const now = socket.bytesRead
      if (now - seen < bodyMinBytes) {
        stop()
        socket.destroy()
        return
      }
      seen = now
    }
    const timer = setInterval(() => setImmediate(judge), bodyWindowMs)
    timer.unref()
    const stop = () => clearInterval(timer)
    raw.once('end', stop)
    raw.once('close', stop)
  })
}

/** The path of the first string holding NUL in a parsed request part (keys included), else null. */
function nulField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null
  for (const [k, v] of Object.entries(value)) {
    const at = `${path}.${k}`
    if (k.includes('\u0000')) return path
    const found = nulField(v, at, depth + 1)
    if (found) return found
  }
  return null
}

/** proxy-addr's trust function for `hops` proxies: the socket's peer and the next hops-1 addresses. */
const trustHops = (hops: number) => (_address: string, i: number) => i < hops

export async function build(input: BuildInput = {}): Promise<FastifyInstance> {
  const o = resolveOptions(input)
  assertProductionSafe(o)
  const logger =
    o.logger === false
      ? false
      : {
          ...(o.logger === true ? {} : o.logger),
          ...(o.logStream ? { stream: o.logStream } : {}),
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers.sign', 'req.headers["guardian-token"]', 'res.headers["set-cookie"]', 'res.headers.token', 'res.headers["refresh-token"]', '*.password', '*.oldPassword', '*.code', '*.token', '*.refreshToken', '*.secret'],
            censor: '[redacted]',
          },
          serializers: {
            req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.replace(SECRET_QUERY, '$1[redacted]'), ip: req.ip }),
          },
        }
  const serverTimeouts = {
    headersTimeout: o.timeouts.headersMs,
    requestTimeout: o.timeouts.requestMs,
    connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(o.timeouts.headersMs / 4))),
  }
  const app = Fastify({
    logger,
    // A hop count trusts that many proxies nearest the server: Fastify itself would take a number as
    // "trust nobody", so it is given as proxy-addr's function. `true` is refused at start (config.ts).
    trustProxy: typeof o.trustProxy === 'number' ? trustHops(o.trustProxy) : (o.trustProxy as FastifyServerOptions['trustProxy']),
    schemaErrorFormatter,
    schemaController: sharedSchemaCompilers,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // The database plugin runs the migrations before the node listens: on a loaded machine or a large
    // database that takes longer than Fastify's default 10 s, and a node should start late, not fail.
    pluginTimeout: 120_000,
    requestTimeout: o.timeouts.requestMs,
    connectionTimeout: o.timeouts.idleMs,
    // Node checks the header and request deadlines on an interval: check often enough for short deadlines.
    http: serverTimeouts,
    ...(o.https ? { https: { ...o.https, ...serverTimeouts } } : {}),
  } as FastifyServerOptions) as unknown as FastifyInstance

  app.decorate('config', o)
  app.decorate('lifecycle', { draining: false })
  guardConnections(app, o)
  // Graceful close: requests in flight finish, and their keep-alive connections end with them instead of
  // holding close() open until the keep-alive timeout.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
    app.lifecycle.draining = true
  })
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close')
  })
  // Which rate limit refused a request (auth, account, api: apiLimits says), for /metrics. The other 429s
  // are named by their data's reason (wrong passwords, upload quotas), else `other` (SMS and task limits).
  const refusedBy = new WeakMap<object, string>()
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err.statusCode === 429) {
      const reason = err instanceof ApiError ? (err.data as { reason?: unknown } | null)?.reason : undefined
      app.metrics.rateLimited.inc({ limit: typeof reason === 'string' ? reason : (refusedBy.get(req) ?? 'other') })
    }
    if (err instanceof ApiError) return reply.code(err.statusCode).send(envelope(err.data, err.code, err.message))
    if (err.validation) return reply.code(200).send(envelope(null, CODE.PARAM_INVALID, err.message))
    const status = err.statusCode ?? 500
    if (status === 429) return reply.code(429).send(envelope({ retryAfter: 60 }, CODE.TOO_MANY_REQUESTS))
    if (status < 500) {
      const json = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
      const msg = json ? 'body: not valid JSON' : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'body: too large' : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'content-type: not supported' : `request: ${err.message}`
      return reply.code(json || status === 400 ? 200 : status).send(envelope(null, CODE.PARAM_INVALID, msg))
    }
    req.log.error({ err }, 'unhandled error')
    return reply.code(500).send(envelope(null, CODE.SERVICE_ERROR))
  })

  await app.register(dbPlugin)
  // Before the app's history fallback (web), and before any route, so every request is measured.
  await app.register(metricsPlugin)
  await app.register(redisPlugin)
  // Idempotency keys are kept for a day (docs/offline.md); forget the expired ones now and then.
  const keySweeper = setInterval(() => {
    sweepIdempotencyKeys(app.db, o.clock()).catch((err: unknown) => app.log.warn({ err }, 'sweeping idempotency keys failed'))
    // The audit log is kept for a year (docs/privacy.md "The audit log").
    sweepAudit(app.db, o.clock()).catch((err: unknown) => app.log.warn({ err }, 'sweeping the audit log failed'))
  }, 15 * 60_000).unref()
  app.addHook('onClose', async () => clearInterval(keySweeper))
  await app.register(authPlugin)
  await app.register(smsPlugin)
  await app.register(pushPlugin)
  await app.register(signedPlugin)
  app.decorate('oauth', new OAuthLogin(app))
  app.decorate('wechat', new Wechat(o.wechat, o.clock))
  app.decorate('passwordAttempts', new PasswordAttempts(app.db, app.dbInfo.kind, o.clock, o.limits.passwordFailures, o.limits.passwordWindowSeconds * 1000))

  await app.register(webPlugin)
  await app.register(brokerPlugin)
  await app.register(inboxPlugin)
  await app.register(
    async (api) => {
      // A school's class shares one address: see docs/security.md ("Rate limits").
      await api.register(rateLimit, apiLimits(app, (req, limit) => refusedBy.set(req, limit)))
      // A body-less POST/PUT is validated as {} so the message names the missing field, not "body".
      api.addHook('preValidation', async (req) => {
        if (req.body === undefined && (req.method === 'POST' || req.method === 'PUT')) req.body = {}
        // NUL is no character of any field (PostgreSQL text refuses it): refused in every string, by name.
        const nul = nulField(req.params, 'params') ?? nulField(req.query, 'query') ?? nulField(req.body, 'body')
        if (nul) throw badInput(nul, 'contains NUL')
      })
      // API answers carry tokens and personal data: no cache keeps them unless a route says otherwise
      // (public media and downloads set their own Cache-Control).
      api.addHook('onSend', async (_req, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
      })
      // Handlers return the data; every success leaves as the envelope. Errors and noData() are envelopes
      // already; a streamed file never reaches this hook.
      api.addHook('preSerialization', async (_req, _reply, payload: unknown) => (isEnvelope(payload) ? payload : envelope(payload)))
      // Every /api route is an entry of the route table, and every entry has its route (docs/contract.md).
      const table = guardRouteTable(api, '/api')
      await api.register(authRoutes)
      await api.register(accountRoutes)
      await api.register(wechatRoutes)
      await api.register(devRoutes)
      await api.register(healthRoutes)
      await api.register(downloadRoutes)
      await api.register(inviteRoutes)
      await api.register(cardsRoutes)
      await api.register(deskRoutes)
      await api.register(tasksRoutes)
      await api.register(classesRoutes)
      await api.register(teacherRoutes)
      await api.register(pushRoutes)
      await api.register(inboxRoutes)
      await api.register(reportRoutes)
      await api.register(contentRoutes)
      await api.register(guardianRoutes)
      await api.register(openApiRoutes)
      table.assertServed()
    },
    { prefix: '/api' },
  )
  if (!o.oidc.issuer) await mountEmbeddedOidc(app)
  return app
}
