/** Every unit test runs with the storage cipher loaded, as the app does before its first render. */
import { beforeAll } from 'vitest'
import { loadLang } from '../../src/i18n/i18n'
import { textsLoaded } from '../../src/i18n/texts'
import { initStorage } from '../../src/lib/storage'

// English loads on demand in the app; tests render either language at once: the text tables a test file
// defines as it imports its modules load their English before its tests run.
await Promise.all([initStorage(), loadLang('en')])
beforeAll(() => textsLoaded())
