/**
 * Server options: everything `build()` accepts, with their defaults (the values of docs/contract.md).
 * The environment maps onto them through one schema, server/env.ts.
 */
import type { Dialect } from 'kysely'
import type { Socket } from 'node:net'
import type { Clock } from './clock'
import type { DownloadOptions } from './routes/download'
import type { SmsLimits, SmsProvider } from './services/sms'

export type { SmsLimits }

export interface Limits {
  sms: SmsLimits
  /**
   * Requests per minute on each auth route (/login*, /sms/code, /refresh, forget, reset, improve, password,
   * deletion): per signed-in account when the call carries a valid access token, else per address.
   */
  authPerMinute: number
  /** Requests per minute and address of the calls without a valid access token, on every other /api route (a class of 50 behind one address). */
  apiPerMinute: number
  /** Requests per minute and signed-in account, on every other /api route, wherever the account calls from. */
  accountPerMinute: number
  /** Wrong passwords per account in `passwordWindowSeconds` before the account is throttled. */
  passwordFailures: number
  passwordWindowSeconds: number
  /**
   * Open connections per client address (socket address; a `trustProxy` address is not counted: bound
   * the clients behind the proxy there, e.g. nginx's limit_conn). A class of 50 behind one NAT, each
   * with a browser's 6 HTTP/1.1 connections and the live channel, opens about 350.
   */
  connectionsPerAddress: number
}

export interface OidcOptions {
  /** External provider: issuer URL. Unset = the embedded provider at /oidc. */
  issuer?: string
  clientId: string
  clientSecret: string
  /** Scopes requested from the provider. */
  scope: string
}

export interface WechatOptions {
  apiBase: string
  appId?: string
  secret?: string
}

export interface MqttOptions {
  /** External broker (mqtt://, mqtts://, ws(s)://): kicks are published there and /mqtt is not served. Unset = the embedded broker. */
  url?: string
  username?: string
  password?: string
  /** The external broker's auth calls (/api/broker/*) must carry this in `X-Broker-Secret`… */
  authSecret?: string
  /** …or come from one of these addresses. Neither set: loopback only. */
  authFrom?: string[]
}

export interface PushOptions {
  /** VAPID keys (base64url). Unset: generated once and kept in the database, shared by every node. */
  vapidPublicKey?: string
  vapidPrivateKey?: string
  /** The contact push services see in the VAPID token: a mailto: or https: URL. */
  subject: string
  /**
   * Hosts a subscription's endpoint may name (a host matches itself and its subdomains), each optionally
   * `host:port` (the only port its endpoints may name; otherwise the default): the server sends to
   * whatever URL a browser registered, so only the push services themselves are accepted.
   */
  services: string[]
  /** How often a node looks for notifications due for a retry, in ms; 0 = never on its own (tests call drain()). */
  pollMs: number
  /** Agent for the push services' HTTPS (tests trust a stand-in's certificate through it). */
  agent?: import('node:https').Agent
}

/** The push services of Chrome and Android, Firefox, Safari and Edge. */
export const DEFAULT_PUSH_SERVICES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com']

export interface BuildOptions {
  /** SQLite file directory (and where a generated JWT secret is kept). */
  dataDir: string
  /** postgres://… selects PostgreSQL instead of SQLite. */
  databaseUrl?: string
  /**
   * redis://… joins this node to a cluster: the live channel, rate limits, the dev outbox and the external
   * broker's topic map are shared through Redis, and generated secrets through the database (docs/cluster.md).
   */
  redisUrl?: string
  clock: Clock
  logger: boolean | { level: string }
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: { write(line: string): void }
  /** Built app; not served when the directory has no index.html. */
  distDir: string
  jwtSecret?: string
  accessTtlSeconds: number
  refreshTtlSeconds: number
  /** Seconds the just-replaced refresh token is still accepted. */
  refreshGraceSeconds: number
  signSecret: string
  /** Allowed distance of a signed call's timestamp from the server clock. */
  signWindowSeconds: number
  /** SMS provider; 'console' logs the code and keeps the dev outbox. */
  sms: 'console' | SmsProvider
  limits: Limits
  oidc: OidcOptions
  wechat: WechatOptions
  mqtt: MqttOptions
  /** Origin used for the OIDC issuer instead of the request's origin. */
  publicUrl?: string
  trustProxy: boolean | string | number
  /**
   * Tests only: the address a connection counts as, asked once per connection, instead of its socket's
   * (or the forwarded) address; undefined keeps the real one. Loopback gives a test no IPv6 /64 to try.
   */
  clientAddress?: (socket: Socket) => string | undefined
  /** Tests only: wraps the database's Kysely dialect, so that a test can count the queries a call makes. */
  wrapDialect?: (dialect: Dialect) => Dialect
  /** Certificate and key: the server speaks TLS itself. */
  https?: { cert: string | Buffer; key: string | Buffer }
  appIds: string[]
  production: boolean
  /** Create the demo data when the database is empty. */
  seedDemo: boolean
  /** The Download page's links; `dir` defaults to <dataDir>/downloads. */
  download: Partial<DownloadOptions>
  timeouts: Timeouts
  /** On SIGTERM, how long health answers 503 before the node stops taking connections (server/main.ts). */
  shutdownDrainMs: number
  /**
   * How often each node closes the live connections of sessions ended outside any server process (the
   * operator's command line, docs/cluster.md "Disabling an account"; server/plugins/broker.ts).
   */
  liveSweepMs: number
  /**
   * How long a node may serve its copy of the sign-in check's rows (nodes sharing Redis only; changes
   * clear it at once, this is the backstop: docs/cluster.md "The sign-in check's cache"); 0 turns it off.
   */
  sessionCacheMs: number
  push: PushOptions
  /** Opens GET /metrics to callers other than this machine that send it as a bearer token. */
  metricsToken?: string
  /** Serve the OpenAPI description at /api/openapi.json. */
  apiDocs: boolean
}

/**
 * How long a connection may take, so that clients trickling bytes cannot hold sockets for ever, while a
 * slow but steady upload (a 5 MB recording on 3G takes about two minutes) still completes.
 */
export interface Timeouts {
  /** All request headers must have arrived within this. */
  headersMs: number
  /** A connection that sends nothing for this long is closed (a live-channel socket is not affected). */
  idleMs: number
  /** A whole request, body included, must have arrived within this. */
  requestMs: number
  /**
   * The minimum body rate: while a request body is arriving, each `bodyWindowMs` must bring at least
   * `bodyMinBytes` more bytes, or the connection is closed.
   */
  bodyWindowMs: number
  bodyMinBytes: number
}

/**
 * 16 KB per 20 s (800 B/s) is a fiftieth of a slow 3G upload (about 40 KB/s), and leaves a phone 20 s to
 * come back from a handover; a body at 1 byte every 100 s is cut after 20 s instead of holding its socket
 * for the whole request deadline.
 */
export const DEFAULT_TIMEOUTS: Timeouts = { headersMs: 30_000, idleMs: 120_000, requestMs: 600_000, bodyWindowMs: 20_000, bodyMinBytes: 16 * 1024 }

/** The defaults of the settings that are not limits or time-outs (the environment's schema, server/env.ts, shows them). */
export const DEFAULTS = {
  accessTtlSeconds: 15 * 60,
  refreshTtlSeconds: 30 * 24 * 3600,
  signSecret: 'jsj-habor-dev-sign',
  oidcClientId: 'jsj-habor',
  oidcClientSecret: 'jsj-habor-dev-oidc',
  wechatApiBase: 'https://api.weixin.qq.com',
  vapidSubject: 'mailto:admin@jsj-habor.invalid',
  shutdownDrainMs: 0,
  liveSweepMs: 5000,
  sessionCacheMs: 5000,
} as const

export const DEFAULT_LIMITS: Limits = {
  sms: { ttlSeconds: 300, maxAttempts: 5, intervalSeconds: 60, perHour: 5, perDay: 10, perIpHour: 300, noticesPerDay: 5 },
  authPerMinute: 600,
  apiPerMinute: 1500,
  accountPerMinute: 600,
  passwordFailures: 10,
  passwordWindowSeconds: 900,
  connectionsPerAddress: 500,
}

export type BuildInput = Partial<Omit<BuildOptions, 'limits' | 'oidc' | 'wechat' | 'mqtt' | 'timeouts' | 'push'>> & {
  push?: Partial<PushOptions>
  timeouts?: Partial<Timeouts>
  mqtt?: Partial<MqttOptions>
  limits?: Partial<Omit<Limits, 'sms'>> & { sms?: Partial<SmsLimits> }
  oidc?: Partial<OidcOptions>
  wechat?: Partial<WechatOptions>
}

/** Spread that ignores undefined values, so an unset env var keeps the default. */
function merge<T extends object>(base: T, over: Partial<T> | undefined): T {
  const out = { ...base }
  for (const [k, v] of Object.entries(over ?? {})) if (v !== undefined) (out as Record<string, unknown>)[k] = v
  return out
}

export function resolveOptions(raw: BuildInput = {}): BuildOptions {
  const input = merge({} as BuildInput, raw)
  return {
    dataDir: input.dataDir ?? 'data',
    databaseUrl: input.databaseUrl,
    redisUrl: input.redisUrl,
    clock: input.clock ?? Date.now,
    logger: input.logger ?? false,
    logStream: input.logStream,
    distDir: input.distDir ?? 'dist',
    jwtSecret: input.jwtSecret,
    accessTtlSeconds: input.accessTtlSeconds ?? DEFAULTS.accessTtlSeconds,
    refreshTtlSeconds: input.refreshTtlSeconds ?? DEFAULTS.refreshTtlSeconds,
    refreshGraceSeconds: input.refreshGraceSeconds ?? 10,
    signSecret: input.signSecret ?? DEFAULTS.signSecret,
    signWindowSeconds: input.signWindowSeconds ?? 300,
    sms: input.sms ?? 'console',
    limits: { ...merge(DEFAULT_LIMITS, { ...input.limits, sms: undefined }), sms: merge(DEFAULT_LIMITS.sms, input.limits?.sms) },
    oidc: merge<OidcOptions>({ clientId: DEFAULTS.oidcClientId, clientSecret: DEFAULTS.oidcClientSecret, scope: 'openid profile' }, input.oidc),
    wechat: merge<WechatOptions>({ apiBase: DEFAULTS.wechatApiBase }, input.wechat),
    mqtt: merge<MqttOptions>({}, input.mqtt),
    publicUrl: input.publicUrl,
    trustProxy: input.trustProxy ?? false,
    clientAddress: input.clientAddress,
    wrapDialect: input.wrapDialect,
    https: input.https,
    appIds: input.appIds ?? ['jsj-habor'],
    production: input.production ?? false,
    seedDemo: input.seedDemo ?? true,
    download: input.download ?? {},
    timeouts: merge(DEFAULT_TIMEOUTS, input.timeouts),
    shutdownDrainMs: input.shutdownDrainMs ?? DEFAULTS.shutdownDrainMs,
    liveSweepMs: input.liveSweepMs ?? DEFAULTS.liveSweepMs,
    sessionCacheMs: input.sessionCacheMs ?? DEFAULTS.sessionCacheMs,
    push: merge<PushOptions>({ subject: DEFAULTS.vapidSubject, services: DEFAULT_PUSH_SERVICES, pollMs: 15_000 }, input.push),
    metricsToken: input.metricsToken,
    apiDocs: input.apiDocs ?? false,
  }
}

/**
 * `TRUST_PROXY=true` believes the left-most X-Forwarded-For address, which is whatever the client wrote
 * (a proxy appends to it): every per-address limit and the loopback-only places would take a forged one.
 */
export const TRUST_PROXY_TRUE_REFUSED =
  'TRUST_PROXY=true would believe the left-most X-Forwarded-For address, which any client can write. Give the number of proxies in front of the server (1 behind one nginx) or their addresses (loopback, an address, a CIDR, comma-separated).'

/** 127.0.0.0/8, ::1 and localhost: a listener only this machine reaches. */
const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/

/**
 * The start-up warning for TRUST_PROXY on a listener other machines reach (HOST not loopback), or null.
 * A client that reaches the port directly, past the proxy, writes its own X-Forwarded-For: with a hop
 * count it is believed, and every per-address limit takes a new address per request.
 */
export function trustProxyWarning(trustProxy: BuildOptions['trustProxy'], host: string): string | null {
  if (trustProxy === false || LOOPBACK_HOST.test(host)) return null
  const whom = typeof trustProxy === 'number' ? `from whichever client connects (a hop count trusts the nearest ${trustProxy} peer${trustProxy === 1 ? '' : 's'})` : `from ${String(trustProxy)}`
  return [
    `Warning: TRUST_PROXY is set and HOST=${host} lets other machines reach this port directly.`,
    `  X-Forwarded-For is believed ${whom}: a client that reaches the port without going through the proxy`,
    '  writes its own address into that header, a new one per request, and passes every per-address limit',
    '  (sign-in and SMS rate limits, connections per address).',
    '  Firewall the port so that only the proxy can connect, or listen on loopback (HOST=127.0.0.1) behind a proxy on this machine.',
  ].join('\n')
}

/** Start-up refusals: settings that must never run (TRUST_PROXY=true), or never in production. */
export function assertProductionSafe(o: BuildOptions): void {
  if (o.trustProxy === true) throw new Error(TRUST_PROXY_TRUE_REFUSED)
  if (o.production && o.sms === 'console') {
    throw new Error(
      'NODE_ENV=production with the console SMS provider: codes would only reach the server log and the dev outbox (GET /api/dev/sms/outbox) would hand them to anyone. Configure a real SMS provider, or unset NODE_ENV for a demo.',
    )
  }
}
