/** The English of ./SeenAt.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
export default { offline: 'Offline: showing what you saw at {time}', cutOff: 'Showing what you saw at {time}' }
