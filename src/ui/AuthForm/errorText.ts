/** A failed call in words (zh-Hans and English): the server's refusals, with the wait of a rate limit, and the network's failures. */
import type { Lang } from '../../../manifest/app'
import { CODE } from '../../contract/codes'
import { isRecord } from '../../contract/guards'
import { isRequestError, retryAfterOf } from '../../lib/http/errors'
import { defineTexts } from '../../i18n/texts'

/** The server's refusals by code, and the messages the client composes, in both languages (the English held to the Chinese keys). */
const texts = defineTexts(
  {
    codes: {
      [CODE.PARAM_INVALID]: '填写的内容有误，请检查后重试',
      [CODE.USER_EXISTS]: '该手机号已注册',
      [CODE.PASSWORD_INVALID]: '手机号或密码不正确',
      [CODE.ACCOUNT_DISABLED]: '账号已停用，请联系学校老师',
      [CODE.USER_NOT_FOUND]: '账号不存在',
      [CODE.SMS_CODE_INVALID]: '验证码不正确或已过期',
      [CODE.ORG_NOT_IDENTIFIED]: '没有找到这个机构代码',
      [CODE.SERVICE_ERROR]: '服务暂时不可用，请稍后再试',
    },
    seconds: (n: number) => `${n} 秒`,
    minutes: (n: number) => `${n} 分钟`,
    passwordLocked: (after: string) => `密码错误次数过多，请 ${after}后再试；也可以用短信验证码登录，或通过“忘记密码”重设`,
    tooMany: (after: string) => `操作太频繁，请 ${after}后再试`,
    portal: '当前 Wi-Fi 需要先登录认证，认证后再试',
    unreachable: '连不上服务器，当前 Wi-Fi 可能需要先登录认证，认证后再试',
    network: '网络不给力，请检查网络后重试',
    codeUsedUp: '验证码错误次数过多，已失效，请重新获取验证码',
    currentPassword: '当前密码不正确',
    passwordsLocked: (text: string) => `${text}。密码已暂时锁定，可用短信验证码登录或“忘记密码”重设`,
    triesLeft: (text: string, left: number) => `${text}，还可以再试 ${left} 次`,
    unknown: '出了点问题，请稍后再试',
  },
  () => import('./errorText.en'),
)

/** Where a refusal is shown: a wrong password means "the current password" on the change-password form. */
export type ErrorContext = 'sign-in' | 'change-password'

const dataOf = (e: unknown): Record<string, unknown> => (isRequestError(e) && isRecord(e.data) ? e.data : {})

/** A wait in words: seconds under two minutes, whole minutes above. */
function waitText(t: (typeof texts)['zh'], seconds: number): string {
  return seconds < 120 ? t.seconds(seconds) : t.minutes(Math.ceil(seconds / 60))
}

export function errorText(lang: Lang, e: unknown, context: ErrorContext = 'sign-in'): string {
  const t = texts(lang)
  const data = dataOf(e)
  if (isRequestError(e) && e.statusCode === 429) {
    const after = waitText(t, retryAfterOf(e) ?? 60)
    return data.reason === 'password-locked' ? t.passwordLocked(after) : t.tooMany(after)
  }
  if (isRequestError(e)) {
    if (e.kind === 'portal') return t.portal
    // No answer at all while the browser says it is online: a Wi-Fi sign-in page that redirects (or breaks
    // TLS) looks exactly like this, as does a server that cannot be reached (docs/offline.md "Cut off").
    if (e.kind === 'network' && globalThis.navigator?.onLine !== false) return t.unreachable
    if (e.kind === 'network' || e.kind === 'timeout') return t.network
    if (e.code === CODE.SMS_CODE_INVALID && data.reason === 'used-up') return t.codeUsedUp
    if (e.code === CODE.PASSWORD_INVALID) {
      const text = context === 'change-password' ? t.currentPassword : t.codes[CODE.PASSWORD_INVALID]
      const left = typeof data.triesLeft === 'number' ? data.triesLeft : undefined
      if (left === undefined || left > 5) return text
      return left === 0 ? t.passwordsLocked(text) : t.triesLeft(text, left)
    }
    const known = typeof e.code === 'number' ? (t.codes as Partial<Record<number, string>>)[e.code] : undefined
    if (known) return known
    if (e.message) return e.message
  }
  return t.unknown
}
