// Prints one closing line for the whole run ("N passed, N failed, N skipped") from the JSON reports
// that vitest and Playwright write under test-results/ when CI is set.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = new URL('../test-results/', import.meta.url).pathname
let passed = 0
let failed = 0
let skipped = 0
for (const name of existsSync(dir) ? readdirSync(dir) : []) {
  if (!name.endsWith('.json')) continue
  const report = JSON.parse(readFileSync(join(dir, name), 'utf8'))
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0)
    failed += report.stats.unexpected
    skipped += report.stats.skipped
  } else if ('numPassedTests' in report) {
    // vitest
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
