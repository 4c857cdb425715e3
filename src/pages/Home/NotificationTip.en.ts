/** The English of ./NotificationTip.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
export default {
  title: 'Turn on notifications',
  text: 'Hear at once when your teacher sets a task, a friend accepts your invitation or someone opens your card.',
  ios: 'Want notifications on your iPhone? Tap Safari’s Share button, choose “Add to Home Screen”, then open Habor from your home screen.',
  enable: 'Turn on',
  close: 'Close the notification tip',
  denied: 'Notifications are off. To turn them on later, allow them in your browser’s site settings.',
  failed: 'Could not turn notifications on just now. Try again later in Settings',
  on: 'Notifications are on',
  unavailable: 'System notifications are not available on this network or device. In-app notifications still arrive: you will see them whenever Habor is open.',
}
