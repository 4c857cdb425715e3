/**
 * The app's own live-channel client (src/lib/live) against the embedded broker of a real listening
 * server: it connects with the access token, subscribes to the topic the server publishes on, and a
 * login from another terminal turns into the toast and the logout.
 */
import { expect, it } from 'vitest'
import { LiveChannel, loadMqtt } from '../../src/lib/live/channel'
import { passwordLogin } from './helpers'
import { listeningApp, until, userIdOf } from './broker-helpers'

it('is kicked through the embedded broker when the account signs in on another terminal', async () => {
  const { app, url } = await listeningApp()
  const first = await passwordLogin(app, { deviceCode: 'device-a' })
  const userId = await userIdOf(app, first.token)
  const events: string[] = []
  const channel = new LiveChannel({
    url,
    appId: 'jsj-habor',
    session: () => ({ token: first.token, userId, deviceType: 'browser' }),
    refresh: async () => undefined,
    notify: (text) => events.push(`toast:${text}`),
    kickedText: () => 'account logged in on another terminal',
    onLoggedOut: () => events.push('logout'),
    loadMqtt,
    onError: (e) => events.push(`error:${e.message}`),
  })
  try {
    await channel.open()
    expect(channel.isOpen()).toBe(true)
    await passwordLogin(app, { deviceCode: 'device-b' })
    await until(() => events.length >= 2, 5000, 'the toast and the logout')
    expect(events).toEqual(['toast:account logged in on another terminal', 'logout'])
  } finally {
    await channel.close()
  }
})
