import type { FileUploadTypeOption, VideoUploadTypeOption } from '#shared/sessions/sessionFiles';

/** The upload types of docs/spec.md §9 in words: the wire names ('SharedFormatJointsOnly') mean nothing to a user. */
export const FILE_UPLOAD_TYPE_LABELS: Record<FileUploadTypeOption, string> = {
  None: 'No session file',
  SharedFormat: 'Joint data and gait metrics',
  SharedFormatJointsOnly: 'Joint data only',
  SharedFormatGaitMetricsOnly: 'Gait metrics only',
  SSCFormat: 'Clinic-format file',
};

export const VIDEO_UPLOAD_TYPE_LABELS: Record<VideoUploadTypeOption, string> = {
  None: 'No video',
  Blurred: 'Blurred video',
  Unblurred: 'Unblurred video',
  Both: 'Blurred and unblurred videos',
};
