/** A student registered through the API for one test (SMS sign-in, then Improve), so the demo accounts stay untouched. */
import type { APIRequestContext } from '@playwright/test'
import type { TokenPair } from './session'
import { smsCode } from './smsOutbox'

export const APP_HEADERS = { 'App-ID': 'jsj-habor' }
/** 14 or older at any test clock, so no guardian's consent is asked (docs/privacy.md). */
export const ADULT_BIRTH = { year: 2008, month: 1 }

export async function registerStudent(
  request: APIRequestContext,
  phone: string,
  deviceCode: string,
  profile: { name: string; grade: string; className: string; orgCode: string; birth?: { year: number; month: number } },
): Promise<TokenPair> {
  const device = { deviceType: 'mobile', deviceCode, appId: 'jsj-habor' }
  await request.post('/api/sms/code', { headers: APP_HEADERS, data: { username: phone, scene: 'login' } })
  const sms = await request.post('/api/login/sms', { headers: APP_HEADERS, data: { username: `+86${phone}`, code: await smsCode(request, phone), isAdmin: false, ...device } })
  const temp = ((await sms.json()) as { data: { token: string } }).data.token
  const done = await request.put('/api/auth/student/improve', { headers: { ...APP_HEADERS, Authorization: `Bearer ${temp}` }, data: { birth: ADULT_BIRTH, ...profile } })
  return ((await done.json()) as { data: TokenPair }).data
}
