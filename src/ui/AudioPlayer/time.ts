/** m:ss (or h:mm:ss) of a number of seconds; '0:00' for anything not finite. */
export function formatTime(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/** The speeds the speed button cycles through. */
export const SPEEDS = [1, 1.25, 1.5, 2, 0.75] as const

export const nextSpeed = (current: number): number => SPEEDS[(SPEEDS.indexOf(current as (typeof SPEEDS)[number]) + 1) % SPEEDS.length] ?? 1
