// What the bench scripts and the server's crash tests (tests/server/support/process.ts) share about a local
// server process: its environment, and a call of its /api.
import { join } from 'node:path'

/**
 * The environment of server/main.ts on its own: SQLite in `dataDir`, its own broker, loopback on `port`
 * (0: the system picks), and the rate and SMS limits raised to `limit` through the same variables an
 * operator would set, so that a run of many sign-ins is not refused.
 */
export function localServerEnv({ dataDir, port, logLevel, limit }) {
  return {
    ...process.env,
    NODE_ENV: '',
    DATABASE_URL: '',
    MQTT_URL: '',
    DATA_DIR: dataDir,
    DIST_DIR: join(dataDir, 'no-dist'),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: logLevel,
    RATE_LIMIT_AUTH_PER_MIN: String(limit),
    RATE_LIMIT_API_PER_MIN: String(limit),
    RATE_LIMIT_ACCOUNT_PER_MIN: String(limit),
    SMS_INTERVAL_SECONDS: '0',
    SMS_PER_HOUR: '1000',
    SMS_PER_DAY: '1000',
    SMS_PER_IP_HOUR: String(limit),
  }
}

/** `method` `path` of the server at `base`, JSON in and out; the answer's data, or a throw for a refusal. */
export async function api(base, method, path, body, token) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const json = await res.json()
  if (json.code !== 0) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`)
  return json.data
}
