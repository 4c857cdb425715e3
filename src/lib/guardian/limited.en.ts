/** The English of ./limited.ts (src/i18n/texts.ts), loaded only for a reader of English. */
export default {
  'guardian-consent': 'You are under 14: a parent or guardian must agree before you can share publicly or upload recordings. Ask them on the Guardian consent page.',
  'age-unknown': 'Please give your month and year of birth first. Under 14, a parent or guardian must agree before you can share publicly.',
  ask: 'Ask a guardian',
}
