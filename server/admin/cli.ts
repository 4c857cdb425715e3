/** Start file of the operator's command line (compiled to server/dist/admin.mjs; scripts/admin.mjs runs it). */
import { runAdmin } from './main'

process.exitCode = await runAdmin(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
  now: Date.now,
})
