/** The request contract shared by the app and the server. */
export * from './api'
export * from './codes'
export * from './password'
export * from './phone'
export * from './sign'
