/** The English of ./NotificationSettings.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
import { type PushKind } from '../../contract/push'

export default {
  title: 'Notifications',
  device: 'System notifications',
  on: 'On',
  off: 'Off',
  notHere: 'Not available here',
  blocked: 'Blocked in the browser',
  notHereHint: 'System notifications cannot reach this network or device (the phone cannot reach the browser’s push service, for example). In-app notifications still arrive whenever Habor is open.',
  inbox: 'All notifications',
  inboxHint: 'The switches below only control system notifications; the in-app list always shows every one.',
  retry: 'Try again',
  enable: 'Turn on',
  denied: 'Your browser blocked notifications; allow them in its site settings',
  ios: 'Add Habor to your home screen and open it from there to get notifications',
  unsupported: 'This browser cannot receive notifications',
  kinds: { task: 'Tasks from my teacher', friend: 'A friend accepts my invitation', card: 'Someone opens my card' } satisfies Record<PushKind, string>,
  failed: 'That was not saved. Please try again shortly',
  enableFailed: 'Could not turn notifications on just now',
  loading: 'Loading…',
  offline: 'Offline: these are the settings you saw last. They can be changed once you are online',
  offlineNever: 'Offline: connect to see and change your notification settings',
  cutOff: 'These are the settings you saw last. They can be changed once you are online',
  cutOffNever: 'Connect to see and change your notification settings',
}
