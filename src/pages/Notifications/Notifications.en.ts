/** The English of ./Notifications.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
import type { InboxKind } from '../../contract/inbox'

export default {
  readAll: 'Mark all read',
  unreadOne: '1 unread',
  unread: '{n} unread',
  allRead: 'No unread notifications',
  more: 'Show earlier notifications',
  end: 'No earlier notifications',
  emptyTitle: 'No notifications yet',
  empty: 'When your teacher sets a task, a friend accepts your invitation or someone opens your card, you will see it here.',
  failed: 'Could not load your notifications',
  retry: 'Retry',
  failedAction: 'That did not work. Please try again shortly',
  newMark: 'Unread',
  kinds: { task: 'Task', friend: 'Friend', card: 'Card', 'class-confirmed': 'Class', 'class-refused': 'Class', 'class-removed': 'Class' } satisfies Record<InboxKind, string>,
  justNow: 'Just now',
  minutes: '{n} min ago',
  yesterday: 'Yesterday {time}',
}
