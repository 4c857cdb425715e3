/** Login's own words (the shared field texts are in lib/auth/form.ts). */
import type { Lang } from '../../../manifest/app'

const zh = {
  tabs: '登录方式',
  tabPassword: '密码登录',
  tabSms: '验证码登录',
  submit: '登录',
  submitting: '正在登录…',
  forgot: '忘记密码？',
  smsHint: '未注册的手机号验证后将自动注册',
  agreePrefix: '我已阅读并同意',
  agreement: '《用户协议》',
  and: '和',
  privacy: '《隐私政策》',
  agreeRequired: '请先阅读并勾选同意用户协议和隐私政策',
  or: '其他登录方式',
  oauth: '统一身份认证登录',
  oauthBusy: '正在跳转…',
  oauthReturning: '正在完成第三方登录…',
  wxReturning: '正在通过微信登录…',
  wxFailed: '微信登录没有成功，请从小程序重新进入，或用手机号登录',
  welcome: '欢迎回来',
}
export type LoginTexts = typeof zh
const en: LoginTexts = {
  tabs: 'Ways to log in',
  tabPassword: 'Password',
  tabSms: 'SMS code',
  submit: 'Log in',
  submitting: 'Logging in…',
  forgot: 'Forgot password?',
  smsHint: 'A new number is registered once it is verified',
  agreePrefix: 'I have read and agree to the ',
  agreement: 'User Agreement',
  and: ' and the ',
  privacy: 'Privacy Policy',
  agreeRequired: 'Please read and accept the User Agreement and Privacy Policy first',
  or: 'Or log in with',
  oauth: 'Single sign-on',
  oauthBusy: 'Opening…',
  oauthReturning: 'Finishing single sign-on…',
  wxReturning: 'Logging in with WeChat…',
  wxFailed: 'WeChat login did not work. Open the page from the mini-programme again, or log in with your phone number',
  welcome: 'Welcome back',
}
export const loginTexts = (lang: Lang): LoginTexts => (lang === 'zh-Hans' ? zh : en)
