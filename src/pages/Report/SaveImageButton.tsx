/** "Save this slide as an image", busy while the picture is made. */
import { useState } from 'react'
import type { PublicReport } from '../../contract/report'
import { Button } from '../../ui/Button/Button'
import { saveImage } from './stories'
import type { Lang, Texts } from './texts'

export function SaveImageButton({ report, index, t, lang }: { report: PublicReport; index: number; t: Texts; lang: Lang }) {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant="secondary"
      block
      busy={busy}
      onClick={() => {
        setBusy(true)
        void saveImage(report, index, t, lang, true).finally(() => setBusy(false))
      }}
    >
      {t.saveImage}
    </Button>
  )
}
