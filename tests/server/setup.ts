/**
 * Runs before each server test file. The server project shares one module graph per worker across files
 * (vite.config.ts), so this file is where anything per-test must hook in: it runs again for every file.
 */
import { afterAll, afterEach } from 'vitest'
import { cheapPasswordHashesForTests } from '../../server/services/crypto'
import { runCleanups } from './support/cleanup'

// argon2id at its smallest cost (server/services/crypto.ts says why).
cheapPasswordHashesForTests()

// Apps, servers, clients and processes the test made (tests/server/support/cleanup.ts); the afterAll
// catches what a file's own beforeAll registered, so nothing reaches the next file in this worker.
afterEach(runCleanups)
afterAll(runCleanups)
