/** Password: the full page arrives with its feature issue; for now it renders its title in the app frame. */
import type { PageProps } from '../../app/routes'
import { ComingSoon } from '../../ui/ComingSoon/ComingSoon'

export default function Password({ page }: PageProps) {
  return <ComingSoon page={page} />
}
