/** A failed call in words (zh-Hans and English): the server's refusals, with the wait of a rate limit, and the network's failures. */
import type { Lang } from '../../../manifest/app'
import { CODE } from '../../contract/codes'
import { isRequestError, retryAfterOf } from '../../lib/http/errors'

const zh: Record<number, string> = {
  [CODE.PARAM_INVALID]: '填写的内容有误，请检查后重试',
  [CODE.USER_EXISTS]: '该手机号已注册',
  [CODE.PASSWORD_INVALID]: '手机号或密码不正确',
  [CODE.ACCOUNT_DISABLED]: '账号已停用，请联系学校老师',
  [CODE.USER_NOT_FOUND]: '账号不存在',
  [CODE.SMS_CODE_INVALID]: '验证码不正确或已过期',
  [CODE.ORG_NOT_IDENTIFIED]: '没有找到这个机构代码',
  [CODE.SERVICE_ERROR]: '服务暂时不可用，请稍后再试',
}
const en: Record<number, string> = {
  [CODE.PARAM_INVALID]: 'Something you entered is not valid. Please check and try again',
  [CODE.USER_EXISTS]: 'This phone number is already registered',
  [CODE.PASSWORD_INVALID]: 'The phone number or password is not correct',
  [CODE.ACCOUNT_DISABLED]: 'This account is disabled. Please contact your school',
  [CODE.USER_NOT_FOUND]: 'This account does not exist',
  [CODE.SMS_CODE_INVALID]: 'The code is wrong or has expired',
  [CODE.ORG_NOT_IDENTIFIED]: 'No organisation has this code',
  [CODE.SERVICE_ERROR]: 'The service is unavailable. Please try again later',
}

/** Where a refusal is shown: a wrong password means "the current password" on the change-password form. */
export type ErrorContext = 'sign-in' | 'change-password'

const dataOf = (e: unknown): Record<string, unknown> => (isRequestError(e) && typeof e.data === 'object' && e.data !== null ? (e.data as Record<string, unknown>) : {})

/** A wait in words: seconds under two minutes, whole minutes above. */
function waitText(zhLang: boolean, seconds: number): string {
  if (seconds < 120) return zhLang ? `${seconds} 秒` : `${seconds} s`
  const minutes = Math.ceil(seconds / 60)
  return zhLang ? `${minutes} 分钟` : `${minutes} minutes`
}

export function errorText(lang: Lang, e: unknown, context: ErrorContext = 'sign-in'): string {
  const zhLang = lang === 'zh-Hans'
  const wait = retryAfterOf(e)
  const data = dataOf(e)
  if (isRequestError(e) && e.statusCode === 429) {
    const after = waitText(zhLang, wait ?? 60)
    if (data.reason === 'password-locked') {
      return zhLang
        ? `密码错误次数过多，请 ${after}后再试；也可以用短信验证码登录，或通过“忘记密码”重设`
        : `Too many wrong passwords. Try again in ${after}, sign in with an SMS code, or reset it with “Forgot password”`
    }
    return zhLang ? `操作太频繁，请 ${after}后再试` : `Too many tries. Please try again in ${after}`
  }
  if (isRequestError(e)) {
    if (e.kind === 'portal') return zhLang ? '当前 Wi-Fi 需要先登录认证，认证后再试' : 'This Wi-Fi needs you to sign in first. Sign in to it, then try again'
    // No answer at all while the browser says it is online: a Wi-Fi sign-in page that redirects (or breaks
    // TLS) looks exactly like this, as does a server that cannot be reached (docs/offline.md "Cut off").
    if (e.kind === 'network' && globalThis.navigator?.onLine !== false) {
      return zhLang ? '连不上服务器，当前 Wi-Fi 可能需要先登录认证，认证后再试' : "Can't reach the server. This Wi-Fi may need you to sign in first, then try again"
    }
    if (e.kind === 'network' || e.kind === 'timeout') return zhLang ? '网络不给力，请检查网络后重试' : 'Network problem. Check your connection and try again'
    if (e.code === CODE.SMS_CODE_INVALID && data.reason === 'used-up') {
      return zhLang ? '验证码错误次数过多，已失效，请重新获取验证码' : 'Too many wrong tries: this code no longer works. Get a new code'
    }
    if (e.code === CODE.PASSWORD_INVALID) {
      const table = zhLang ? zh : en
      const text = context === 'change-password' ? (zhLang ? '当前密码不正确' : 'The current password is not correct') : table[CODE.PASSWORD_INVALID]!
      const left = typeof data.triesLeft === 'number' ? data.triesLeft : undefined
      if (left === undefined || left > 5) return text
      if (left === 0) return zhLang ? `${text}。密码已暂时锁定，可用短信验证码登录或“忘记密码”重设` : `${text}. Passwords are locked for a while: sign in with an SMS code or use “Forgot password”`
      return zhLang ? `${text}，还可以再试 ${left} 次` : `${text}. ${left} ${left === 1 ? 'try' : 'tries'} left`
    }
    const known = typeof e.code === 'number' ? (zhLang ? zh : en)[e.code] : undefined
    if (known) return known
    if (e.message) return e.message
  }
  return zhLang ? '出了点问题，请稍后再试' : 'Something went wrong. Please try again'
}
