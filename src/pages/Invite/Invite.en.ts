/** The English of ./Invite.tsx (src/i18n/texts.ts), loaded only for a reader of English. */
export default {
  lead: 'Invite classmates to read with you: they enter your code when they sign up',
  myCode: 'My invitation code',
  copyCode: 'Copy code',
  link: 'Invitation link',
  qr: 'Invitation QR code: scan to open the invitation link',
  qrHint: 'Let a friend scan it with their phone',
  share: 'Share invitation',
  copyLink: 'Copy link',
  shareTitle: 'Read with me on Habor',
  shareText: 'I read the world and express myself on Habor. Sign up with my invitation code {code} and read with me: ',
  joined: '{n} joined',
  joinedTitle: 'Joined with my invitation',
  empty: 'Nobody has joined with your invitation yet. Share it with your classmates',
  unnamed: 'Deleted account',
  failed: 'Could not load your invitation',
  retry: 'Retry',
}
