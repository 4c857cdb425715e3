/** The English of ./ConfirmDelete.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
export default { step: 'Confirm account deletion', byPassword: 'Enter your current password to confirm', byCode: 'We will send a code to {phone}; enter it to confirm', confirm: 'Delete my account', cancel: 'Cancel' }
