/**
 * The sign-in forms' field labels and the messages of their checks (lib/auth/checks.ts), in both
 * languages, so that every page says the same thing the same way.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../contract/password'
import { defineTexts } from './texts'

export const formTexts = defineTexts(
  {
    phone: '手机号',
    phonePlaceholder: '请输入 11 位手机号',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    newPassword: '新密码',
    newPasswordPlaceholder: '8 位以上，含字母和数字',
    confirmPassword: '确认新密码',
    confirmPlaceholder: '再次输入新密码',
    oldPassword: '当前密码',
    code: '验证码',
    codePlaceholder: '6 位数字',
    sendCode: '获取验证码',
    resend: '{n} 秒后重发',
    codeSent: '验证码已发送',
    phoneRequired: '请输入手机号',
    phoneInvalid: '请输入正确的 11 位手机号',
    passwordRequired: '请输入密码',
    newPasswordRequired: '请输入新密码',
    confirmRequired: '请再次输入新密码',
    passwordWeak: `密码需 ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} 位，同时包含字母和数字`,
    passwordMismatch: '两次输入的密码不一致',
    passwordSame: '新密码不能与当前密码相同',
    codeRequired: '请输入验证码',
    codeInvalid: '验证码为 6 位数字',
    required: '请填写此项',
    tooLong: '最多 {n} 个字',
    toLogin: '去登录',
  },
  () => import('./formTexts.en'),
)
