/**
 * Crossing between the student's and the teacher's side (docs/product.md "Roles"): for an account that
 * teaches in one organisation and studies in another, the other side is the other organisation, so the
 * organisation is switched (its Org-ID sent from then on, the profile read again) before the page opens.
 */
import { authState } from './auth'
import { replace } from './navigation'

export async function goToSide(orgCode: string, path: '/teacher' | '/home'): Promise<void> {
  const same = (a: string | undefined) => (a ?? '').toUpperCase() === orgCode.toUpperCase()
  if (!same(authState.org?.code)) {
    const org = authState.userInfo?.orgList.find((o) => same(o.code))
    if (org) {
      const flows = await import('./session/flows')
      await flows.switchOrg(org.id)
    }
  }
  replace(path)
}
