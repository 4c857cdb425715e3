/** Time source: milliseconds since the epoch. Tests inject a fake one to cross TTLs and limits without sleeping. */
export type Clock = () => number
export const systemClock: Clock = () => Date.now()
