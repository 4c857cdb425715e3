// @vitest-environment node
/**
 * Stopping a step of `npm test` (scripts/process-tree.mjs): a process that left the step's group, as
 * Lighthouse CI's Chrome does, goes with the step. The step here is a real process tree: a group leader
 * whose child launches a detached grandchild, the way chrome-launcher starts Chrome.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { alive, descendants, reap, stopTree } from '../../../scripts/process-tree.mjs'

const linux = process.platform === 'linux'
/** What each test leaves is killed: pids, and negative ones for whole groups. */
const started: number[] = []

afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // gone
    }
  }
})

/** Starts leader → launcher → detached browser; resolves when the browser runs, with the pids. */
async function stepWithDetachedBrowser() {
  const launcher = `
    const { spawn } = require('node:child_process')
    const browser = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' })
    console.log(browser.pid)
    setInterval(() => {}, 1000)
  `
  const leader = spawn(process.execPath, ['-e', `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(launcher)}], { stdio: 'inherit' }); setInterval(() => {}, 1000)`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [line] = (await once(leader.stdout, 'data')) as [Buffer]
  const browser = Number(line.toString().trim())
  started.push(browser, -leader.pid!)
  return { leader: leader.pid!, browser }
}

/** Whether a pid is still a running process (a zombie is not): every process descends from pid 1. */
const running = (pid: number) => descendants(1).some((p) => p.pid === pid && alive(p))

describe.runIf(linux)('stopping a step with what it launched', () => {
  it('finds the detached browser below the step, in a group of its own', async () => {
    const { leader, browser } = await stepWithDetachedBrowser()
    const below = descendants(leader)
    expect(below.map((p) => p.pid)).toContain(browser)
    expect(below.find((p) => p.pid === browser)?.pgid).toBe(browser)
  })

  it('a signal to the step’s group alone leaves the browser running', async () => {
    const { leader, browser } = await stepWithDetachedBrowser()
    process.kill(-leader, 'SIGTERM')
    await expect.poll(() => running(leader)).toBe(false)
    expect(running(browser)).toBe(true)
  })

  it('stopTree and reap end the browser too', async () => {
    const { leader, browser } = await stepWithDetachedBrowser()
    const strays = stopTree(leader)
    expect(strays.map((p) => p.pid)).toEqual([browser])
    expect(await reap(strays)).toBe(0)
    expect(running(browser)).toBe(false)
    expect(running(leader)).toBe(false)
  })

  it('reap kills a stray that ignores the signal, after the grace', async () => {
    const stubborn = spawn(process.execPath, ['-e', `process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)`], { stdio: ['ignore', 'pipe', 'inherit'] })
    started.push(stubborn.pid!)
    await once(stubborn.stdout, 'data')
    const strays = descendants(process.pid).filter((p) => p.pid === stubborn.pid)
    process.kill(stubborn.pid!, 'SIGTERM')
    expect(await reap(strays, 300)).toBe(1)
    await expect.poll(() => running(stubborn.pid!)).toBe(false)
  })
})
