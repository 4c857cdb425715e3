/** The kit's button: primary, secondary, plain and danger looks, a busy state, always ≥ 44 px tall. */
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import './Button.css'

export type ButtonVariant = 'primary' | 'secondary' | 'plain' | 'danger'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  /** Full width of its container. */
  block?: boolean
  /** Shows a spinner, sets aria-busy and ignores clicks. */
  busy?: boolean
  size?: 'm' | 's'
  children: ReactNode
}

export function Button({ variant = 'primary', block = false, busy = false, size = 'm', className, disabled, onClick, children, type = 'button', ...rest }: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', busy && 'btn--busy', className].filter(Boolean).join(' ')
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
    >
      {busy && <span className="btn__spinner" aria-hidden="true" />}
      <span className="btn__label">{children}</span>
    </button>
  )
}
