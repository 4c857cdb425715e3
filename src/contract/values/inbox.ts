/** The run-time values of inbox.ts that its schemas are built from: a leaf both import, so neither imports the other. */
import { PUSH_KINDS } from './push'

export const INBOX_PAGE_MAX = 50

/**
 * What an inbox entry is about: the kinds of notification Settings can turn off (PUSH_KINDS), and a
 * teacher's answers about the student's class. A class notice's Web Push counts as the kind `task`
 * (notices from the teacher) for the settings.
 */
export const INBOX_KINDS = [...PUSH_KINDS, 'class-confirmed', 'class-refused', 'class-removed'] as const
export type InboxKind = (typeof INBOX_KINDS)[number]
