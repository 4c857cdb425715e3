/** The English of ./GuardianCodeFields.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
export default { sendCode: 'Send code', resend: 'Resend in {n} s' }
