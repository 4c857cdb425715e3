/** Downloads the Android package with progress, then hands it to the browser as a file to save. */
export async function saveApk(url: string, onPercent: (percent: number) => void): Promise<void> {
  const sameOrigin = new URL(url, location.href).origin === location.origin
  if (!sameOrigin) {
    // A store or CDN link: the browser's own download shows the progress.
    location.href = url
    return
  }
  const { download } = await import('../../lib/http')
  const res = await download({
    url: url.replace(/^\/api(?=\/)/, ''),
    loading: false,
    onProgress: (p) => onPercent(Math.round(p.progress)),
  })
  onPercent(100)
  const href = URL.createObjectURL(res.data)
  const a = document.createElement('a')
  a.href = href
  a.download = decodeURIComponent(url.split('/').pop() ?? 'habor.apk')
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
}
