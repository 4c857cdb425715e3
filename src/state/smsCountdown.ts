/**
 * The SMS send button's 60 s countdown, kept in storage (smsCountdown = epoch ms when sending is allowed
 * again) so it survives navigation between Login, Forget and Bind; boot resets it at launch. A tiny
 * external store for useSyncExternalStore: it ticks once a second only while someone listens.
 */
import { read, write } from '../lib/storage'

export const SMS_COUNTDOWN_S = 60

let now = (): number => Date.now()
/** Tests: a fixed clock. */
export function setClock(clock: () => number): void {
  now = clock
}

/** Whole seconds left before another code may be requested (0 = ready). */
export function secondsLeft(): number {
  const until = read('smsCountdown') ?? 0
  return Math.max(0, Math.ceil((until - now()) / 1000))
}

const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined

function notify(): void {
  for (const l of [...listeners]) l()
}

export function subscribeCountdown(listener: () => void): () => void {
  listeners.add(listener)
  timer ??= setInterval(notify, 1000)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

/** Starts (or, with the server's retry time, extends) the countdown. */
export function startCountdown(seconds: number = SMS_COUNTDOWN_S): void {
  try {
    write('smsCountdown', now() + seconds * 1000)
  } catch (e) {
    console.warn('[sms] could not keep the countdown:', (e as Error).message)
  }
  notify()
}
