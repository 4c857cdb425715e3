/** The run-time values of content.ts that its schemas are built from: a leaf both import, so neither imports the other. */
export type ContentKind = 'opus' | 'read' | 'task' | 'sound'
export const CONTENT_KINDS: readonly ContentKind[] = ['opus', 'read', 'task', 'sound']
/** Ids are uuids, or the fixed demo ids: letters, digits and dashes. */
export const CONTENT_ID_PATTERN = '^[A-Za-z0-9-]{1,64}$'
