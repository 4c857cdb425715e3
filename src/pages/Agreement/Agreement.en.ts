/** The English of ./Agreement.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
import en from './agreement.en.json'

export default { ...en, privacyTitle: 'Privacy policy', childrenTitle: "Children's rules", contents: 'Contents' }
