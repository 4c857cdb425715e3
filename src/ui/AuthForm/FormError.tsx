/** What the server or the network answered to a sign-in form, above its submit button. */
export function FormError({ text, className = 'auth-form__error' }: { text: string; className?: string }) {
  return text ? (
    <p className={className} role="alert">
      {text}
    </p>
  ) : null
}
