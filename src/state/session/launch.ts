/**
 * Launch with a cached session (docs/product.md): reload the profile quietly and emit the logged-in event. A stale
 * or revoked session ends on Login with no error toast (the refresh refusal logs out while quiet); a
 * network failure keeps the cached session (it is transient); an account without a profile goes to Improve.
 */
import { pageByName, pageByPath } from '../../../manifest/pages'
import { replace } from '../navigation'
import { CODE } from '../../contract/codes'
import { setLoggedIn } from '../app'
import { authState } from '../auth'
import { isRequestError, isUnreachable } from '../../lib/http/errors'
import { launchPlan } from '../../lib/auth/decisions'
import { emitLoggedIn, quietly } from '../../lib/auth/events'
import { loadProfile } from './flows'

export type LaunchOutcome = 'none' | 'logged-in' | 'offline' | 'improve' | 'logged-out'

export async function launch(): Promise<LaunchOutcome> {
  if (launchPlan(authState.token) === 'nothing') return 'none'
  try {
    await quietly(() => loadProfile({ loading: false }))
    emitLoggedIn()
    return 'logged-in'
  } catch (e) {
    if (!authState.token) return 'logged-out'
    if (isUnreachable(e)) {
      if (authState.userInfo) emitLoggedIn()
      return 'offline'
    }
    if (isRequestError(e) && e.code === CODE.USER_NOT_FOUND) {
      setLoggedIn(false)
      const improve = pageByName('Improve')?.path ?? '/improve'
      if (pageByPath(location.pathname)?.name !== 'Improve') replace(improve)
      return 'improve'
    }
    return 'logged-out'
  }
}
