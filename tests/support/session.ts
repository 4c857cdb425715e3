/** A real session of the demo student, stored the way the app stores it, so the next launch resumes it. */
import type { APIRequestContext, Page } from '@playwright/test'
import AES from 'crypto-js/aes.js'

export const DEMO_STUDENT = { phone: '13800138000', password: 'Passw0rd!' }

/** A stored value as the app's storage module writes it: AES of {v, data} under the development key. */
export function storedValue(data: unknown, version = 1): string {
  return AES.encrypt(JSON.stringify({ v: version, data }), 'jsj-habor-dev-storage').toString()
}

export interface TokenPair {
  token: string
  refreshToken: string
}

/** Logs the demo student in through the API and has every later page load start with that session. */
export async function resumeDemoSession(page: Page, request: APIRequestContext, deviceCode: string): Promise<void> {
  const login = await request.post('/api/login', {
    headers: { 'App-ID': 'jsj-habor' },
    data: { username: DEMO_STUDENT.phone, password: DEMO_STUDENT.password, deviceType: 'mobile', deviceCode, appId: 'jsj-habor' },
  })
  const { data: pair } = (await login.json()) as { data: TokenPair }
  await resumeSession(page, pair)
}

/** Has the first page load of this page start with the session (later loads keep what the app stored). */
export async function resumeSession(page: Page, pair: TokenPair): Promise<void> {
  await page.addInitScript(
    ({ token, refresh }) => {
      if (sessionStorage.getItem('e2e-session-set')) return
      sessionStorage.setItem('e2e-session-set', '1')
      localStorage.setItem('jsj_habor_token', token)
      localStorage.setItem('jsj_habor_refreshToken', refresh)
    },
    { token: storedValue(pair.token), refresh: storedValue(pair.refreshToken) },
  )
}
