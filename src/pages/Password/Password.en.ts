/** The English of ./Password.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
export default {
  leadNew: 'With a password you can also log in with your phone number and password',
  leadChange: 'Other devices signed in to this account will be logged out',
  submit: 'Save password',
  skip: 'Later',
  done: 'Password saved',
  none: 'Log in or register with an SMS code first',
  changeTitle: 'Change password',
}
