// @vitest-environment node
/**
 * Lighthouse's CPU slowdown from the machine's benchmarkIndex (scripts/lighthouse-cpu.mjs): Lighthouse's own
 * calibration line, capped at its default of 4 so that a fast machine is held to the same phone as before.
 */
import { describe, expect, it } from 'vitest'
import { cpuMultiplier, DEFAULT_MULTIPLIER } from '../../../scripts/lighthouse-cpu.mjs'

describe('cpuMultiplier', () => {
  it('keeps the default of 4 from an index of 1,533 up (a fast machine is judged as before)', () => {
    expect(cpuMultiplier(1533)).toBe(DEFAULT_MULTIPLIER)
    expect(cpuMultiplier(2721)).toBe(4)
    expect(cpuMultiplier(1520)).toBe(3.94)
  })

  it("follows Lighthouse's calculator at its corners: 3× at 1,300, 2× at 800, 1× at 150", () => {
    expect(cpuMultiplier(1300)).toBe(3)
    expect(cpuMultiplier(800)).toBe(2)
    expect(cpuMultiplier(150)).toBe(1)
  })

  it('is a straight line between the corners', () => {
    expect(cpuMultiplier(1050)).toBe(2.5)
    expect(cpuMultiplier(475)).toBe(1.5)
    // The slow day measured in docs/performance.md.
    expect(cpuMultiplier(440)).toBe(1.45)
  })

  it('never goes below 1× on a machine slower than the simulated phone', () => {
    expect(cpuMultiplier(149)).toBe(1)
    expect(cpuMultiplier(20)).toBe(1)
  })

  it('keeps the default when Lighthouse reported no index', () => {
    expect(cpuMultiplier(Number.NaN)).toBe(4)
    expect(cpuMultiplier(0)).toBe(4)
  })
})
