/** Home's line icons, one set for the page and its sections: a 24-unit path drawn with the text colour. */
export const ICONS = {
  reading: 'M6 5h9a3 3 0 013 3v11H9a3 3 0 01-3-3zM6 16a3 3 0 013-3h9',
  works: 'M5 19l1-4L16 5l3 3L9 18zM14 7l3 3',
  tasks: 'M8 6h11M8 12h11M8 18h11M4 6h.01M4 12h.01M4 18h.01',
  report: 'M5 19V9M10 19V5M15 19v-7M20 19v-4',
  invite: 'M15 19v-1a4 4 0 00-4-4H7a4 4 0 00-4 4v1M9 10a3 3 0 100-6 3 3 0 000 6zM19 8v6M22 11h-6',
  motherday: 'M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z',
  settings:
    'M12 15a3 3 0 100-6 3 3 0 000 6zM19 12l2-1-1-3-2 .2-1.4-1.4.2-2-3-1-1 2h-2l-1-2-3 1 .2 2L6.6 7.2 4.6 7 3.6 10l2 1v2l-2 1 1 3 2-.2 1.4 1.4-.2 2 3 1 1-2h2l1 2 3-1-.2-2 1.4-1.4 2 .2 1-3-2-1z',
  profile: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 20a8 8 0 0116 0',
  password: 'M6 11h12v9H6zM8 11V8a4 4 0 018 0v3',
} as const

export type IconName = keyof typeof ICONS

export function Icon({ name }: { name: IconName }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d={ICONS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
