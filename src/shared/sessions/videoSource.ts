import type { UserType } from '#shared/auth/userTypes';
import type { Session } from '#shared/sessions/session';

/**
 * docs/spec.md §6 video rule: the blurred video when there is one; otherwise the unblurred one for the admin and for
 * clinicians with elevated access; everyone else gets the blurred link (which then has no video to play).
 */
export function videoKindFor(
  session: Pick<Session, 'BlurredVideo'>,
  type: UserType,
  hasElevatedAccess: boolean,
): 'video' | 'blurredVideo' {
  if (session.BlurredVideo) return 'blurredVideo';
  return type === 'admin' || (type === 'clinician' && hasElevatedAccess) ? 'video' : 'blurredVideo';
}
