/** The way out of a full recordings quota: a link that takes the student to My cards (storageQuota.ts). */
import { MY_CARDS_ID } from './MyCards'
import { showMyCards } from './storageQuota'

export function FreeSpaceLink({ text }: { text: string }) {
  return (
    <a
      className="motherday__free"
      href={`#${MY_CARDS_ID}`}
      onClick={(e) => {
        e.preventDefault()
        showMyCards()
      }}
    >
      {text}
    </a>
  )
}
