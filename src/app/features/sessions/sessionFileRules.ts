import type { UserType } from '#shared/auth/userTypes';
import type { Session } from '#shared/sessions/session';
import type { SessionFileKind, SessionFileType } from '#shared/sessions/sessionFiles';

/** The files of the session-files dialog (docs/spec.md §2), in its order; the original recording of an imported one last. */
export const FILE_KIND_LABELS: Record<SessionFileKind, string> = {
  jointData: 'Joint Data File',
  gaitMetrics: 'Gait Metrics File',
  clinicFormat: 'Clinic Format File',
  video: 'Unblurred Video',
  blurredVideo: 'Blurred Video',
  originalRecording: 'Original Recording',
  motion: 'OpenSim Motion File',
};

/** The specification (docs/spec.md) §3 presence field behind each file. */
export function hasFile(session: Session, kind: SessionFileKind): boolean {
  switch (kind) {
    case 'jointData':
      return session.Data;
    case 'gaitMetrics':
      return session.GaitMetrics;
    case 'clinicFormat':
      return session.SSCData;
    case 'video':
      return session.UnblurredVideo;
    case 'blurredVideo':
      return session.BlurredVideo;
    case 'originalRecording':
      return session.OriginalRecording === true;
    case 'motion':
      return session.MotionFile === true;
  }
}

/** docs/spec.md §2: viewing and downloading the unblurred video are admin only; everything else is open to the dialog's users. */
export function fileAccess(kind: SessionFileKind, type: UserType): { canView: boolean; canDownload: boolean } {
  const allowed = kind !== 'video' || type === 'admin';
  return { canView: allowed, canDownload: allowed };
}

export const isVideoKind = (kind: SessionFileKind) => kind === 'video' || kind === 'blurredVideo';

/** What an upload of each type stores. */
const UPLOAD_TYPE_KIND: Record<SessionFileType, SessionFileKind> = {
  'Joint Data File': 'jointData',
  'Gait Metrics File': 'gaitMetrics',
  'Clinic Format File': 'clinicFormat',
  'Video File': 'video',
  'Blurred Video File': 'blurredVideo',
  'OpenSim Motion File': 'motion',
};

/** The original recording is replaced with the joint data it was converted into. */
const STORED_BY: Partial<Record<SessionFileKind, SessionFileType>> = { originalRecording: 'Joint Data File' };

/** The upload type that stores a file kind, so the files dialog's upload icon opens the right type. */
export const uploadTypeFor = (kind: SessionFileKind): SessionFileType =>
  STORED_BY[kind] ??
  (Object.keys(UPLOAD_TYPE_KIND) as SessionFileType[]).find((type) => UPLOAD_TYPE_KIND[type] === kind) ??
  'Joint Data File';

/**
 * docs/spec.md §4: the existing files an upload would replace, so 'Overwrite Files' is asked first. A clinic-format file is
 * converted into joint data and gait metrics, so it replaces either. The specification (docs/spec.md) names no rule for the blurred video;
 * replacing one silently would lose a recording, so it asks too.
 */
export function filesReplacedBy(type: SessionFileType, session: Session): SessionFileKind[] {
  switch (type) {
    case 'Joint Data File':
      return (['jointData', 'originalRecording', 'motion'] as const).filter((kind) => hasFile(session, kind));
    case 'Gait Metrics File':
      return session.GaitMetrics ? ['gaitMetrics'] : [];
    case 'Clinic Format File':
      return (['jointData', 'gaitMetrics'] as const).filter((kind) => hasFile(session, kind));
    case 'Video File':
      return session.UnblurredVideo ? ['video'] : [];
    case 'Blurred Video File':
      return session.BlurredVideo ? ['blurredVideo'] : [];
    case 'OpenSim Motion File':
      return session.MotionFile === true ? ['motion'] : [];
  }
}
