/** Saving bytes the app made or fetched (a slide's picture, a class's progress, a child's data) as a download. */
/** Starts a download of `blob` under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  // The browser has taken the file once the click is handled; the URL can go after that turn.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}
