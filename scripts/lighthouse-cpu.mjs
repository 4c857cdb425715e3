// The CPU slowdown Lighthouse simulates a phone with, from the speed of the machine it runs on
// (docs/performance.md "Lighthouse on a slow machine").
//
// Simulated throttling multiplies the main thread's tasks, as timed in the run, by a constant (4 by
// default), which turns a high-end desktop into a mid-tier phone. On a slower machine the same constant
// simulates a slower phone: this machine's Lighthouse benchmarkIndex was 1,676–2,721 on quiet days and
// 366–460 on one day when everything here ran three to seven times slower, and /login's LCP went from about
// 750 ms to 1,090 ms with no change to the page. Lighthouse's own guidance (its docs/throttling.md,
// "Calibrating the CPU slowdown", and the CPU throttling calculator it links) is to lower the multiplier on
// such a machine, so that the simulated phone stays the same: 1× at an index of 150, 2× at 800, 3× at 1,300,
// and 4× at 1,533, with straight lines between. The multiplier here follows that line and never goes above
// Lighthouse's default of 4, so a fast machine is held to the same phone as before.

/** Lighthouse's default slowdown, kept as the ceiling. */
export const DEFAULT_MULTIPLIER = 4
/** From this index up, the calibration line reaches the default (3× at 1,300, one more for every 233). */
export const FULL_SPEED_INDEX = 1533
/** Below this index the calculator gives up: the machine is slower than the phone Lighthouse simulates. */
export const SLOWEST_INDEX = 150

/**
 * The CPU slowdown for a machine of this benchmarkIndex: Lighthouse's calibration, capped at its default.
 * @param {number} benchmarkIndex
 * @returns {number}
 */
export function cpuMultiplier(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return DEFAULT_MULTIPLIER
  let m
  if (benchmarkIndex >= 1300) m = 3 + (benchmarkIndex - 1300) / 233
  else if (benchmarkIndex >= 800) m = 2 + (benchmarkIndex - 800) / 500
  else m = 1 + Math.max(0, benchmarkIndex - SLOWEST_INDEX) / 650
  return Math.round(Math.min(DEFAULT_MULTIPLIER, m) * 100) / 100
}
