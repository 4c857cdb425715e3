/**
 * What starts once someone is signed in, loaded as one lazy module so Login's start carries a single
 * import for it: the outbox of offline writes (./outbox) and notifications with the badge (./push).
 */
import { startOutbox } from './outbox'
import { startPush } from './push'

export function startSignedIn(): void {
  startOutbox()
  startPush()
}
