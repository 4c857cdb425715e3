/** Login's own words (the field texts it shares with the other sign-in forms are in i18n/formTexts.ts). */
import { defineTexts } from '../../i18n/texts'

export const loginTexts = defineTexts(
  {
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
    kicked: '账号已在其他终端登录，这里已退出。如果不是你本人操作，请登录后修改密码。',
    expired: '登录已过期，请重新登录。',
    disabled: '这个账号已被学校停用，这里已退出。如有疑问，请联系学校老师。',
    invitedBy: '{name} 邀请你一起阅读',
    invited: '你收到了一份阅读邀请',
    invitedOrg: '加入 {org}',
    invitedHow: '用手机号获取验证码即可注册',
  },
  () => import('./texts.en'),
)
