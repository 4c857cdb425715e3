/**
 * Texts a test makes for the rows it then picks by what they show. The specs of one worker share its
 * server, so a fixed title, or one cut from the clock (`Date.now() % 1000`), can be made twice, or be the
 * start of another (`…第12章` inside `…第123章`), and a locator then finds two rows or the wrong one.
 * A random tag of fixed length is unique on the server and never a part of another's.
 */
import { randomInt, randomUUID } from 'node:crypto'

/** `prefix` with a tag no other test on the worker's server has. */
export const uniqueText = (prefix: string): string => `${prefix} ${randomUUID().slice(0, 8)}`

/** A pattern for an accessible name that contains `text` as written (no character of it is special). */
export const containing = (text: string): RegExp => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))

/** A mainland mobile number no other test on the worker's server registers (a fixed one can be sent a code only once a minute). */
export const uniquePhone = (): string => `134${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
