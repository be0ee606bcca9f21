import type { SessionFileKind } from '../sessions/sessionFiles.ts';

/**
 * Download names made from what a clinician knows a session by, the patient's given id and the session and
 * sub-session numbers (e.g. `P-0042_session-3.1_joints.c3d`), never from the portal's internal UUIDs. Characters
 * that file systems or HTTP headers mishandle become '-', and the id is cut to 64 characters.
 */
export type DownloadKind =
  | 'joints.c3d'
  | 'metrics.csv'
  | 'cycles.csv'
  | 'events.csv'
  | 'fhir.json'
  | 'joints.json'
  | 'metrics.json'
  | 'clinic-format.txt'
  | 'video.mp4'
  | 'video-blurred.mp4'
  | 'original'
  | 'motion.mot'
  | 'report.html'
  | 'report.pdf';

/** The name each stored session file is downloaded under, after the patient id and session numbers. */
export const STORED_FILE_DOWNLOAD_KINDS: Record<SessionFileKind, DownloadKind> = {
  jointData: 'joints.json',
  gaitMetrics: 'metrics.json',
  clinicFormat: 'clinic-format.txt',
  video: 'video.mp4',
  blurredVideo: 'video-blurred.mp4',
  // The recording as it was uploaded (C3D, TRC, …): its extension comes from its stored content type.
  originalRecording: 'original',
  motion: 'motion.mot',
};

export function safeIdPart(text: string): string {
  const safe = text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 64);
  return safe === '' ? 'patient' : safe;
}

export function sessionFileName(
  s: { givenPatientId: string; sessionNumber: number; subSessionNumber: number },
  kind: DownloadKind,
  originalExtension = '',
): string {
  const base = `${safeIdPart(s.givenPatientId)}_session-${s.sessionNumber}.${s.subSessionNumber}`;
  if (kind !== 'original') return `${base}_${kind}`;
  const extension = originalExtension
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toLowerCase();
  return extension === '' ? `${base}_original` : `${base}_original.${extension}`;
}

/** A selection's files: one per patient, or a named selection when it spans patients. */
export function selectionFileName(
  givenPatientIds: readonly string[],
  kind: 'metrics.csv' | 'cycles.csv' | 'events.csv' | 'fhir.json' | 'sessions.zip' | 'files.zip',
): string {
  const patients = [...new Set(givenPatientIds)];
  const who = patients.length === 1 ? safeIdPart(patients[0] ?? '') : `${patients.length}-patients`;
  return `${who}_${kind}`;
}
