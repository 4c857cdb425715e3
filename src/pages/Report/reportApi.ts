/** The report's read (the owner's live view, else the public one) and its link; its writes go through lib/outbox. */
import { CODE } from '../../contract'
import { CALLS } from '../../contract/calls'
import { reportPagePath, type OwnerReport, type PublicReport } from '../../contract/report'
import { call, isRequestError, isUnreachable } from '../../lib/http'
import { isSignedIn } from '../../state/session/machine'

export type Loaded = { kind: 'owner'; report: OwnerReport } | { kind: 'public'; report: PublicReport }

/** Mine (live, never cached) when I am logged in and it is mine; else the public view. */
export async function loadReport(id: string): Promise<Loaded> {
  if (isSignedIn()) {
    try {
      return { kind: 'owner', report: await call(CALLS.report, { params: { id } }) }
    } catch (e) {
      // Not mine, or no network: a shared report (perhaps cached) may still be there.
      if (!isRequestError(e) || (e.code !== CODE.DATA_EMPTY && !isUnreachable(e))) throw e
    }
  }
  return { kind: 'public', report: await call(CALLS.publicReport, { params: { id } }) }
}

export const linkOf = (id: string): string => `${location.origin}${reportPagePath(id)}`
