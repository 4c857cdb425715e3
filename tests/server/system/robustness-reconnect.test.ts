/**
 * A dropped live channel heals: the server cuts a signed-in terminal's TCP connection (no MQTT or
 * WebSocket goodbye, as a lost network would), the app's client reconnects by itself, subscribes again,
 * and a login from another terminal still kicks it.
 */
import { expect, it } from 'vitest'
import { LIVE_RECONNECT_MS } from '../../../src/lib/live/channel'
import { passwordLogin } from '../support/helpers'
import { appChannel, listeningApp, SETTLE_MS, until, userIdOf } from '../support/broker'

it('a cut connection reconnects and is still kicked', async () => {
  const { app, url } = await listeningApp()
  const first = await passwordLogin(app, { deviceCode: 'device-a' })
  const userId = await userIdOf(app, first.token)
  const broker = app.broker.embedded!
  let subscriptions = 0
  broker.aedes.on('subscribe', () => subscriptions++)
  const events: string[] = []
  const channel = appChannel(url, () => ({ token: first.token, userId }), {
    notify: () => events.push('toast'),
    onLoggedOut: () => events.push('logout'),
  })
  try {
    await channel.open()
    expect(subscriptions).toBe(1)

    for (const socket of app.websocketServer.clients) socket.terminate()
    await until(() => !channel.isOpen(), SETTLE_MS, 'the client to notice the cut')
    await until(() => channel.isOpen() && subscriptions === 2, LIVE_RECONNECT_MS + 5000, 'the reconnect and the new subscription')
    expect(broker.connectedClients).toBe(1)

    await passwordLogin(app, { deviceCode: 'device-b' })
    await until(() => events.length >= 2, SETTLE_MS, 'the kick after the reconnect')
    expect(events).toEqual(['toast', 'logout'])
  } finally {
    await channel.close()
  }
})
