import type { UserType } from '#shared/auth/userTypes';
import type { OfflineFileKind } from '#shared/sessions/offlineFiles';
import { canWatchSkeleton, canWatchVideo, type Session } from '#shared/sessions/session';
import { videoKindFor } from '#shared/sessions/videoSource';

type Playable = Pick<Session, 'Data' | 'GaitMetrics' | 'UnblurredVideo' | 'BlurredVideo' | 'OriginalRecording'>;

/**
 * The files "Keep offline" stores: the joint data, the original recording it was converted from (the skeleton viewer
 * draws the file's own skeleton from it), the gait metrics file (the viewer draws its events instead of running the
 * gait engine on the device), and the one video this user may watch (docs/spec.md §6 rule).
 */
export function offlineTargets(session: Playable, type: UserType, hasElevatedAccess: boolean): OfflineFileKind[] {
  const kinds: OfflineFileKind[] = [];
  if (canWatchSkeleton(session)) kinds.push('jointData');
  if (canWatchSkeleton(session) && session.OriginalRecording === true) kinds.push('originalRecording');
  if (canWatchSkeleton(session) && session.GaitMetrics) kinds.push('gaitMetrics');
  if (canWatchVideo(session)) {
    const video = videoKindFor(session, type, hasElevatedAccess);
    if (video === 'video' ? session.UnblurredVideo : session.BlurredVideo) kinds.push(video);
  }
  return kinds;
}

export const OFFLINE_FILE_LABELS: Record<OfflineFileKind, string> = {
  jointData: 'Joint data',
  originalRecording: 'Original recording',
  gaitMetrics: 'Gait metrics',
  video: 'Video',
  blurredVideo: 'Blurred video',
};
