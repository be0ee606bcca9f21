import type { Selectable } from 'kysely';
import {
  SESSION_FILE_KINDS,
  type FileUploadTypeOption,
  type SessionFileKind,
  type VideoUploadTypeOption,
} from '#shared/sessions/sessionFiles';
import { UPLOAD_CONTENT_KINDS, type UploadContentKind } from '#shared/sessions/sessionSchemas';
import type { UploadStagingTable } from '#server/db/schema';
import { badRequest, conflict } from '#server/http/errors';
import type { FileToStore, PreparedUpload } from './derivedFiles.ts';
import { KIND_LABELS } from './inspectUpload.ts';

export type StagedRow = Selectable<UploadStagingTable>;
export type StagedChoice = { row: StagedRow; kind: SessionFileKind };

/** The staged uploads themselves, without the files made from them (stageFile). */
const stagedUploads = (rows: readonly StagedRow[]): StagedRow[] => rows.filter((r) => r.derived_from === null);

function ofKinds<K extends string>(kinds: readonly K[], value: string): K {
  const kind = kinds.find((k) => k === value);
  if (kind === undefined) throw new Error(`A staged file of unknown kind: ${value}`);
  return kind;
}

const storedAs = (row: StagedRow, kind: SessionFileKind, origin: FileToStore['origin']): FileToStore => ({
  key: row.storage_key,
  size: Number(row.size),
  sha256: row.sha256,
  contentType: row.content_type,
  kind,
  origin,
  stagedSlot: row.slot,
});

/**
 * A staged upload and the files made from it when it arrived, as keepUpload gave them: committing it reads nothing
 * again. An upload with joint data converted from it is a recording of another format. One staged by a version that
 * kept nothing beside it (its origin unset: stageFile writes one on every row) is refused like a replaced one, to be
 * sent again.
 */
export function stagedUpload(rows: readonly StagedRow[], upload: StagedRow): PreparedUpload {
  const stagedBefore = () =>
    conflict('The files of this FileUploadID were staged before the server was updated; send them again.');
  if (upload.origin === null) throw stagedBefore();
  const made = rows
    .filter((r) => r.derived_from === upload.slot)
    .map((r) => {
      if (r.origin === null) throw stagedBefore();
      return storedAs(r, ofKinds(SESSION_FILE_KINDS, r.kind), r.origin);
    });
  const staged: UploadContentKind = ofKinds(UPLOAD_CONTENT_KINDS, upload.kind);
  const content = staged === 'jointData' && made.some((f) => f.kind === 'jointData') ? 'recording' : staged;
  return { content, files: [storedAs(upload, staged, 'uploaded'), ...made] };
}

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
  const bySlot = new Map(stagedUploads(rows).map((r) => [r.slot, r]));
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
  const uploads = stagedUploads(rows);
  const [row, ...more] = uploads;
  if (row === undefined) throw badRequest('No file was sent with this FileUploadID.');
  if (more.length > 0)
    throw badRequest(
      `Upload Session File takes one file, but ${String(uploads.length)} were sent with this FileUploadID.`,
    );
  return row;
}
