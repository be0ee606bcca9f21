import { FileButton } from '#app/components/ui/FileButton';
import { DeleteIcon } from '#app/components/ui/icons';
import { IconButton } from '#app/components/ui/IconButton';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { Select } from '#app/components/ui/Select';
import type { SessionFileType } from '#shared/sessions/sessionFiles';
import { ACCEPTED_EXTENSIONS, describeSniffed, typesForFile } from './fileTypes.ts';
import type { PickedUpload, UploadStatus } from './useAddSessionUploads.ts';

const STATUS_TEXT: Record<UploadStatus, string> = {
  waiting: 'Waiting',
  sending: 'Uploading',
  sent: 'Uploaded',
  failed: 'Failed',
};

export type PickedFilesListProps = {
  files: readonly PickedUpload[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onTypeChange: (id: string, type: SessionFileType) => void;
  isBusy: boolean;
};

/**
 * The Add Session dialog's files: a picker (any file; recordings, metrics, clinic-format files and videos are told
 * by content), each file's type as its content allows and its upload progress.
 */
export function PickedFilesList({ files, onAdd, onRemove, onTypeChange, isBusy }: PickedFilesListProps) {
  return (
    <fieldset className="picked-files">
      <legend className="field__label">Session files</legend>
      <FileButton accept={ACCEPTED_EXTENSIONS} allowsMultiple onSelect={onAdd} isDisabled={isBusy}>
        Choose Files
      </FileButton>
      {files.length === 0 ? (
        <p className="field__description">
          A recording (joint data file, C3D, Azure Kinect, Kinect v2, MediaPipe Pose or OpenCap TRC, with its OpenSim
          .mot beside it), gait metrics, a clinic-format file, video (MP4).
        </p>
      ) : (
        <ul className="picked-files__list">
          {files.map((upload) => (
            <li key={upload.id} className="picked-files__item">
              <div className="picked-files__row">
                <Select
                  label={upload.file.name}
                  options={typesForFile(upload.sniffed, upload.file.name).map((type) => ({ id: type, label: type }))}
                  description={describeSniffed(upload.sniffed)}
                  value={upload.type}
                  onChange={(type) => type && onTypeChange(upload.id, type as SessionFileType)}
                  isDisabled={isBusy}
                />
                <IconButton
                  aria-label={`Remove ${upload.file.name}`}
                  onPress={() => onRemove(upload.id)}
                  isDisabled={isBusy}
                >
                  <DeleteIcon />
                </IconButton>
              </div>
              {upload.status !== 'waiting' && (
                <ProgressBar label={`${STATUS_TEXT[upload.status]} ${upload.file.name}`} value={upload.percent} />
              )}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
