/**
 * GET /metrics: this node's own figures in the Prometheus text format (prom-client), for a monitoring
 * system that scrapes each node (docs/running.md, "Metrics"). The series are kept in a registry of this
 * app; the process's own (memory, event-loop delay, GC) in one registry per process, since they describe
 * the process whatever app it runs. Only this machine may read them, or a caller with METRICS_TOKEN.
 */
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { ROUTES } from '../../src/contract/routes'
import { bearerOf } from './auth'
import { isThisMachine, sameSecret } from '../sources'

export interface Metrics {
  registry: Registry
  requests: Counter<'route' | 'method' | 'status'>
  latency: Histogram<'route' | 'method' | 'status'>
  liveConnections: Counter
  liveMessages: Counter
  inboxDeliveries: Counter<'channel'>
  inboxDelay: Histogram<'channel'>
  replays: Counter<'route'>
  rateLimited: Counter<'limit'>
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

let processRegistry: Registry | undefined
/** The process's own series, collected once per process however many apps it builds (tests build many). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** `METHOD /api/path` → the route table's name. */
const TABLE = new Map(Object.entries(ROUTES).map(([name, r]) => [`${r.method} /api${r.path}`, name]))

/**
 * A request's route as the series name it: the route table's name for an /api route, else the pattern it
 * matched (`/mqtt`, `/oidc/*`, the app's `/*`), `unmatched` for none. Never the raw URL, whose ids would
 * make a series per card.
 */
export function routeNameOf(req: FastifyRequest): string {
  const pattern = req.routeOptions.url
  if (pattern === undefined) return 'unmatched'
  const method = req.method === 'HEAD' ? 'GET' : req.method
  return TABLE.get(`${method} ${pattern}`) ?? pattern
}

export const METRICS_PATH = '/metrics'

function metricsOf(app: FastifyInstance): Metrics {
  const registry = new Registry()
  // The histogram's _count holds the same figures as the counter; the counter is kept for queries and
  // readers that take a plain series (a rate by status without summing buckets).
  const requests = new Counter({ name: 'habor_http_requests_total', help: 'HTTP requests by route-table name, method and status', labelNames: ['route', 'method', 'status'] as const, registers: [registry] })
  const latency = new Histogram({
    name: 'habor_http_request_duration_seconds',
    help: 'how long HTTP requests took, by route-table name, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  new Gauge({
    name: 'habor_live_connections',
    help: 'open, signed-in live-channel (MQTT) connections on this node',
    registers: [registry],
    collect() {
      this.set(app.broker?.embedded?.connectedClients ?? 0)
    },
  })
  const liveConnections = new Counter({ name: 'habor_live_connections_total', help: 'live-channel connections signed in on this node', registers: [registry] })
  const liveMessages = new Counter({ name: 'habor_live_messages_total', help: 'live-channel messages (kicks, inbox notices) published on this node', registers: [registry] })
  const inboxDeliveries = new Counter({ name: 'habor_inbox_deliveries_total', help: 'inbox entries delivered, live to an open session or by Web Push', labelNames: ['channel'] as const, registers: [registry] })
  const inboxDelay = new Histogram({
    name: 'habor_inbox_delivery_delay_seconds',
    help: 'from an inbox entry being written to its delivery',
    labelNames: ['channel'] as const,
    buckets: [0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [registry],
  })
  const replays = new Counter({ name: 'habor_idempotent_replays_total', help: 'writes answered from their Idempotency-Key (a retry of an acknowledged write)', labelNames: ['route'] as const, registers: [registry] })
  const rateLimited = new Counter({ name: 'habor_rate_limit_refusals_total', help: 'requests refused with 429, by the limit that refused them', labelNames: ['limit'] as const, registers: [registry] })
  const pool = app.dbInfo.pool
  if (pool) {
    new Gauge({
      name: 'habor_db_pool_connections',
      help: "PostgreSQL pool: connections open (total), idle, and requests waiting for one",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount)
        this.set({ state: 'idle' }, pool.idleCount)
        this.set({ state: 'waiting' }, pool.waitingCount)
      },
    })
  }
  return { registry, requests, latency, liveConnections, liveMessages, inboxDeliveries, inboxDelay, replays, rateLimited }
}

export default fp(
  async (app) => {
    const metrics = metricsOf(app)
    app.decorate('metrics', metrics)
    const token = app.config.metricsToken

    app.addHook('onResponse', async (req, reply) => {
      const labels = { route: routeNameOf(req), method: req.method, status: String(reply.statusCode) }
      metrics.requests.inc(labels)
      metrics.latency.observe(labels, reply.elapsedTime / 1000)
    })
    // The broker is registered after this plugin: its events are hooked once everything is in.
    app.addHook('onReady', async () => {
      const aedes = app.broker?.embedded?.aedes
      if (!aedes) return
      aedes.on('clientReady', () => metrics.liveConnections.inc())
      aedes.on('publish', (packet) => {
        if (!packet.topic.startsWith('$SYS')) metrics.liveMessages.inc()
      })
    })

    app.get(METRICS_PATH, async (req, reply) => {
      const allowed = isThisMachine(req.raw) || (token !== undefined && sameSecret(bearerOf(req) ?? undefined, token))
      if (!allowed) return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('401: /metrics answers this machine, or a bearer METRICS_TOKEN\n')
      const all = Registry.merge([processMetrics(), metrics.registry])
      return reply.type(all.contentType).header('cache-control', 'no-store').send(await all.metrics())
    })
  },
  { name: 'metrics', dependencies: ['db'] },
)
