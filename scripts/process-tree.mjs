// Stopping a step of `npm test` (scripts/test-all.mjs) with everything it started. A step runs in its own
// process group, and a signal to the group reaches its servers and workers; but a browser launched detached
// (Lighthouse CI's Chrome, through chrome-launcher) leads a group of its own, is re-parented to init when its
// launcher dies, and kept running after a stopped step, with its pages' connections open to the step's port
// (found taken by the next run). So the tree is read from /proc before the signal, while every process still
// hangs under the step, and each process outside the step's group is signalled by its id. Linux only:
// elsewhere the tree is empty and the group's signal is all there is. A suite that made something to clean
// up (a throw-away database) runs under runThenCleanUp, which cleans up after a stop too.
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { constants } from 'node:os'

/**
 * One process as /proc shows it: its state, its parent, its group and its start time (which tells a reused
 * id apart).
 */
function read(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name, in parentheses, may hold spaces: the fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { pid, state: fields[0], ppid: Number(fields[1]), pgid: Number(fields[2]), started: fields[19] }
  } catch {
    return null
  }
}

/** The processes below `root`, children before grandchildren; none where /proc cannot be read. */
export function descendants(root) {
  let all
  try {
    all = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map((d) => read(Number(d)))
      .filter(Boolean)
  } catch {
    return []
  }
  const children = Map.groupBy(all, (p) => p.ppid)
  const found = [...(children.get(root) ?? [])]
  for (let i = 0; i < found.length; i++) found.push(...(children.get(found[i].pid) ?? []))
  return found
}

/** Still running: the same process (not a later one with its id) and not a zombie waiting for its parent. */
export function alive(p) {
  const now = read(p.pid)
  return now !== null && now.started === p.started && now.state !== 'Z'
}

function signal(pid, sig) {
  try {
    process.kill(pid, sig)
  } catch {
    // already gone
  }
}

/**
 * Sends `sig` to the group led by `leader` and to every process below it that left the group. Returns
 * those strays, for `reap`.
 */
export function stopTree(leader, sig = 'SIGTERM') {
  const strays = descendants(leader).filter((p) => p.pgid !== leader)
  signal(-leader, sig)
  for (const p of strays) signal(p.pid, sig)
  return strays
}

/** Waits up to `graceMs` for the strays to end, then kills those still running. Resolves to how many it killed. */
export async function reap(strays, graceMs = 5000) {
  const until = Date.now() + graceMs
  while (strays.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100))
  const left = strays.filter(alive)
  for (const p of left) signal(p.pid, 'SIGKILL')
  return left.length
}

/**
 * Runs `command` with the terminal's output and, once it has ended, `cleanUp` (a suite's throw-away
 * database): also when the run is stopped. `npm test` stops a step with SIGTERM to its whole process
 * group, which reaches the command as well; here the signal only marks the run as stopped, so the clean-up
 * still happens after the command has gone. Resolves to the command's exit status, or 128 + the signal's
 * number when stopped.
 */
export async function runThenCleanUp(command, args, options, cleanUp) {
  const child = spawn(command, args, { ...options, stdio: 'inherit' })
  let stopped = null
  const stop = (sig) => {
    stopped ??= sig
    // A signal sent to this process alone (not its group) still reaches the command.
    if (child.exitCode === null && child.signalCode === null) child.kill(sig)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(1))
    child.on('close', (code) => resolve(code ?? 1))
  })
  try {
    await cleanUp()
  } finally {
    process.off('SIGTERM', stop)
    process.off('SIGINT', stop)
  }
  return stopped ? 128 + constants.signals[stopped] : status
}
