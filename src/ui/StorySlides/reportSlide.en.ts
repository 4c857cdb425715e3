/** The English of ./reportSlide.ts (src/i18n/texts.ts), loaded only for a reader of English. */
import type { TimeBucket } from '../../contract/report'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

export default {
  buckets: {
    morning: ['Mornings', '5–11 am', 'Your pages woke up with the sun'],
    noon: ['Midday', '11 am–2 pm', 'You kept the midday break for books'],
    afternoon: ['Afternoons', '2–6 pm', 'After school belonged to stories'],
    evening: ['Evenings', '6–10 pm', 'Quiet pages under the evening lamp'],
    night: ['Late evenings', 'after 10 pm', 'Stories kept you company at night'],
  } satisfies Record<TimeBucket, readonly [string, string, string]> as Record<TimeBucket, readonly [string, string, string]>,
  keywordLines: {
    start: 'Your reading story starts now',
    persistent: 'Day after day, reading became your habit',
    explorer: 'Your shelf holds many worlds',
    creator: 'What you read, you turned into your own words',
    bookworm: 'One book after another',
    curious: 'Every book you opened was a discovery',
  },
  slideNames: {
    cover: 'Cover',
    minutes: 'Minutes read',
    books: 'Books',
    streak: 'Longest streak',
    time: 'Favourite time',
    categories: 'Top categories',
    works: 'Works published',
    closing: 'Word of the year',
  },
  day: (month: number, day: number) => `${MONTHS[month - 1] ?? ''} ${day}`,
  cover: { eyebrow: 'Habor · Year in review', named: (name: string) => `${name}'s year in reading`, mine: 'My year in reading', swipe: 'Swipe to see the year' },
  minutes: {
    eyebrow: 'This year you read for',
    unit: 'minutes',
    hours: (hours: string, days: string) => `About ${hours} hours over ${days} days`,
    pages: (pages: string) => `${pages} pages turned`,
  },
  books: { eyebrow: 'You opened', unit: (n: number) => (n === 1 ? 'book' : 'books'), longest: 'The one you spent longest with', title: (title: string) => `“${title}”` },
  streak: { eyebrow: 'Your longest streak', unit: 'days in a row', every: 'A book every single day' },
  time: { eyebrow: 'Your favourite time to read', share: (share: number) => `${share}% of your reading happened then` },
  categories: { eyebrow: 'What you loved reading', minutes: (minutes: string) => `${minutes} min` },
  works: { eyebrow: 'You published', unit: (n: number) => (n === 1 ? 'work' : 'works'), line: 'What you read became your own voice' },
  closing: {
    startEyebrow: (year: number) => `${year}: your story`,
    eyebrow: (year: number) => `Your word for ${year}`,
    startLine: 'Open a book today, and next year’s report will be full of you',
    next: (year: number) => `On to ${year}, one page at a time`,
  },
}
