/** A load that failed, said in place of what it would have shown, with a button to try again (the page's words and box). */
import { Button } from '../Button/Button'

interface Props {
  /** The page's box for it (its card or list style). */
  className: string
  text: string
  retryText: string
  onRetry: () => void
}

export function RetryNote({ className, text, retryText, onRetry }: Props) {
  return (
    <div className={className} role="alert">
      <p>{text}</p>
      <Button variant="secondary" size="s" onClick={onRetry}>
        {retryText}
      </Button>
    </div>
  )
}
