/**
 * The length of a recording the writer attaches, checked on the device before it is sent: its metadata
 * where the browser gives a length, else what it decodes to.
 */

/** The length of an audio file, from its metadata; NaN when the browser cannot read it as audio. */
function metadataDuration(file: Blob): Promise<number> {
  return new Promise((resolve) => {
    const el = document.createElement('audio')
    const url = URL.createObjectURL(file)
    const done = (v: number) => {
      URL.revokeObjectURL(url)
      resolve(v)
    }
    el.preload = 'metadata'
    el.onloadedmetadata = () => done(el.duration * 1000)
    el.onerror = () => done(Number.NaN)
    el.src = url
  })
}

/** The length of the sound the file decodes to, in ms; NaN when it does not decode. */
async function decodedDuration(file: Blob): Promise<number> {
  try {
    const context = new OfflineAudioContext(1, 1, 44_100)
    const decoded = await context.decodeAudioData(await file.arrayBuffer())
    return decoded.duration * 1000
  } catch {
    return Number.NaN
  }
}

/**
 * The length of an audio file, checked on the device: its metadata where the browser gives a length, else
 * what it decodes to (recordings of some browsers carry no length). NaN when it is not playable sound.
 */
export async function audioDuration(file: Blob): Promise<number> {
  const fromMetadata = await metadataDuration(file)
  if (Number.isFinite(fromMetadata) && fromMetadata > 0) return fromMetadata
  return decodedDuration(file)
}
