/** The run-time values of api.ts that its schemas are built from: a leaf both import, so neither imports the other. */
export type DeviceType = 'browser' | 'wechat' | 'mobile' | 'pad' | 'client'
export const DEVICE_TYPES: readonly DeviceType[] = ['browser', 'wechat', 'mobile', 'pad', 'client']
/** `guardian`: a guardian's code (src/contract/guardian.ts), sent only by the guardian calls, never by /sms/code. */
export type SmsScene = 'login' | 'register' | 'forget' | 'bind' | 'guardian'
/** The scenes POST /sms/code sends. */
export const SMS_SCENES: readonly Exclude<SmsScene, 'guardian'>[] = ['login', 'register', 'forget', 'bind']
/** A scene the app asks a code for with POST /sms/code. */
export type SentScene = (typeof SMS_SCENES)[number]
