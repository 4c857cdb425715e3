/** Server refusals in words for the sign-in pages (zh-Hans and English), with the wait of a rate limit. */
import type { Lang } from '../../../manifest/app'
import { CODE } from '../../contract/codes'
import { isRequestError } from '../http/errors'

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

/** Seconds to wait from a 429's data.retryAfter, if the error is one. */
export function retryAfterOf(e: unknown): number | undefined {
  if (!isRequestError(e) || e.statusCode !== 429) return undefined
  const data = e.data as { retryAfter?: unknown } | undefined
  return typeof data?.retryAfter === 'number' ? Math.max(1, Math.ceil(data.retryAfter)) : undefined
}

export function errorText(lang: Lang, e: unknown): string {
  const zhLang = lang === 'zh-Hans'
  const wait = retryAfterOf(e)
  if (isRequestError(e) && e.statusCode === 429) {
    return zhLang ? `操作太频繁，请 ${wait ?? 60} 秒后再试` : `Too many tries. Please try again in ${wait ?? 60} s`
  }
  if (isRequestError(e)) {
    if (e.kind === 'network' || e.kind === 'timeout') return zhLang ? '网络不给力，请检查网络后重试' : 'Network problem. Check your connection and try again'
    const known = typeof e.code === 'number' ? (zhLang ? zh : en)[e.code] : undefined
    if (known) return known
    if (e.message) return e.message
  }
  return zhLang ? '出了点问题，请稍后再试' : 'Something went wrong. Please try again'
}
