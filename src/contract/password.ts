/** The one password rule, kept by the app's forms before sending and by the server on every call that sets a password. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 64

/** Letters and digits both: the part of the rule that a length limit does not say. */
export const hasLettersAndDigits = (password: string): boolean => /[A-Za-z]/.test(password) && /\d/.test(password)

/** A new password the server will take: 8–64 characters with letters and digits. */
export const isAcceptablePassword = (password: string): boolean =>
  password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH && hasLettersAndDigits(password)
