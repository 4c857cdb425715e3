/** The environment is checked at boot: a malformed setting stops the start with a message naming it. */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../server/app'
import { DEFAULT_LIMITS, DEFAULT_PUSH_SERVICES, resolveOptions } from '../../server/config'
import { ENV, envTable, listenFromEnv, optionsFromEnv } from '../../server/env'
import { newVapidKeys } from '../../server/services/push'

const ROOT = join(import.meta.dirname, '..', '..')
const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    optionsFromEnv(env)
  } catch (e) {
    return (e as Error).message
  }
  return null
}

describe('optionsFromEnv', () => {
  it('reads a well-formed environment', () => {
    const o = optionsFromEnv({
      RATE_LIMIT_AUTH_PER_MIN: '30',
      SMS_INTERVAL_SECONDS: '0',
      ACCESS_TOKEN_TTL: '7200',
      PUBLIC_URL: 'https://read.example.edu.cn',
      DATABASE_URL: 'postgres://habor@db/habor',
      MQTT_URL: 'mqtts://broker.example:8883',
      LOG_LEVEL: 'warn',
    })
    expect(o.limits?.authPerMinute).toBe(30)
    expect(o.limits?.sms?.intervalSeconds).toBe(0)
    expect(o.accessTtlSeconds).toBe(7200)
    expect(o.publicUrl).toBe('https://read.example.edu.cn')
    expect(o.databaseUrl).toBe('postgres://habor@db/habor')
    expect(o.mqtt?.url).toBe('mqtts://broker.example:8883')
    expect(o.logger).toEqual({ level: 'warn' })
  })

  it("leaves unset and empty settings to the schema's defaults", () => {
    const o = optionsFromEnv({ RATE_LIMIT_AUTH_PER_MIN: '', PUBLIC_URL: '' })
    expect(o.limits?.authPerMinute).toBe(DEFAULT_LIMITS.authPerMinute)
    expect(o.limits?.sms?.intervalSeconds).toBe(DEFAULT_LIMITS.sms.intervalSeconds)
    expect(o.accessTtlSeconds).toBe(15 * 60)
    expect(o.publicUrl).toBeUndefined()
    expect(o.logger).toEqual({ level: 'info' })
    expect(o.dataDir).toBe('data')
    expect(o.push?.services).toEqual(DEFAULT_PUSH_SERVICES)
    // What the schema gives is what build() would have chosen itself.
    const fromEnv = resolveOptions(o)
    const bare = resolveOptions({ logger: { level: 'info' } })
    for (const key of ['limits', 'accessTtlSeconds', 'refreshTtlSeconds', 'signSecret', 'oidc', 'wechat', 'mqtt', 'push', 'download', 'trustProxy', 'shutdownDrainMs', 'dataDir', 'distDir'] as const) {
      expect(fromEnv[key], key).toEqual(bare[key])
    }
  })

  it('reads a count as a number, with what the table says in its words', () => {
    const o = optionsFromEnv({ SMS_PER_HOUR: ' 12 ', SHUTDOWN_DRAIN_MS: '0', APK_SIZE: '1e6' })
    expect(o.limits?.sms?.perHour).toBe(12)
    expect(o.shutdownDrainMs).toBe(0)
    expect(o.download?.apkSize).toBe(1_000_000)
  })

  it.each(['12 000', '1,000', '1.5', 'Infinity', 'NaN', '0', '-3', '9007199254740993'])('a count that is not a whole number from its least (%s) is refused by name', (value) => {
    expect(refusal({ SMS_PER_HOUR: value })).toContain(`SMS_PER_HOUR=${value} is not a whole number of at least 1`)
  })

  it('takes a URL scheme in any case', () => {
    expect(optionsFromEnv({ PUBLIC_URL: 'HTTPS://Read.Example.edu.cn/' }).publicUrl).toBe('HTTPS://Read.Example.edu.cn/')
  })

  it("never repeats a URL's password in a refusal", () => {
    const message = refusal({ DATABASE_URL: 'mysql://habor:s3cret-pw@db/habor' })
    expect(message).toContain('DATABASE_URL=mysql://habor:***@db/habor is not a postgres or postgresql URL')
    expect(message).not.toContain('s3cret-pw')
  })

  it('names the only SMS provider that ships', () => {
    expect(refusal({ SMS_PROVIDER: 'aliyun' })).toContain("SMS_PROVIDER=aliyun is not available: only 'console' ships")
    expect(optionsFromEnv({ SMS_PROVIDER: 'console' }).sms).toBe('console')
  })

  it("docs/server.md's configuration table is the schema's (npm run docs:env writes it)", () => {
    const doc = readFileSync(join(ROOT, 'docs', 'server.md'), 'utf8')
    const table = /<!-- env-table:start -->\n([\s\S]*?)\n<!-- env-table:end -->/.exec(doc)?.[1]
    expect(table).toBe(envTable())
    // Every variable of the schema has a row, and the table names no other.
    const rows = [...table!.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1])
    expect(rows).toEqual(Object.keys(ENV.properties))
  })

  it.each([
    ['RATE_LIMIT_AUTH_PER_MIN', 'abc'],
    ['RATE_LIMIT_AUTH_PER_MIN', '0'],
    ['RATE_LIMIT_API_PER_MIN', '1.5'],
    ['SMS_PER_DAY', '-1'],
    ['SMS_INTERVAL_SECONDS', '-1'],
    ['ACCESS_TOKEN_TTL', '1h'],
    ['APK_SIZE', '12MB'],
    ['PUBLIC_URL', 'read.example.edu.cn'],
    ['PUBLIC_URL', 'ftp://read.example.edu.cn'],
    ['DATABASE_URL', 'mysql://db/habor'],
    ['OIDC_ISSUER', 'not a url'],
    ['MQTT_URL', 'http://broker'],
    ['LOG_LEVEL', 'verbose'],
    ['VAPID_SUBJECT', 'admin@example.edu.cn'],
    ['VAPID_SUBJECT', 'http://example.edu.cn'],
    ['VAPID_PUBLIC_KEY', 'BAAA'],
    ['PUBLIC_URL', 'https://'],
    ['PUBLIC_URL', 'https://read example'],
    ['OIDC_ISSUER', 'mailto:it@example.edu.cn'],
    ['VAPID_SUBJECT', 'mailto:'],
    ['SMS_PROVIDER', 'CONSOLE'],
  ])('%s=%s is refused by name', (name, value) => {
    expect(refusal({ [name]: value })).toContain(`${name}=${value} `)
  })

  it('reads the Web Push settings: both VAPID keys or neither, a contact, the push services', () => {
    const keys = newVapidKeys()
    const o = optionsFromEnv({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:it@example.edu.cn', PUSH_SERVICES: 'fcm.googleapis.com, Push.Example.CN ,' })
    expect(o.push).toEqual({ vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey, subject: 'mailto:it@example.edu.cn', services: ['fcm.googleapis.com', 'push.example.cn'] })
    expect(refusal({ VAPID_PRIVATE_KEY: keys.privateKey })).toMatch(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/)
    // A malformed private key is named, its value never repeated.
    const bad = refusal({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: 'not-the-right-length-secret' })
    expect(bad).toContain('VAPID_PRIVATE_KEY is not a base64url P-256 private key')
    expect(bad).not.toContain('not-the-right-length-secret')
  })

  it('splits a list at its commas, trims the entries and drops empty ones', () => {
    expect(optionsFromEnv({ MQTT_AUTH_FROM: ' 10.0.0.5 ,,10.0.0.6,' }).mqtt?.authFrom).toEqual(['10.0.0.5', '10.0.0.6'])
    expect(optionsFromEnv({ MQTT_AUTH_FROM: '10.0.0.5' }).mqtt?.authFrom).toEqual(['10.0.0.5'])
    expect(optionsFromEnv({}).mqtt?.authFrom).toBeUndefined()
    expect(optionsFromEnv({ PUSH_SERVICES: ' , ' }).push?.services).toEqual([])
  })

  it('names a list entry that is not a host, and every setting that fails a check across settings', () => {
    expect(refusal({ PUSH_SERVICES: 'fcm.googleapis.com,push service.example' })).toContain('PUSH_SERVICES entry push service.example is not a host name')
    const keys = newVapidKeys()
    const message = refusal({ VAPID_PUBLIC_KEY: keys.publicKey, REDIS_URL: 'redis://cache:6379/0', TRUST_PROXY: 'true', SMS_PER_DAY: 'lots' })
    expect(message).toContain('SMS_PER_DAY=lots is not a whole number of at least 1')
    expect(message).toContain('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together')
    expect(message).toContain('REDIS_URL is set (several nodes) but DATABASE_URL is not')
    expect(message).toContain('TRUST_PROXY')
  })

  it('joins a cluster only on a shared PostgreSQL database, and reads the shutdown drain', () => {
    expect(refusal({ REDIS_URL: 'redis://cache:6379/0' })).toContain('REDIS_URL is set (several nodes) but DATABASE_URL is not')
    const o = optionsFromEnv({ REDIS_URL: 'rediss://cache:6380/2', DATABASE_URL: 'postgres://habor@db/habor', SHUTDOWN_DRAIN_MS: '5000' })
    expect(o.redisUrl).toBe('rediss://cache:6380/2')
    expect(o.shutdownDrainMs).toBe(5000)
    expect(refusal({ REDIS_URL: 'memcached://cache', DATABASE_URL: 'postgres://habor@db/habor' })).toContain('REDIS_URL=memcached://cache is not a redis or rediss URL')
    expect(refusal({ SHUTDOWN_DRAIN_MS: 'soon' })).toContain('SHUTDOWN_DRAIN_MS=soon ')
  })

  it('names every malformed setting at once', () => {
    const message = refusal({ RATE_LIMIT_AUTH_PER_MIN: 'abc', PUBLIC_URL: 'nope', SMS_PER_HOUR: '5' })
    expect(message).toContain('RATE_LIMIT_AUTH_PER_MIN=abc')
    expect(message).toContain('PUBLIC_URL=nope')
    expect(message).not.toContain('SMS_PER_HOUR')
  })
})

describe('REDIS_URL at boot', () => {
  it('an unreachable Redis stops the start with a message naming it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'habor-redis-'))
    try {
      await expect(build({ dataDir, redisUrl: 'redis://127.0.0.1:1/0', logger: false })).rejects.toThrow(/REDIS_URL: Redis at 127\.0\.0\.1:1 is unreachable/)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('listenFromEnv', () => {
  it('defaults to 127.0.0.1:8080 and takes any port number', () => {
    expect(listenFromEnv({})).toEqual({ port: 8080, host: '127.0.0.1' })
    expect(listenFromEnv({ PORT: '0', HOST: '0.0.0.0' })).toEqual({ port: 0, host: '0.0.0.0' })
    expect(listenFromEnv({ PORT: '65535' }).port).toBe(65_535)
  })

  it.each(['65536', 'http', '80.5', '-1'])('PORT=%s is refused', (port) => {
    expect(() => listenFromEnv({ PORT: port })).toThrow(`PORT=${port} is not a port number`)
  })
})

describe('the server process', () => {
  it('stops at boot with the message, before it opens a database or a port', async () => {
    const dataDir = join(tmpdir(), `habor-never-made-${process.pid}`)
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, RATE_LIMIT_AUTH_PER_MIN: 'abc', PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    proc.stdout.on('data', (d: Buffer) => (output += d.toString()))
    proc.stderr.on('data', (d: Buffer) => (output += d.toString()))
    const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve))
    expect(code).toBe(1)
    expect(output).toContain('Habor could not start: the environment has settings it cannot use:')
    expect(output).toContain('RATE_LIMIT_AUTH_PER_MIN=abc is not a whole number of at least 1')
    expect(output).not.toContain('Habor is running')
    expect(existsSync(dataDir)).toBe(false)
  })
})
