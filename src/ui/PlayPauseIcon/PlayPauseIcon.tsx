/** The play and pause glyphs of every player (the audio player, the story slides), drawn in currentColor. */
export function PlayPauseIcon({ playing, size }: { playing: boolean; size: number }) {
  return playing ? (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <rect x="6" y="5" width="4" height="14" rx="1.2" fill="currentColor" />
      <rect x="14" y="5" width="4" height="14" rx="1.2" fill="currentColor" />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" fill="currentColor" />
    </svg>
  )
}
