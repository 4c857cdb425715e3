/** Wires the network layer to the stores, the overlay and navigation; the live channel (and mqtt.js) loads only once a session with a user exists. */
import { subscribe } from 'valtio'
import type { MessageKey } from '../i18n/messages'
import { translate } from '../i18n/i18n'
import { configureHttp, type HttpText } from '../lib/http/config'
import { read } from '../lib/storage'
import { appState } from '../state/app'
import { authState, clearSession, setTokens } from '../state/auth'
import { hideLoading, showLoading, showToast } from '../ui/Overlay/overlay'
import { replaceAll } from './navigation'

const HTTP_TEXT: Record<HttpText, MessageKey> = { loading: 'app.loading', expired: 'auth.expired', noLogin: 'auth.noLogin' }
const t = (key: MessageKey) => translate(appState.lang, key)

function loggedOut(): void {
  clearSession()
  void replaceAll('/login')
}

let live: Promise<typeof import('../lib/live')> | undefined
function syncLive(): void {
  if (!live && !(authState.token && authState.userInfo?.id)) return
  live ??= Promise.all([import('../lib/live'), import('../lib/http/refresh')]).then(([m, r]) => {
    m.live.configure({
      session: () => ({ token: authState.token, userId: authState.userInfo?.id ?? '', deviceType: appState.deviceType }),
      refresh: (stale) => r.refreshSession(stale),
      notify: (text) => showToast(text),
      kickedText: () => t('auth.kicked'),
      onLoggedOut: loggedOut,
    })
    return m
  })
  void live.then((m) => m.live.sync())
}

export function wireNetwork(): void {
  configureHttp({
    session: {
      get: () => ({
        token: authState.token,
        refreshToken: authState.refreshToken,
        tempToken: authState.tempToken,
        orgId: authState.org?.id,
        studentId: authState.userInfo?.studentId,
      }),
      persisted: () => ({ token: read('token') ?? '', refreshToken: read('refreshToken') ?? '' }),
      setTokens,
    },
    notify: (text) => showToast(text),
    showLoading,
    hideLoading,
    onLoggedOut: loggedOut,
    text: (key) => t(HTTP_TEXT[key]),
  })
  subscribe(authState, syncLive)
  syncLive()
}
