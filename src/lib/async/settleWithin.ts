/**
 * `promise`, or the error `onTimeout()` makes once `ms` have passed without it settling (the promise itself
 * may never settle). A rejection that is not an Error is wrapped in one.
 */
export function settleWithin<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms)
    promise.then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      (e: unknown) => {
        clearTimeout(timer)
        reject(e instanceof Error ? e : new Error(String(e)))
      },
    )
  })
}
