/** The English of ./refusals.ts (src/i18n/texts.ts), loaded only for a reader of English. */
import { CODE } from '../../contract/codes'

export default {
  [CODE.GUARDIAN_PHONE_OWN]: "This is your own number. Enter the number of a parent or another guardian",
  [CODE.GUARDIAN_CONSENT_CURRENT]: 'A parent has already agreed. To change to another parent, the first one withdraws consent on the guardian page first; then enter the new number',
  [CODE.GUARDIAN_PHONE_CHILD]: "This number belongs to a student's or a young person's account and cannot be a guardian's. Enter the number of a parent or another adult guardian",
}
