/** Home's desk call. */
import { CALLS } from '../../../contract/calls'
import type { Desk } from '../../../contract/desk'
import { call } from '../../../lib/http'

export const fetchDesk = (): Promise<Desk> => call(CALLS.desk, {})
