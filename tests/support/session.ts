/** A real session of the demo student, stored the way the app stores it, so the next launch resumes it. */
import type { APIRequestContext, Page } from '@playwright/test'
import AES from 'crypto-js/aes.js'

export const DEMO_STUDENT = { phone: '13800138000', password: 'Passw0rd!' }
/** The demo teacher of 七年级 2班, the demo student's class. */
export const DEMO_TEACHER = { phone: '13600136000', password: 'Passw0rd!' }

/** A stored value as the app's storage module writes it: AES of {v, data} under the development key. */
export function storedValue(data: unknown, version = 1): string {
  return AES.encrypt(JSON.stringify({ v: version, data }), 'jsj-habor-dev-storage').toString()
}

export interface TokenPair {
  token: string
  refreshToken: string
}

/** Signs an account in by password through the API, on a device of its own. */
export async function apiLogin(request: APIRequestContext, who: { phone: string; password: string }, deviceCode: string, deviceType = 'mobile'): Promise<TokenPair> {
  const r = await request.post('/api/login', { headers: { 'App-ID': 'jsj-habor' }, data: { username: who.phone, password: who.password, deviceType, deviceCode, appId: 'jsj-habor' } })
  return ((await r.json()) as { data: TokenPair }).data
}

/** Logs the demo student in through the API and has every later page load start with that session. */
export async function resumeDemoSession(page: Page, request: APIRequestContext, deviceCode: string): Promise<void> {
  await resumeSession(page, await apiLogin(request, DEMO_STUDENT, deviceCode))
}

/**
 * What `npm run demo:task` does (scripts/demo-task.mjs): the demo teacher, signed in on a pad, sets 七年级
 * 2班 a task. Returns its id.
 */
export async function assignClassTask(
  request: APIRequestContext,
  deviceCode: string,
  task: { title: string; brief: string; dueAt?: number },
): Promise<string> {
  const teacher = await apiLogin(request, DEMO_TEACHER, deviceCode, 'pad')
  const r = await request.post('/api/tasks', {
    headers: { 'App-ID': 'jsj-habor', Authorization: `Bearer ${teacher.token}` },
    data: { orgCode: 'DEMO', grade: '七年级', className: '2班', publisherName: '李老师', ...task },
  })
  const body = (await r.json()) as { code: number; data: { id: string } }
  if (body.code !== 0) throw new Error(`the demo teacher's task was refused: ${JSON.stringify(body)}`)
  return body.data.id
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
