/** The English of ./Create.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
export default {
  title: 'Making your 2023 year in reading',
  steps: ['Gathering your reading of the year', 'Adding up minutes and books', 'Finding your longest streak', 'Choosing your word of the year'],
  done: 'Done',
  progress: 'Progress',
  privacy: 'Only you can see the report until you decide to share it.',
  failed: 'The report could not be made',
  retry: 'Try again',
}
