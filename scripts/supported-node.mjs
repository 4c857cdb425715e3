// Makes `npm start` and `npm run admin` run under a Node that satisfies package.json's engines, on a machine
// whose own Node is older: the same Node `.ci/node.sh` brings from the npm registry (one implementation:
// this sources that script), unpacked under .ci/.node/ (ignored by git), and this script runs again under
// it. Written for old Nodes too: nothing here needs more than Node 18. See docs/running.md ("Node versions").
// The native modules (better-sqlite3, @node-rs/argon2) ship Node-API builds, so the `npm install` done
// under the old Node serves the brought one as it is: nothing is compiled again.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
/** Set in the environment of the run under the brought Node, so it neither brings nor reports again. */
const BROUGHT = 'HABOR_BROUGHT_NODE'

export const engines = () => JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node

/** Whether a version (`process.versions.node`) is at least the minimum of the engines range. */
export function fits(version, range = engines()) {
  const want = /(\d+)\.(\d+)\.(\d+)/.exec(range).slice(1).map(Number)
  const have = version.split('.').map(Number)
  const cmp = have[0] - want[0] || have[1] - want[1] || have[2] - want[2]
  return cmp >= 0
}

/**
 * Returns when this process's Node fits (printing which one runs, unless `quiet`); otherwise brings a
 * supported one, runs `entry` under it with the same arguments, and exits with its status (saying which
 * Node and why, on stderr when `quiet`).
 */
export function ensureSupportedNode(entry, { quiet = false } = {}) {
  const range = engines()
  if (process.env[BROUGHT]) return
  if (fits(process.versions.node, range)) {
    if (!quiet) console.log(`Node ${process.versions.node} (this machine's, ${process.execPath}): it satisfies engines ${range}.`)
    return
  }
  // .ci/node.sh prints its progress ("Bringing Node …") on stderr here; its answer is the Node it put first on PATH.
  const found = spawnSync('bash', ['-c', 'CI_NODE_QUIET=1 source .ci/node.sh >&2 && command -v node && printf "%s\\n" "${npm_config_nodedir:-}"'], {
    cwd: root,
    env: { ...process.env, CI_NODE_FORCE: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  })
  const [node, nodedir] = (found.stdout ?? '').trim().split('\n')
  if (found.error || found.status !== 0 || !node) {
    console.error(`This machine's Node ${process.versions.node} is older than engines ${range}, and a supported Node could not be brought from the npm registry (.ci/node.sh${found.error ? `: ${found.error.message}` : ''}). Install Node ${range.replace('>=', '')} or later.`)
    process.exit(1)
  }
  const version = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
  // Always said, as the one line of why; with `quiet` on stderr, so a command's output stays its own.
  ;(quiet ? console.error : console.log)(`Node ${version} from the npm registry (${relative(root, dirname(dirname(node))) || node}): this machine's Node ${process.versions.node} is older than engines ${range}.`)
  const env = { ...process.env, [BROUGHT]: '1', PATH: `${dirname(node)}:${process.env.PATH ?? ''}` }
  if (nodedir) env.npm_config_nodedir = nodedir
  const child = spawn(node, [entry, ...process.argv.slice(2)], { stdio: 'inherit', env })
  // The server closes gracefully on these; this process only passes them on and waits.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 1) : 1)))
  // Nothing below the caller's await may run: park this process until the child exits.
  return new Promise(() => {})
}
