/** The English of ./confirmLogout.ts (src/i18n/texts.ts), loaded only for a reader of English. */
export default {
  card: (to: string) => `a card for ${to || 'Mum'}`,
  report: "your report's sharing",
  taskDone: 'a task marked done',
  taskRead: 'a task opened',
  assignTask: (title: string) => `the task “${title}”`,
  profile: 'a profile change',
  cardDelete: 'a card deleted',
  waiting: (n: number, what: string) =>
    `${n} ${n === 1 ? 'change has' : 'changes have'} not been sent yet: ${what}. If you log out they stay on this device and are sent when this account signs in again. You can wait for them to be sent first.`,
  wait: 'Wait for them',
  anyway: 'Log out anyway',
  sep: ', ',
}
