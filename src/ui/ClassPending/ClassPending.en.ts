/** The English of ./ClassPending.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
export default {
  title: 'Your class waits for your teacher',
  home: 'You chose {klass}. Its tasks appear here once a teacher confirms it; if it is wrong, change it in Edit profile.',
  profile: 'You chose {klass}. Its tasks appear on Home once a teacher confirms it; a new grade or class waits for a teacher again.',
}
