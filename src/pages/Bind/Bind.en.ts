/** The English of ./Bind.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
export default {
  title: 'Bind your phone',
  lead: 'Bind your phone number to keep your account safe and to recover it. A number that already has an account joins that account.',
  submit: 'Bind and continue',
  none: 'This step has expired. Please log in again',
}
