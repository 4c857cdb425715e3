/**
 * The app's one live channel. Defaults: `ws(s)://<this host>/mqtt` (VITE_MQTT_URL at build time); the
 * app injects the session, refresh, toast and logout with live.configure() at start-up.
 */
import { APP_CONFIG } from '../../../manifest/app'
import { LiveChannel, loadMqtt } from './channel'

export function defaultLiveUrl(): string {
  const fromEnv = import.meta.env?.VITE_MQTT_URL as string | undefined
  if (fromEnv) return fromEnv
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/mqtt`
}

export const live = new LiveChannel({
  url: typeof location === 'undefined' ? '' : defaultLiveUrl(),
  appId: APP_CONFIG.appId,
  session: () => ({ token: '', userId: '', deviceType: 'browser' }),
  refresh: async () => {},
  notify: (text) => console.info('[live]', text),
  kickedText: () => 'account logged in on another terminal',
  onLoggedOut: () => {},
  loadMqtt,
  onError: (e) => console.warn('[live]', e.message),
})

export { LiveChannel, KICK_LOGOUT_DELAY_MS, LIVE_KEEPALIVE_S, LIVE_RECONNECT_MS, sessionTopic, type LiveDeps, type LiveMessage, type LiveSession } from './channel'
