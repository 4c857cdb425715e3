/**
 * The limited state of a child's account in words (docs/privacy.md): why something cannot be made public
 * and where to ask a guardian. The server decides; pages say what it answered (code 200007).
 */
import type { Lang } from '../../../manifest/app'
import { CODE } from '../../contract/codes'
import { isRequestError } from '../http/errors'
import { defineTexts } from '../../i18n/texts'

export const LIMITED_TEXTS = defineTexts(
  {
    'guardian-consent': '未满 14 周岁，需要家长同意后才能公开分享、上传录音。请到「家长同意」请家长确认。',
    'age-unknown': '请先填写出生年月。未满 14 周岁需要家长同意后才能公开分享。',
    ask: '请家长同意',
  },
  () => import('./limited.en'),
)

/** The reason in words when `e` is the server's 200007, else null. */
export function consentRefusal(lang: Lang, e: unknown): string | null {
  if (!isRequestError(e) || e.code !== CODE.GUARDIAN_CONSENT_REQUIRED) return null
  const reason = (e.data as { reason?: unknown } | null | undefined)?.reason
  return LIMITED_TEXTS(lang)[reason === 'age-unknown' ? 'age-unknown' : 'guardian-consent']
}
