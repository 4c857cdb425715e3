import { useEffect, useState } from 'react'
import type { Card } from '../../contract/cards'
import { audioUrl, fetchPrivateAudio } from './cardsApi'

/** Where the card's recording plays from: its public URL, or for the author's private card a Blob fetched with the token. */
export function useAudioSrc(card: Card | null): string | null {
  const [blobUrl, setBlobUrl] = useState<string | null>(null)
  const privatePath = card?.audio && card.mine && !card.shareable ? card.audio.path : null
  useEffect(() => {
    if (!privatePath) return
    let url: string | null = null
    let live = true
    fetchPrivateAudio(privatePath).then(
      (blob) => {
        if (!live) return
        url = URL.createObjectURL(blob)
        setBlobUrl(url)
      },
      () => undefined,
    )
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [privatePath])
  if (!card?.audio) return null
  return privatePath ? blobUrl : audioUrl(card.audio.path)
}
