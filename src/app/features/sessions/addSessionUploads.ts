import { MOTION_FILE_ALONE } from '#shared/formats/importRecording';
import {
  SESSION_FILE_TYPES,
  type FileUploadTypeOption,
  type SessionFileType,
  type VideoUploadTypeOption,
} from '#shared/sessions/sessionFiles';
import type { SniffedFile } from '#shared/sessions/sniffSessionFile';
import { isOpencapTrc } from './fileTypes.ts';

/** A file picked in the Add Session dialog, by the type the admin says it is and what its first bytes are. */
export type PickedFile = { type: SessionFileType; sniffed?: SniffedFile };

export type UploadOptions =
  | { ok: true; FileUploadTypeOptions: FileUploadTypeOption; VideoUploadTypeOptions: VideoUploadTypeOption }
  | { ok: false; message: string };

/**
 * docs/spec.md §9 upload options from the files picked: shared-format JSON (joints, metrics or both) or one clinic-format
 * file, and the unblurred and/or blurred video. A session holds one file of each type. An OpenSim motion file goes
 * only beside an OpenCap TRC joint data file (the server refuses it otherwise); it needs no upload option.
 */
export function uploadOptionsFor(files: readonly PickedFile[]): UploadOptions {
  const count = (type: SessionFileType) => files.filter((file) => file.type === type).length;
  const twice = SESSION_FILE_TYPES.find((type) => count(type) > 1);
  if (twice) return { ok: false, message: `Choose only one ${twice}.` };
  const besideTrc = files.some(
    (file) => file.type === 'Joint Data File' && file.sniffed !== undefined && isOpencapTrc(file.sniffed),
  );
  if (count('OpenSim Motion File') > 0 && !besideTrc) return { ok: false, message: MOTION_FILE_ALONE };
  const joints = count('Joint Data File') > 0;
  const metrics = count('Gait Metrics File') > 0;
  const clinicFormat = count('Clinic Format File') > 0;
  if (clinicFormat && (joints || metrics)) {
    return { ok: false, message: 'Choose either a clinic-format file or joint data and gait metrics files, not both.' };
  }
  const unblurred = count('Video File') > 0;
  const blurred = count('Blurred Video File') > 0;
  return {
    ok: true,
    FileUploadTypeOptions: clinicFormat
      ? 'SSCFormat'
      : joints && metrics
        ? 'SharedFormat'
        : joints
          ? 'SharedFormatJointsOnly'
          : metrics
            ? 'SharedFormatGaitMetricsOnly'
            : 'None',
    VideoUploadTypeOptions: unblurred && blurred ? 'Both' : unblurred ? 'Unblurred' : blurred ? 'Blurred' : 'None',
  };
}

/** docs/spec.md §7: upload ids are built from the time plus a random number. */
export function newFileUploadId(now = Date.now(), random = Math.random()): string {
  return `${String(now)}${String(Math.floor(random * 1e9)).padStart(9, '0')}`;
}

/** The VideoKind the sendFile call takes for a video (the other files need none). */
export function videoKindOf(type: SessionFileType): 'Blurred' | 'Unblurred' | undefined {
  if (type === 'Video File') return 'Unblurred';
  if (type === 'Blurred Video File') return 'Blurred';
  return undefined;
}
