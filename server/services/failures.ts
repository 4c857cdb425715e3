/** Counts failures per key in a sliding window (wrong passwords per account). In-process state. */
import type { Clock } from '../clock'

export class FailureWindow {
  private readonly hits = new Map<string, number[]>()

  constructor(
    private readonly clock: Clock,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private live(key: string): number[] {
    const now = this.clock()
    const list = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs)
    if (list.length) this.hits.set(key, list)
    else this.hits.delete(key)
    return list
  }

  /** Seconds until the key may try again, or 0. */
  retryAfter(key: string): number {
    const list = this.live(key)
    return list.length >= this.max ? (list[0]! + this.windowMs - this.clock()) / 1000 : 0
  }

  record(key: string): void {
    this.hits.set(key, [...this.live(key), this.clock()])
  }

  clear(key: string): void {
    this.hits.delete(key)
  }
}
