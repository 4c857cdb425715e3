/** Every unit test runs with the storage cipher loaded, as the app does before its first render. */
import { initStorage } from '../../src/lib/storage'

await initStorage()
