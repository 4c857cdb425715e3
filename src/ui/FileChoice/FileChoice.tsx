/**
 * A button that opens the system file chooser for images, videos or other files, applies the rules of
 * src/lib/device/fileChoice.ts and reports what was kept; refusals are said in words next to it.
 */
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react'
import { checkChosen, inputAttributes, refusalMessages, type ChooseRequest, type ChosenFile, type FileProbe } from '../../lib/device/fileChoice'
import { useLang } from '../../state/app'
import { Button, type ButtonVariant } from '../Button/Button'
import './FileChoice.css'

export interface FileChoiceProps extends ChooseRequest {
  /** The button's text. */
  children: ReactNode
  onChoose: (files: ChosenFile[]) => void
  /** Messages of refused files, also shown under the button. */
  onRefuse?: (messages: string[]) => void
  disabled?: boolean
  variant?: ButtonVariant
  /** For tests and the kit page; the browser's by default. */
  probe?: FileProbe
}

export function FileChoice({ children, onChoose, onRefuse, disabled, variant = 'secondary', probe, ...request }: FileChoiceProps) {
  const lang = useLang()
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [messages, setMessages] = useState<string[]>([])
  const { accept, multiple } = inputAttributes(request)

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const files = Array.from(input.files ?? [])
    // Let the same file be chosen again after a refusal.
    input.value = ''
    if (!files.length) return
    setBusy(true)
    try {
      const { chosen, refused } = await checkChosen(files, request, probe)
      const said = refusalMessages(refused, request, lang)
      setMessages(said)
      if (said.length) onRefuse?.(said)
      if (chosen.length) onChoose(chosen)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="file-choice">
      <input
        ref={inputRef}
        id={id}
        className="visually-hidden"
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        tabIndex={-1}
        aria-hidden="true"
        onChange={onChange}
      />
      <Button variant={variant} disabled={disabled} busy={busy} onClick={() => inputRef.current?.click()} aria-describedby={messages.length ? `${id}-msg` : undefined}>
        {children}
      </Button>
      <div id={`${id}-msg`} className="file-choice__messages" role="alert">
        {messages.map((m) => (
          <p key={m} className="file-choice__message">
            {m}
          </p>
        ))}
      </div>
    </div>
  )
}
