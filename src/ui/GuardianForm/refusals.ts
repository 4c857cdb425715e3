/**
 * The guardian refusals of docs/contract.md "Guardians" in words, on the Consent page and the guardian's
 * page: each says what to type instead.
 */
import type { Lang } from '../../../manifest/app'
import { CODE } from '../../contract/codes'
import { isRequestError } from '../../lib/http/errors'
import { defineTexts } from '../../i18n/texts'

type Refusal = typeof CODE.GUARDIAN_PHONE_OWN | typeof CODE.GUARDIAN_CONSENT_CURRENT | typeof CODE.GUARDIAN_PHONE_CHILD

export const GUARDIAN_REFUSALS = defineTexts(
  {
    [CODE.GUARDIAN_PHONE_OWN]: '这是你自己的手机号。请填写爸爸、妈妈或其他监护人的手机号',
    [CODE.GUARDIAN_CONSENT_CURRENT]: '已经有一位家长同意过了。要换一位家长，请原来的家长先在家长页面撤回同意，再填写新家长的手机号',
    [CODE.GUARDIAN_PHONE_CHILD]: '这个手机号是同学或未成年人的账号，不能作为家长手机号。请填写爸爸、妈妈或其他成年监护人的手机号',
  } satisfies Record<Refusal, string>,
  () => import('./refusals.en'),
)

/** The refusal in words when `e` is one of the guardian refusals, else null. */
export function guardianRefusal(lang: Lang, e: unknown): string | null {
  if (!isRequestError(e)) return null
  const texts = GUARDIAN_REFUSALS(lang)
  return Object.prototype.hasOwnProperty.call(texts, e.code) ? texts[e.code as Refusal] : null
}
