/** Every unit test runs with the storage cipher loaded, as the app does before its first render. */
import { configure } from '@testing-library/react'
import { beforeAll } from 'vitest'
import { loadLang } from '../../src/i18n/i18n'
import { textsLoaded } from '../../src/i18n/texts'
import { initStorage } from '../../src/lib/storage'

// English loads on demand in the app; tests render either language at once: the text tables a test file
// defines as it imports its modules load their English before its tests run.
await Promise.all([initStorage(), loadLang('en')])
beforeAll(() => textsLoaded())

// `findBy…` and `waitFor` wait for a condition; their ceiling costs a passing test nothing. Testing
// Library's default of 1 s failed a render of Home's sections (a mocked answer, then English text) in a CI
// run beside six CPU-bound processes (load average 20). A time the product promises is asserted with fake
// timers instead (docs/running.md "A busy machine").
configure({ asyncUtilTimeout: 15_000 })
