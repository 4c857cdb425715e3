/**
 * The kit's text input: a visible label, an optional prefix and trailing action, a hint or an error
 * tied to the input for screen readers, and docs/product.md "Timing and limits"'s default maxlength of 140.
 */
import { useId, type ComponentPropsWithoutRef, type ReactNode } from 'react'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import './Field.css'

/** Default maxlength of every input (docs/product.md "Timing and limits"). */
export const INPUT_MAX_LENGTH = 140

type InputAttributes = Omit<ComponentPropsWithoutRef<'input'>, 'value' | 'onChange' | 'prefix' | 'children'>

export interface TextFieldProps extends InputAttributes {
  label: string
  value: string
  onChange: (value: string) => void
  /** Help under the field; replaced by the error when there is one. */
  hint?: ReactNode
  error?: ReactNode
  /** Shown before the text, such as +86. */
  prefix?: ReactNode
  /** Said to screen readers for the prefix. */
  prefixLabel?: string
  /** Trailing control, such as a send-code button. */
  action?: ReactNode
  /** Show "n/max" under the field. */
  showCount?: boolean
  /** Keep only what this returns of each change (digits, say). */
  filter?: (value: string) => string
}

export function TextField({
  label,
  value,
  onChange,
  hint,
  error,
  prefix,
  prefixLabel,
  action,
  showCount = false,
  filter,
  maxLength = INPUT_MAX_LENGTH,
  id: givenId,
  className,
  disabled,
  ...input
}: TextFieldProps) {
  const lang = useLang()
  const ownId = useId()
  const id = givenId ?? ownId
  const noteId = `${id}-note`
  const prefixId = `${id}-prefix`
  const countId = `${id}-count`
  const note = error ?? hint
  const describedBy = [prefix && prefixLabel ? prefixId : null, note ? noteId : null, showCount ? countId : null].filter(Boolean).join(' ')
  const classes = ['field', error ? 'field--error' : null, disabled ? 'field--disabled' : null, className].filter(Boolean).join(' ')
  return (
    <div className={classes}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        {prefix && (
          <span className="field__prefix" id={prefixId} aria-label={prefixLabel}>
            {prefix}
          </span>
        )}
        <input
          {...input}
          id={id}
          className="field__input"
          value={value}
          // With a filter the length is cut after filtering ('abc13800138000' keeps its 11 digits), so the
          // element itself must not cut what was typed or filled first.
          maxLength={filter ? undefined : maxLength}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            const raw = event.currentTarget.value
            const next = (filter ? filter(raw) : raw).slice(0, maxLength)
            if (next !== value) onChange(next)
          }}
        />
        {action && <div className="field__action">{action}</div>}
      </div>
      {(note || showCount) && (
        <div className="field__foot">
          {note ? (
            <p id={noteId} className={error ? 'field__error' : 'field__hint'} role={error ? 'alert' : undefined}>
              {note}
            </p>
          ) : (
            <span />
          )}
          {showCount && (
            <p id={countId} className="field__count">
              <span aria-hidden="true">
                {value.length}/{maxLength}
              </span>
              <span className="visually-hidden">
                {translate(lang, 'field.count').replace('{n}', String(value.length)).replace('{max}', String(maxLength))}
              </span>
            </p>
          )}
        </div>
      )}
    </div>
  )
}
