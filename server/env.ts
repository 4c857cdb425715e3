/**
 * The environment's settings as one schema (TypeBox, checked by env-schema's Ajv): each variable's type,
 * check, default and meaning are written once here. `optionsFromEnv` turns them into `build()` input,
 * `listenFromEnv` into where to listen, and docs/server.md's configuration table is generated from the
 * same schema (`npm run docs:env`; a test fails when the two differ).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import envSchema from 'env-schema'
import { DEFAULT_LIMITS, DEFAULT_PUSH_SERVICES, DEFAULTS, TRUST_PROXY_TRUE_REFUSED, type BuildInput } from './config'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
const HTTP = ['http', 'https']

/**
 * What only the table and the refusals read, kept under symbol keys (as TypeBox keeps its own `Kind`):
 * env-schema's Ajv, in strict mode, validates with standard JSON Schema keywords alone and does not see them.
 */
const TABLE_DEFAULT = Symbol('the table\'s default')
const PROBLEM = Symbol('the refusal\'s words')
interface Notes {
  /** The default as the table shows it, when it is not a value (`generated once …`). */
  [TABLE_DEFAULT]?: string
  /** What a refusal says after `NAME=value`, when the schema's own words would not do. */
  [PROBLEM]?: string
}
const noted = <T extends TSchema>(schema: T, notes: Notes): T & Notes => Object.assign(schema, notes)

/** The meaning, in the table's words (Markdown), and the default shown when it is not a value. */
interface Doc {
  description: string
  tableDefault?: string
}
const schemaOptions = ({ tableDefault, ...doc }: Doc & { default?: unknown }) => ({ options: doc, notes: { [TABLE_DEFAULT]: tableDefault } })

/** A whole number from `min` to `max`; env-schema's Ajv turns the text into a number. */
const Count = ({ min = 1, max = Number.MAX_SAFE_INTEGER, problem, ...doc }: Doc & { default?: number; min?: number; max?: number; problem?: string }) => {
  const { options, notes } = schemaOptions(doc)
  return noted(Type.Integer({ minimum: min, maximum: max, ...options }), { ...notes, [PROBLEM]: problem })
}
/** Letters either case: a URL's scheme is case-insensitive, and Ajv's patterns take no flags. */
const anyCase = (s: string) => s.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`)
/** An absolute URL with one of `schemes` (`mailto:` has no `//` and host). */
const Url = (schemes: readonly string[], doc: Doc & { default?: string }) => {
  const { options, notes } = schemaOptions(doc)
  const form = (scheme: string) => (scheme === 'mailto' ? `${anyCase(scheme)}:[^\\s@]+@[^\\s@]+` : `${anyCase(scheme)}://[^\\s/?#]+(?:[/?#]\\S*)?`)
  return noted(Type.String({ pattern: `^(?:${schemes.map(form).join('|')})$`, ...options }), { ...notes, [PROBLEM]: `is not a ${schemes.join(' or ')} URL` })
}
/** Any text. */
const Text = (doc: Doc & { default?: string }) => {
  const { options, notes } = schemaOptions(doc)
  return noted(Type.String(options), notes)
}
/** Comma-separated entries, split by env-schema's `separator`; readEnv trims them and drops empty ones. */
const List = (doc: Doc & { default?: string }) => {
  const { options, notes } = schemaOptions(doc)
  return noted(Type.Unsafe<string[]>({ type: 'string', separator: ',', ...options }), notes)
}
const OneOf = (values: readonly string[], doc: Doc & { default?: string }, problem?: string) => {
  const { options, notes } = schemaOptions(doc)
  return noted(Type.Unsafe<string>({ type: 'string', enum: values, ...options }), { ...notes, [PROBLEM]: problem })
}

const L = DEFAULT_LIMITS
const D = DEFAULTS

/** Every variable the server reads, in the order of the table. */
export const ENV = Type.Object({
  HOST: Type.Optional(Text({ default: '127.0.0.1', description: 'where to listen (`HOST=0.0.0.0` for phones on the LAN)' })),
  PORT: Type.Optional(Count({ min: 0, max: 65_535, problem: 'is not a port number (0–65535)', default: 8080, description: 'the port to listen on' })),
  DATA_DIR: Type.Optional(Text({ default: 'data', description: 'SQLite file `habor.db` (WAL) and the generated JWT secret' })),
  DATABASE_URL: Type.Optional(Url(['postgres', 'postgresql'], { description: '`postgres://…` selects PostgreSQL (same migrations)' })),
  REDIS_URL: Type.Optional(Url(['redis', 'rediss'], { description: 'joins this node to a cluster (docs/cluster.md); needs `DATABASE_URL`' })),
  SHUTDOWN_DRAIN_MS: Type.Optional(Count({ min: 0, default: D.shutdownDrainMs, description: 'on SIGTERM, how long health answers 503 before the node stops taking connections' })),
  SESSION_CACHE_MS: Type.Optional(
    Count({ min: 0, max: 60_000, default: D.sessionCacheMs, description: "with `REDIS_URL`: how long a node may reuse its copy of a session's sign-in check; every change clears it at once, this only bounds a missed one (docs/cluster.md); `0` = off" }),
  ),
  JWT_SECRET: Type.Optional(Text({ tableDefault: 'generated once into `DATA_DIR/jwt-secret`', description: 'HS256 key of access tokens; also derives the OIDC cookie keys' })),
  ACCESS_TOKEN_TTL: Type.Optional(Count({ default: D.accessTtlSeconds, description: 'seconds an access token lives' })),
  REFRESH_TOKEN_TTL: Type.Optional(Count({ default: D.refreshTtlSeconds, description: 'seconds a refresh token lives' })),
  SIGN_SECRET: Type.Optional(Text({ default: D.signSecret, description: "secret of signed calls (must equal the app's `VITE_SIGN_SECRET`)" })),
  SMS_PROVIDER: Type.Optional(
    OneOf(['console'], { default: 'console', description: 'only `console` ships; a real gateway is an `SmsProvider` passed to `build()`' }, "is not available: only 'console' ships; pass an SmsProvider to build() for a real gateway"),
  ),
  SMS_INTERVAL_SECONDS: Type.Optional(Count({ min: 0, default: L.sms.intervalSeconds, description: 'SMS: seconds between two codes to one number' })),
  SMS_PER_HOUR: Type.Optional(Count({ default: L.sms.perHour, description: 'SMS: codes per number and hour' })),
  SMS_PER_DAY: Type.Optional(Count({ default: L.sms.perDay, description: 'SMS: codes per number and day' })),
  SMS_PER_IP_HOUR: Type.Optional(Count({ default: L.sms.perIpHour, description: 'SMS: codes per client address and hour' })),
  SMS_NOTICES_PER_DAY: Type.Optional(Count({ default: L.sms.noticesPerDay, description: "SMS: notices (a guardian's consent ended) per number and day, apart from the codes" })),
  RATE_LIMIT_AUTH_PER_MIN: Type.Optional(
    Count({ default: L.authPerMinute, description: 'each sign-in route (`/login*`, `/sms/code`, `/refresh`, forget, reset, improve, password, deletion) on its own: per account for a call with a valid access token, else per address' }),
  ),
  RATE_LIMIT_API_PER_MIN: Type.Optional(
    Count({ default: L.apiPerMinute, description: 'all other `/api` calls without a valid access token, together, per address (a class of 50 behind one school address, about 30 calls each)' }),
  ),
  RATE_LIMIT_ACCOUNT_PER_MIN: Type.Optional(
    Count({ default: L.accountPerMinute, description: 'all other `/api` calls with a valid access token, together, per account, from whatever address (docs/security.md, "Rate limits")' }),
  ),
  OIDC_ISSUER: Type.Optional(Url(HTTP, { tableDefault: 'the embedded provider at `/oidc`', description: 'external OpenID Connect provider' })),
  OIDC_CLIENT_ID: Type.Optional(Text({ default: D.oidcClientId, description: 'the OpenID Connect client id' })),
  OIDC_CLIENT_SECRET: Type.Optional(Text({ default: D.oidcClientSecret, description: 'the OpenID Connect client secret' })),
  PUBLIC_URL: Type.Optional(
    Url(HTTP, {
      tableDefault: "the request's origin, when it is loopback or this machine's own address at the listening port",
      description: 'public origin; the embedded issuer is `<origin>/oidc`; set it behind a proxy (docs/security.md)',
    }),
  ),
  WECHAT_API_BASE: Type.Optional(Url(HTTP, { default: D.wechatApiBase, description: 'WeChat adapter: the API base' })),
  WECHAT_APPID: Type.Optional(Text({ description: 'WeChat adapter: the app id' })),
  WECHAT_SECRET: Type.Optional(Text({ description: 'WeChat adapter: the app secret' })),
  HTTPS_CERT: Type.Optional(Text({ description: 'PEM file of the certificate: with `HTTPS_KEY`, the server speaks TLS itself' })),
  HTTPS_KEY: Type.Optional(Text({ description: 'PEM file of the key: with `HTTPS_CERT`, the server speaks TLS itself' })),
  TRUST_PROXY: Type.Optional(
    Text({ tableDefault: 'off', description: 'a hop count (`1` behind one nginx) or an address list (`loopback`, addresses, CIDRs): trust `X-Forwarded-*` from those proxies; `true` is refused at start; firewall the port so only the proxy reaches it (a start-up warning says so when `HOST` is not loopback)' }),
  ),
  MQTT_URL: Type.Optional(
    Url(['mqtt', 'mqtts', 'ws', 'wss', 'tcp', 'tls'], { description: 'external MQTT broker (`mqtt://`, `mqtts://`, `ws(s)://`): kicks are published there and `/mqtt` is not served; unset = the embedded broker at `/mqtt`' }),
  ),
  MQTT_USERNAME: Type.Optional(Text({ description: "the server's own user name at the external broker" })),
  MQTT_PASSWORD: Type.Optional(Text({ description: "the server's own password at the external broker" })),
  MQTT_AUTH_SECRET: Type.Optional(Text({ description: "the external broker's auth calls must carry this secret in `X-Broker-Secret` (or come from `MQTT_AUTH_FROM`); neither set = loopback only" })),
  MQTT_AUTH_FROM: Type.Optional(List({ description: "comma-separated addresses the external broker's auth calls may come from" })),
  VAPID_PUBLIC_KEY: Type.Optional(
    Text({ tableDefault: 'generated once into the database (`server_secrets`)', description: 'Web Push public key, with `VAPID_PRIVATE_KEY` (docs/notifications.md); changing them strands every subscription' }),
  ),
  VAPID_PRIVATE_KEY: Type.Optional(Text({ tableDefault: 'generated once into the database (`server_secrets`)', description: 'Web Push private key, with `VAPID_PUBLIC_KEY`' })),
  VAPID_SUBJECT: Type.Optional(Url(['mailto', 'https'], { default: D.vapidSubject, description: 'the contact push services see (`mailto:` or `https:`)' })),
  PUSH_SERVICES: Type.Optional(
    List({ default: DEFAULT_PUSH_SERVICES.join(','), description: "hosts (and their subdomains) a subscription's endpoint may name; `host:port` names the only port allowed, otherwise the default" }),
  ),
  APK_URL: Type.Optional(Url(HTTP, { description: "the Download page's Android package" })),
  APK_VERSION: Type.Optional(Text({ description: "the Android package's version" })),
  APK_SIZE: Type.Optional(Count({ description: "the Android package's size in bytes" })),
  ANDROID_STORE_URL: Type.Optional(Url(HTTP, { description: "the Download page's Android store link" })),
  IOS_STORE_URL: Type.Optional(Url(HTTP, { description: "the Download page's App Store link" })),
  LOG_LEVEL: Type.Optional(OneOf(LOG_LEVELS, { default: 'info', description: 'pino level' })),
  NODE_ENV: Type.Optional(Text({ tableDefault: 'unset', description: '`production` refuses to start with the console SMS provider' })),
  DIST_DIR: Type.Optional(Text({ default: 'dist', description: 'built app' })),
  METRICS_TOKEN: Type.Optional(
    Text({ tableDefault: 'unset: `/metrics` answers this machine only', description: 'a bearer token that opens `GET /metrics` (Prometheus text) to a scraper on another machine (docs/running.md, "Metrics")' }),
  ),
  API_DOCS: Type.Optional(OneOf(['0', '1'], { default: '0', description: '`1` also serves the OpenAPI description (docs/openapi.json) at `/api/openapi.json`' })),
})
export type Env = Static<typeof ENV>

type Prop = TSchema & Notes & { description: string; default?: unknown; type?: string; minimum?: number; maximum?: number; enum?: string[]; separator?: string }
const props = ENV.properties as unknown as Record<keyof Env, Prop>

/** The refusal's words for a variable whose value does not fit its schema. */
function problemOf(p: Prop): string {
  if (p[PROBLEM]) return p[PROBLEM]
  if (p.type === 'integer') return `is not a whole number of at least ${p.minimum}`
  if (p.enum) return `is not one of ${p.enum.join(', ')}`
  return 'is not valid'
}

/**
 * The environment checked against the schema by env-schema's own Ajv, which turns numbers into numbers and
 * splits lists at their separator: an unset or empty variable takes its default (or stays unset), and every
 * malformed one is named at once, so a typo stops the start instead of running with NaN or a half-parsed
 * value. `problems` are the refusals, each repeating the value as written, except a URL's password
 * (DATABASE_URL, REDIS_URL may carry one), which is masked.
 */
export function readEnv(env: NodeJS.ProcessEnv): { env: Env; problems: string[] } {
  const data: Record<string, string> = {}
  for (const name of Object.keys(props)) {
    const v = env[name]
    if (v !== undefined && v !== '') data[name] = v
  }
  let read: Env
  try {
    read = envSchema<Env>({ schema: ENV, data, env: false, dotenv: false })
  } catch (e) {
    const errors = (e as { errors?: { instancePath: string }[] }).errors ?? []
    const named = new Set<string>()
    for (const err of errors) {
      const name = err.instancePath.split('/')[1]
      if (name && name in props) named.add(name)
    }
    if (!named.size) throw e
    return { env: {} as Env, problems: [...named].map((name) => `${name}=${masked(data[name]!)} ${problemOf(props[name as keyof Env])}`) }
  }
  const values = read as Record<string, unknown>
  const problems: string[] = []
  for (const [name, p] of Object.entries(props)) {
    const value = values[name]
    // Ajv's coercion turns `Infinity` into a number and then skips its integer, minimum and maximum checks.
    if (p.type === 'integer' && value !== undefined && !Number.isSafeInteger(value)) problems.push(`${name}=${data[name]} ${problemOf(p)}`)
    // A list's entries without the spaces around them; `a,,b` or a trailing comma adds none.
    if (p.separator && Array.isArray(value)) values[name] = value.map((s: string) => s.trim()).filter(Boolean)
  }
  return problems.length ? { env: {} as Env, problems } : { env: read, problems }
}

/** The value with a URL's password replaced by `***`. */
function masked(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#:@]*:)[^/?#@]*@/i, '$1***@')
}

const refuse = (problems: string[]): never => {
  throw new Error(`the environment has settings it cannot use:\n  ${problems.join('\n  ')}`)
}

/** The environment (docs/server.md "Configuration") as build() input. */
export function optionsFromEnv(raw: NodeJS.ProcessEnv): BuildInput {
  const { env, problems } = readEnv(raw)
  // Settings whose check spans several variables, or must not repeat a secret value.
  const b64urlBytes = (v: string) => (/^[A-Za-z0-9_-]+$/.test(v) ? Buffer.from(v, 'base64url') : Buffer.alloc(0))
  const pub = raw.VAPID_PUBLIC_KEY || undefined
  const priv = raw.VAPID_PRIVATE_KEY || undefined
  if (pub && (b64urlBytes(pub).length !== 65 || b64urlBytes(pub)[0] !== 4)) problems.push(`VAPID_PUBLIC_KEY=${pub} is not a base64url P-256 public key (65 bytes)`)
  // The private key's value is never repeated in a message.
  if (priv && b64urlBytes(priv).length !== 32) problems.push('VAPID_PRIVATE_KEY is not a base64url P-256 private key (32 bytes)')
  if (Boolean(pub) !== Boolean(priv)) problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither (the server then makes a pair once)')
  // Host names are case-insensitive: the list is kept lower-cased, as endpoints are compared.
  const services = env.PUSH_SERVICES?.map((entry) => entry.toLowerCase())
  for (const entry of services ?? []) {
    if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(entry)) problems.push(`PUSH_SERVICES entry ${entry} is not a host name (letters, digits, dots, hyphens), optionally with :port`)
  }
  const trust = env.TRUST_PROXY
  if (raw.TRUST_PROXY === 'true') problems.push(TRUST_PROXY_TRUE_REFUSED)
  // Nodes on their own SQLite files would each see their own accounts; Redis alone cannot join them.
  if (raw.REDIS_URL && !raw.DATABASE_URL) problems.push('REDIS_URL is set (several nodes) but DATABASE_URL is not: the nodes must share one PostgreSQL database')
  if (problems.length) refuse(problems)

  return {
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    sessionCacheMs: env.SESSION_CACHE_MS,
    logger: { level: env.LOG_LEVEL ?? 'info' },
    distDir: env.DIST_DIR,
    jwtSecret: env.JWT_SECRET,
    accessTtlSeconds: env.ACCESS_TOKEN_TTL,
    refreshTtlSeconds: env.REFRESH_TOKEN_TTL,
    signSecret: env.SIGN_SECRET,
    sms: 'console',
    limits: {
      authPerMinute: env.RATE_LIMIT_AUTH_PER_MIN,
      apiPerMinute: env.RATE_LIMIT_API_PER_MIN,
      accountPerMinute: env.RATE_LIMIT_ACCOUNT_PER_MIN,
      sms: { intervalSeconds: env.SMS_INTERVAL_SECONDS, perHour: env.SMS_PER_HOUR, perDay: env.SMS_PER_DAY, perIpHour: env.SMS_PER_IP_HOUR, noticesPerDay: env.SMS_NOTICES_PER_DAY },
    },
    oidc: { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET },
    wechat: { apiBase: env.WECHAT_API_BASE, appId: env.WECHAT_APPID, secret: env.WECHAT_SECRET },
    mqtt: { url: env.MQTT_URL, username: env.MQTT_USERNAME, password: env.MQTT_PASSWORD, authSecret: env.MQTT_AUTH_SECRET, authFrom: env.MQTT_AUTH_FROM },
    publicUrl: env.PUBLIC_URL,
    trustProxy: trust === undefined || trust === 'false' ? false : /^\d+$/.test(trust) ? Number(trust) : trust,
    production: env.NODE_ENV === 'production',
    push: { vapidPublicKey: env.VAPID_PUBLIC_KEY, vapidPrivateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT, services },
    metricsToken: env.METRICS_TOKEN,
    apiDocs: env.API_DOCS === '1',
    download: { apkUrl: env.APK_URL, apkVersion: env.APK_VERSION, apkSize: env.APK_SIZE, androidStoreUrl: env.ANDROID_STORE_URL, iosStoreUrl: env.IOS_STORE_URL },
  }
}

/** Where `server/main.ts` listens: PORT on HOST (defaults in the schema). */
export function listenFromEnv(raw: NodeJS.ProcessEnv): { port: number; host: string } {
  const { env, problems } = readEnv({ PORT: raw.PORT, HOST: raw.HOST })
  if (problems.length) refuse(problems)
  return { port: env.PORT!, host: env.HOST! }
}

const cell = (s: string) => s.replace(/\|/g, '\\|')

/** docs/server.md's configuration table, from the schema. */
export function envTable(): string {
  const rows = Object.entries(props).map(([name, p]) => {
    const def = p[TABLE_DEFAULT] ?? (p.default !== undefined ? `\`${String(p.default)}\`` : '–')
    return `| \`${name}\` | ${cell(def)} | ${cell(p.description)} |`
  })
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n')
}
