export * from './storage'
export * from './schema'
