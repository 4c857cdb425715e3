/** The browser tests' ports, derived from E2E_PORT so that two runs with different E2E_PORTs never meet (docs/running.md). */

/** At most this many workers: their ports stay below E2E_PORT + 90 (the development server and the update test sit above). */
export const MAX_WORKERS = 8

/** Worker n's server and stand-ins: E2E_PORT + 10 + 10·n and the three ports after it. */
export function workerPorts(index: number, e2ePort = Number(process.env.E2E_PORT ?? 18080)) {
  if (index >= MAX_WORKERS) throw new Error(`worker ${index}: at most ${MAX_WORKERS} browser-test workers have ports of their own`)
  const app = e2ePort + 10 + 10 * index
  return { app, wechat: app + 1, push: app + 2, pushControl: app + 3 }
}


/** The update test's own server (pwa.spec.ts), started and stopped by the test. */
export function updateTestPort(e2ePort = Number(process.env.E2E_PORT ?? 18080)): number {
  return e2ePort + 96
}
