/** The run-time values of api.ts that its schemas are built from: a leaf both import, so neither imports the other. */
export type DeviceType = 'browser' | 'wechat' | 'mobile' | 'pad' | 'client'
export const DEVICE_TYPES: readonly DeviceType[] = ['browser', 'wechat', 'mobile', 'pad', 'client']
export type SmsScene = 'login' | 'register' | 'forget' | 'bind'
export const SMS_SCENES: readonly SmsScene[] = ['login', 'register', 'forget', 'bind']
