import type { UserType } from '#shared/auth/userTypes';
import { canWatchVideo, type Session } from '#shared/sessions/session';
import { videoKindFor } from '#shared/sessions/videoSource';

export const UNBLURRED_ONLY_REASON = 'Only the unblurred video exists, and your account may not watch unblurred video.';

/**
 * Why the row's Video button cannot play anything for this user, or undefined when it can. By the video source rule
 * a user without elevated access is given the blurred video; when only the unblurred one exists there is nothing
 * for them to watch, and the button says so before it is pressed rather than after.
 */
export function videoUnavailableReason(
  session: Pick<Session, 'UnblurredVideo' | 'BlurredVideo'>,
  type: UserType,
  hasElevatedAccess: boolean,
): string | undefined {
  if (!canWatchVideo(session)) return undefined;
  const kind = videoKindFor(session, type, hasElevatedAccess);
  return kind === 'blurredVideo' && !session.BlurredVideo ? UNBLURRED_ONLY_REASON : undefined;
}
