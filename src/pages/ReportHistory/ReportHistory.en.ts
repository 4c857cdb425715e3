/** The English of ./ReportHistory.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
export default {
  name: 'Year in review {year}',
  made: 'Made {date}',
  refreshed: 'Updated {date}',
  shared: 'Shared',
  private: 'Only you',
  hidden: '{n} hidden from others',
  pages: '{n} slides',
  open: 'Open',
  emptyTitle: 'No reports yet',
  empty: 'Turn your 2023 reading into your first report.',
  create: 'Create my 2023 report',
  refresh: 'Refresh my 2023 report',
  failed: 'Could not load your reports',
  retry: 'Retry',
}
