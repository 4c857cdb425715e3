/**
 * Filling message placeholders: what Login's start needs of src/i18n/format.ts, kept apart so that the
 * dates and numbers there are not part of it (budgets.json). Login's start imports this file; everything
 * else imports it from format.ts, which re-exports it.
 */

/** `text` with each `{name}` replaced by `vars[name]`; a placeholder without a value stays as written. */
export function fill(text: string, vars: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

