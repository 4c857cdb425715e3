/** The run-time values of push.ts that its schemas are built from: a leaf both import, so neither imports the other. */
/** What a notification is about; each can be turned off in Settings. */
export const PUSH_KINDS = ['task', 'friend', 'card'] as const
export type PushKind = (typeof PUSH_KINDS)[number]
