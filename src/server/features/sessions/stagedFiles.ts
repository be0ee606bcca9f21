import type { Selectable } from 'kysely';
import type { FileUploadTypeOption, SessionFileKind, VideoUploadTypeOption } from '#shared/sessions/sessionFiles';
import type { UploadStagingTable } from '#server/db/schema';
import { badRequest } from '#server/http/errors';
import { KIND_LABELS } from './inspectUpload.ts';

export type StagedRow = Selectable<UploadStagingTable>;
export type StagedChoice = { row: StagedRow; kind: SessionFileKind };

/** What each Add Session upload type commits (docs/spec.md §9): the shared format is the joint data and gait metrics JSON. */
const DATA_FILES: Record<FileUploadTypeOption, ('jointData' | 'gaitMetrics' | 'clinicFormat')[]> = {
  None: [],
  SharedFormat: ['jointData', 'gaitMetrics'],
  SharedFormatJointsOnly: ['jointData'],
  SharedFormatGaitMetricsOnly: ['gaitMetrics'],
  SSCFormat: ['clinicFormat'],
};

/**
 * The staged files an Add Session commits. A video sent with VideoKind (or a file name saying 'blur'/'unblur') fills
 * that role; a video sent without may fill the one role asked for by Blurred or Unblurred, but 'Both' needs each
 * video named, so two videos are never told apart by guesswork. An OpenSim motion file staged under the same
 * FileUploadID comes along whatever the options say (the commit checks it has its OpenCap TRC).
 */
export function chooseStagedFiles(
  rows: readonly StagedRow[],
  files: FileUploadTypeOption,
  video: VideoUploadTypeOption,
): StagedChoice[] {
  const bySlot = new Map(rows.map((r) => [r.slot, r]));
  const chosen: StagedChoice[] = [];
  for (const kind of DATA_FILES[files]) {
    const row = bySlot.get(kind);
    if (row === undefined)
      throw badRequest(
        `FileUploadTypeOptions ${files} needs a ${KIND_LABELS[kind]}, but none was sent with this FileUploadID`,
      );
    chosen.push({ row, kind });
  }
  const motion = bySlot.get('motion');
  if (motion !== undefined) chosen.push({ row: motion, kind: 'motion' });
  const videoRow = (role: 'Blurred' | 'Unblurred', allowUnnamed: boolean): StagedRow => {
    const row = bySlot.get(`video:${role}`) ?? (allowUnnamed ? bySlot.get('video:') : undefined);
    if (row !== undefined) return row;
    throw badRequest(
      video === 'Both'
        ? 'VideoUploadTypeOptions Both needs two videos, sent with VideoKind=Blurred and VideoKind=Unblurred'
        : `VideoUploadTypeOptions ${video} needs a video, but none was sent with this FileUploadID`,
    );
  };
  switch (video) {
    case 'None':
      break;
    case 'Unblurred':
      chosen.push({ row: videoRow('Unblurred', true), kind: 'video' });
      break;
    case 'Blurred':
      chosen.push({ row: videoRow('Blurred', true), kind: 'blurredVideo' });
      break;
    case 'Both':
      chosen.push(
        { row: videoRow('Unblurred', false), kind: 'video' },
        { row: videoRow('Blurred', false), kind: 'blurredVideo' },
      );
      break;
  }
  return chosen;
}

/**
 * The file an Upload Session File names by FileUploadID: the one the caller staged under it (another user's files
 * are as none, so their existence is not leaked). A FileUploadID holding several files is refused, not guessed at.
 */
export function onlyStagedFile(rows: readonly StagedRow[]): StagedRow {
  const [row, ...more] = rows;
  if (row === undefined) throw badRequest('No file was sent with this FileUploadID.');
  if (more.length > 0)
    throw badRequest(
      `Upload Session File takes one file, but ${String(rows.length)} were sent with this FileUploadID.`,
    );
  return row;
}
