/**
 * Launch with a cached session (docs/product.md): reload the profile quietly, which signs the resumed session in
 * (machine.ts; the logged-in event). A stale
 * or revoked session ends on Login with no error toast (the refresh refusal logs out while quiet); a
 * network failure keeps the cached session (it is transient); an account without a profile goes to Improve,
 * and one whose month of birth is not known yet to Consent (from a signed-in page; the profile says so).
 */
import { HOME_PAGE, pageByName, pageByPath } from '../../../manifest/pages'
import { replace } from '../navigation'
import { CODE } from '../../contract/codes'
import { authState, setPendingRoute } from '../auth'
import { isRequestError, isUnreachable } from '../../lib/http/errors'
import { asksBirth, launchPlan } from '../../lib/auth/decisions'
import { quietly } from '../../lib/events/loggedIn'
import { loadProfile } from './flows'
import { dispatch } from './machine'

export type LaunchOutcome = 'none' | 'logged-in' | 'consent' | 'offline' | 'improve' | 'logged-out'

export async function launch(): Promise<LaunchOutcome> {
  if (launchPlan(authState.token) === 'nothing') return 'none'
  try {
    const profile = await quietly(() => loadProfile({ loading: false }))
    // `/` (the installed app's start URL) is Home for a signed-in account: App's entry sends it there.
    const here = location.pathname === '/' ? pageByName(HOME_PAGE) : pageByPath(location.pathname)
    if (asksBirth(profile) && here?.access === 'login' && here.name !== 'Consent') {
      // The page opened is where Consent's way on leads (flows.ts leaveConsent).
      setPendingRoute(here.name === HOME_PAGE ? null : { name: here.name, query: location.search.replace(/^\?/, '') })
      replace(pageByName('Consent')?.path ?? '/consent')
      return 'consent'
    }
    return 'logged-in'
  } catch (e) {
    if (!authState.token) return 'logged-out'
    if (isUnreachable(e)) {
      // The profile cached by the last run stands in until the network is back.
      if (authState.userInfo) dispatch({ type: 'profileIn' })
      return 'offline'
    }
    if (isRequestError(e) && e.code === CODE.USER_NOT_FOUND) {
      dispatch({ type: 'profileMissing' })
      const improve = pageByName('Improve')?.path ?? '/improve'
      if (pageByPath(location.pathname)?.name !== 'Improve') replace(improve)
      return 'improve'
    }
    return 'logged-out'
  }
}
