/** The English of ./Forget.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
export default {
  lead: 'Verify your phone number, then choose a new password',
  unknown: 'If this number has no account yet, the text message says so; log in with an SMS code to register.',
  submit: 'Reset password',
  done: 'Password reset. Log in with your new password',
}
