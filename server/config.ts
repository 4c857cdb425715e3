/**
 * Server options: everything `build()` accepts, and how the environment maps onto them. Every limit is
 * configurable here; the defaults are the values of docs/contract.md.
 */
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
  push: PushOptions
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

export const DEFAULT_LIMITS: Limits = {
  sms: { ttlSeconds: 300, maxAttempts: 5, intervalSeconds: 60, perHour: 5, perDay: 10, perIpHour: 300 },
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
    accessTtlSeconds: input.accessTtlSeconds ?? 15 * 60,
    refreshTtlSeconds: input.refreshTtlSeconds ?? 30 * 24 * 3600,
    refreshGraceSeconds: input.refreshGraceSeconds ?? 10,
    signSecret: input.signSecret ?? 'jsj-habor-dev-sign',
    signWindowSeconds: input.signWindowSeconds ?? 300,
    sms: input.sms ?? 'console',
    limits: { ...merge(DEFAULT_LIMITS, { ...input.limits, sms: undefined }), sms: merge(DEFAULT_LIMITS.sms, input.limits?.sms) },
    oidc: merge<OidcOptions>({ clientId: 'jsj-habor', clientSecret: 'jsj-habor-dev-oidc', scope: 'openid profile' }, input.oidc),
    wechat: merge<WechatOptions>({ apiBase: 'https://api.weixin.qq.com' }, input.wechat),
    mqtt: merge<MqttOptions>({}, input.mqtt),
    publicUrl: input.publicUrl,
    trustProxy: input.trustProxy ?? false,
    https: input.https,
    appIds: input.appIds ?? ['jsj-habor'],
    production: input.production ?? false,
    seedDemo: input.seedDemo ?? true,
    download: input.download ?? {},
    timeouts: merge(DEFAULT_TIMEOUTS, input.timeouts),
    shutdownDrainMs: input.shutdownDrainMs ?? 0,
    push: merge<PushOptions>({ subject: 'mailto:admin@jsj-habor.invalid', services: DEFAULT_PUSH_SERVICES, pollMs: 15_000 }, input.push),
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/**
 * Reads the environment's settings, collecting every malformed one, so a typo stops the start with a
 * message naming the variable instead of running with NaN or a half-parsed value.
 */
function reader(env: NodeJS.ProcessEnv) {
  const problems: string[] = []
  const text = (name: string): string | undefined => env[name] || undefined
  return {
    problems,
    text,
    /** A whole number ≥ `min`, or undefined when unset. */
    count(name: string, min = 1): number | undefined {
      const v = env[name]
      if (v === undefined || v === '') return undefined
      if (/^\d+$/.test(v.trim()) && Number(v) >= min) return Number(v)
      problems.push(`${name}=${v} is not a whole number of at least ${min}`)
      return undefined
    },
    /** An absolute URL with one of `schemes`, or undefined when unset. */
    url(name: string, schemes: readonly string[]): string | undefined {
      const v = text(name)
      if (v === undefined) return undefined
      try {
        if (schemes.includes(new URL(v).protocol.slice(0, -1))) return v
      } catch {
        // named below
      }
      problems.push(`${name}=${v} is not a ${schemes.join(' or ')} URL`)
      return undefined
    },
    oneOf(name: string, allowed: readonly string[]): string | undefined {
      const v = text(name)
      if (v === undefined || allowed.includes(v)) return v
      problems.push(`${name}=${v} is not one of ${allowed.join(', ')}`)
      return undefined
    },
  }
}

const HTTP = ['http', 'https']

/** The environment of docs/contract.md (and the README's configuration table) as build() input. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): BuildInput {
  const trust = env.TRUST_PROXY
  const read = reader(env)
  const num = read.count
  const options: BuildInput = {
    dataDir: env.DATA_DIR || 'data',
    databaseUrl: read.url('DATABASE_URL', ['postgres', 'postgresql']),
    redisUrl: read.url('REDIS_URL', ['redis', 'rediss']),
    shutdownDrainMs: read.count('SHUTDOWN_DRAIN_MS', 0),
    logger: { level: read.oneOf('LOG_LEVEL', LOG_LEVELS) ?? 'info' },
    distDir: env.DIST_DIR || 'dist',
    jwtSecret: env.JWT_SECRET || undefined,
    accessTtlSeconds: num('ACCESS_TOKEN_TTL'),
    refreshTtlSeconds: num('REFRESH_TOKEN_TTL'),
    signSecret: env.SIGN_SECRET || undefined,
    sms: env.SMS_PROVIDER === undefined || env.SMS_PROVIDER === 'console' ? 'console' : undefinedProvider(env.SMS_PROVIDER),
    limits: {
      authPerMinute: num('RATE_LIMIT_AUTH_PER_MIN'),
      apiPerMinute: num('RATE_LIMIT_API_PER_MIN'),
      accountPerMinute: num('RATE_LIMIT_ACCOUNT_PER_MIN'),
      sms: {
        intervalSeconds: num('SMS_INTERVAL_SECONDS', 0),
        perHour: num('SMS_PER_HOUR'),
        perDay: num('SMS_PER_DAY'),
        perIpHour: num('SMS_PER_IP_HOUR'),
      },
    },
    oidc: {
      issuer: read.url('OIDC_ISSUER', HTTP),
      clientId: env.OIDC_CLIENT_ID || undefined,
      clientSecret: env.OIDC_CLIENT_SECRET || undefined,
    },
    wechat: { apiBase: read.url('WECHAT_API_BASE', HTTP), appId: env.WECHAT_APPID || undefined, secret: env.WECHAT_SECRET || undefined },
    mqtt: {
      url: read.url('MQTT_URL', ['mqtt', 'mqtts', 'ws', 'wss', 'tcp', 'tls']),
      username: env.MQTT_USERNAME || undefined,
      password: env.MQTT_PASSWORD || undefined,
      authSecret: env.MQTT_AUTH_SECRET || undefined,
      authFrom: env.MQTT_AUTH_FROM ? env.MQTT_AUTH_FROM.split(',').map((s) => s.trim()).filter(Boolean) : undefined,
    },
    publicUrl: read.url('PUBLIC_URL', HTTP),
    trustProxy: trust === undefined || trust === '' || trust === 'false' ? false : trust === 'true' ? undefined : /^\d+$/.test(trust) ? Number(trust) : trust,
    production: env.NODE_ENV === 'production',
    push: {
      vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
      subject: read.url('VAPID_SUBJECT', ['mailto', 'https']),
      services: env.PUSH_SERVICES ? env.PUSH_SERVICES.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) : undefined,
    },
    download: {
      apkUrl: read.url('APK_URL', HTTP),
      apkVersion: env.APK_VERSION || undefined,
      apkSize: num('APK_SIZE'),
      androidStoreUrl: read.url('ANDROID_STORE_URL', HTTP),
      iosStoreUrl: read.url('IOS_STORE_URL', HTTP),
    },
  }
  const b64urlBytes = (v: string) => (/^[A-Za-z0-9_-]+$/.test(v) ? Buffer.from(v, 'base64url') : Buffer.alloc(0))
  if (env.VAPID_PUBLIC_KEY && (b64urlBytes(env.VAPID_PUBLIC_KEY).length !== 65 || b64urlBytes(env.VAPID_PUBLIC_KEY)[0] !== 4)) {
    read.problems.push(`VAPID_PUBLIC_KEY=${env.VAPID_PUBLIC_KEY} is not a base64url P-256 public key (65 bytes)`)
  }
  // The private key's value is never repeated in a message.
  if (env.VAPID_PRIVATE_KEY && b64urlBytes(env.VAPID_PRIVATE_KEY).length !== 32) read.problems.push('VAPID_PRIVATE_KEY is not a base64url P-256 private key (32 bytes)')
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) read.problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither (the server then makes a pair once)')
  for (const entry of options.push?.services ?? []) {
    if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(entry)) read.problems.push(`PUSH_SERVICES entry ${entry} is not a host name (letters, digits, dots, hyphens), optionally with :port`)
  }
  if (trust === 'true') read.problems.push(TRUST_PROXY_TRUE_REFUSED)
  // Nodes on their own SQLite files would each see their own accounts; Redis alone cannot join them.
  if (options.redisUrl && !env.DATABASE_URL) read.problems.push('REDIS_URL is set (several nodes) but DATABASE_URL is not: the nodes must share one PostgreSQL database')
  if (read.problems.length) throw new Error(`the environment has settings it cannot use:\n  ${read.problems.join('\n  ')}`)
  return options
}

function undefinedProvider(name: string): never {
  throw new Error(`SMS_PROVIDER=${name} is not available: only 'console' ships; pass an SmsProvider to build() for a real gateway`)
}

/**
 * `TRUST_PROXY=true` believes the left-most X-Forwarded-For address, which is whatever the client wrote
 * (a proxy appends to it): every per-address limit and the loopback-only places would take a forged one.
 */
export const TRUST_PROXY_TRUE_REFUSED =
  'TRUST_PROXY=true would believe the left-most X-Forwarded-For address, which any client can write. Give the number of proxies in front of the server (1 behind one nginx) or their addresses (loopback, an address, a CIDR, comma-separated).'

/** Start-up refusals: settings that must never run (TRUST_PROXY=true), or never in production. */
export function assertProductionSafe(o: BuildOptions): void {
  if (o.trustProxy === true) throw new Error(TRUST_PROXY_TRUE_REFUSED)
  if (o.production && o.sms === 'console') {
    throw new Error(
      'NODE_ENV=production with the console SMS provider: codes would only reach the server log and the dev outbox (GET /api/dev/sms/outbox) would hand them to anyone. Configure a real SMS provider, or unset NODE_ENV for a demo.',
    )
  }
}

/** Where `server/main.ts` listens: PORT (8080) on HOST (127.0.0.1). */
export function listenFromEnv(env: NodeJS.ProcessEnv): { port: number; host: string } {
  const port = env.PORT || '8080'
  if (!/^\d+$/.test(port) || Number(port) > 65_535) throw new Error(`the environment has settings it cannot use:\n  PORT=${port} is not a port number (0–65535)`)
  return { port: Number(port), host: env.HOST || '127.0.0.1' }
}
