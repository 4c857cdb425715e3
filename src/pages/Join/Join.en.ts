/** The English of ./Join.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
export default {
  eyebrow: 'Habor · Year in review',
  title: 'My 2023 in reading',
  lead: 'Every time you read this year, turned into story cards you can swipe through.',
  invited: '{name} invited you to look back on 2023 together',
  invitedAnon: 'A friend invited you to look back on 2023 together',
  inside: 'What is inside',
  items: [
    ['Time', 'How many minutes and books you read'],
    ['Streak', 'Your longest run of reading days'],
    ['When', 'The time of day you like to read'],
    ['Topics', 'The kinds of books you loved'],
    ['Works', 'What you published, and your word of the year'],
  ],
  privacyTitle: 'Yours alone',
  privacy: 'Only you can see it once it is made. Hide any slide, then decide whether to share.',
  start: 'Create my year in review',
  loginStart: 'Log in to create my report',
  history: 'My reports',
}
