/** Every unit test runs with the storage cipher loaded, as the app does before its first render. */
import { loadLang } from '../../src/i18n/i18n'
import { initStorage } from '../../src/lib/storage'

// English loads on demand in the app; tests render either language at once.
await Promise.all([initStorage(), loadLang('en')])
