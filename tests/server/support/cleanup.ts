/**
 * One registry for what a test leaves behind: apps, servers, clients, child processes, temp directories.
 * Support modules and test files register with `afterThisTest(fn)`; tests/server/setup.ts runs the
 * registry after every test, newest first.
 *
 * The hook lives in the setup file, not in the support modules, because the server suite runs its files
 * in one module graph per worker (vite.config.ts, `isolate: false`): a support module is evaluated once,
 * by the first file that imports it, so an `afterEach` at its top level would be registered for that file
 * only, and every later file's apps would stay open. The setup file runs again for every file.
 */
const pending: (() => unknown)[] = []

/** Runs `fn` after the current test, before the next one starts (newest first). */
export function afterThisTest(fn: () => unknown): void {
  pending.push(fn)
}

/** Runs and clears everything registered; a failure does not stop the rest, and is thrown at the end. */
export async function runCleanups(): Promise<void> {
  const errors: unknown[] = []
  while (pending.length) {
    try {
      await pending.pop()!()
    } catch (e) {
      errors.push(e)
    }
  }
  if (errors.length === 1) throw errors[0]
  if (errors.length) throw new AggregateError(errors, `${errors.length} clean-ups failed`)
}
