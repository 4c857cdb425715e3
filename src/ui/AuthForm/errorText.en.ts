/** The English of ./errorText.ts (src/i18n/texts.ts), loaded only for a reader of English. */
import { CODE } from '../../contract/codes'

export default {
  codes: {
    [CODE.PARAM_INVALID]: 'Something you entered is not valid. Please check and try again',
    [CODE.USER_EXISTS]: 'This phone number is already registered',
    [CODE.PASSWORD_INVALID]: 'The phone number or password is not correct',
    [CODE.ACCOUNT_DISABLED]: 'This account is disabled. Please contact your school',
    [CODE.USER_NOT_FOUND]: 'This account does not exist',
    [CODE.SMS_CODE_INVALID]: 'The code is wrong or has expired',
    [CODE.ORG_NOT_IDENTIFIED]: 'No organisation has this code',
    [CODE.SERVICE_ERROR]: 'The service is unavailable. Please try again later',
  },
  seconds: (n: number) => `${n} s`,
  minutes: (n: number) => `${n} minutes`,
  passwordLocked: (after: string) => `Too many wrong passwords. Try again in ${after}, sign in with an SMS code, or reset it with “Forgot password”`,
  tooMany: (after: string) => `Too many tries. Please try again in ${after}`,
  portal: 'This Wi-Fi needs you to sign in first. Sign in to it, then try again',
  unreachable: "Can't reach the server. This Wi-Fi may need you to sign in first, then try again",
  network: 'Network problem. Check your connection and try again',
  codeUsedUp: 'Too many wrong tries: this code no longer works. Get a new code',
  currentPassword: 'The current password is not correct',
  passwordsLocked: (text: string) => `${text}. Passwords are locked for a while: sign in with an SMS code or use “Forgot password”`,
  triesLeft: (text: string, left: number) => `${text}. ${left} ${left === 1 ? 'try' : 'tries'} left`,
  unknown: 'Something went wrong. Please try again',
}
