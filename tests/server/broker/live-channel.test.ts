/**
 * The app's own live-channel client (src/lib/live) against the embedded broker of a real listening
 * server: it connects with the access token, subscribes to the topic the server publishes on, a login
 * from another terminal turns into the toast and the logout, and the close at token expiry leads to a
 * refresh and a reconnect with the new token.
 */
import { expect, it } from 'vitest'
import { call, passwordLogin, type Pair } from '../support/helpers'
import { appChannel, listeningApp, SETTLE_MS, until, userIdOf } from '../support/broker'

it('is kicked through the embedded broker when the account signs in on another terminal', async () => {
  const { app, url } = await listeningApp()
  const first = await passwordLogin(app, { deviceCode: 'device-a' })
  const userId = await userIdOf(app, first.token)
  const events: string[] = []
  const channel = appChannel(url, () => ({ token: first.token, userId }), {
    notify: (text) => events.push(`toast:${text}`),
    onLoggedOut: () => events.push('logout'),
    onError: (e) => events.push(`error:${e.message}`),
  })
  try {
    await channel.open()
    expect(channel.isOpen()).toBe(true)
    await passwordLogin(app, { deviceCode: 'device-b' })
    await until(() => events.length >= 2, SETTLE_MS, 'the toast and the logout')
    expect(events).toEqual(['toast:account logged in on another terminal', 'logout'])
  } finally {
    await channel.close()
  }
})

it('the close at token expiry makes the app refresh and reconnect with the new token', async () => {
  // Real time on the server too: the token must really expire. 4 s: the refreshed token must outlive the
  // app's 2 s reconnect delay (token times are whole seconds).
  const { app, url } = await listeningApp({ accessTtlSeconds: 4, clock: Date.now })
  const session: Pair = await passwordLogin(app)
  const userId = await userIdOf(app, session.token)
  const broker = app.broker.embedded!
  let subscriptions = 0
  broker.aedes.on('subscribe', () => subscriptions++)
  const refreshed: string[] = []
  const channel = appChannel(url, () => ({ token: session.token, userId }), {
    refresh: async (stale) => {
      refreshed.push(stale)
      const r = await call<Pair>(app, 'GET', '/refresh', { token: session.refreshToken })
      Object.assign(session, r.body.data)
    },
  })
  try {
    const first = session.token
    await channel.open()
    await until(() => subscriptions >= 2 && channel.isOpen(), 12_000, 'the reconnect after expiry')
    expect(refreshed).toEqual([first])
    expect(session.token).not.toBe(first)
    expect(broker.connectedClients).toBe(1)
  } finally {
    await channel.close()
  }
})
