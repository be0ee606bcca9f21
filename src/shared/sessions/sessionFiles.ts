/**
 * Session files (docs/spec.md §3, §7): the stored formats, their download names and what each upload type replaces
 * (docs/spec.md §4). Download path: /Internal/download/sessionData/{SessionID}_{SubSessionID}.{format}; the same path
 * without Internal/ answers the file as text for the text viewer. A recording uploaded in another format than the
 * joint data file (C3D, Azure Kinect, …) is converted into the joint data file and kept, byte for byte, as the
 * original recording; its download name ends with the format's own extension (originalRecordingMedia). An OpenSim
 * motion file (.mot) uploaded beside an OpenCap TRC is kept byte for byte as the session's motion file.
 */
export const SESSION_FILE_FORMATS = {
  jointData: 'MainStorageFormat_JointData.json',
  gaitMetrics: 'MainStorageFormat_SessionMetrics.json',
  clinicFormat: 'GaitPortalClinicFormat_SessionFile.txt',
  video: 'SessionVideoFile_MP4.mp4',
  blurredVideo: 'SessionVideoFile_MP4_Blurred.mp4',
  originalRecording: 'OriginalRecording',
  motion: 'OpenSimMotion.mot',
} as const;
export type SessionFileKind = keyof typeof SESSION_FILE_FORMATS;
export const SESSION_FILE_KINDS = Object.keys(SESSION_FILE_FORMATS) as SessionFileKind[];

/** The Upload Session File dialog's types (docs/spec.md §3 "Session file types"), as sent in SessionFileType. */
export const SESSION_FILE_TYPES = [
  'Joint Data File',
  'Gait Metrics File',
  'Clinic Format File',
  'Video File',
  'Blurred Video File',
  'OpenSim Motion File',
] as const;
export type SessionFileType = (typeof SESSION_FILE_TYPES)[number];

/** Add Session upload options (docs/spec.md §9). */
export const FILE_UPLOAD_TYPE_OPTIONS = [
  'None',
  'SharedFormat',
  'SharedFormatJointsOnly',
  'SharedFormatGaitMetricsOnly',
  'SSCFormat',
] as const;
export type FileUploadTypeOption = (typeof FILE_UPLOAD_TYPE_OPTIONS)[number];
export const VIDEO_UPLOAD_TYPE_OPTIONS = ['None', 'Blurred', 'Unblurred', 'Both'] as const;
export type VideoUploadTypeOption = (typeof VIDEO_UPLOAD_TYPE_OPTIONS)[number];

export const sessionFilePath = (
  sessionId: string,
  subSessionId: string,
  kind: SessionFileKind,
  internal = true,
): string =>
  `${internal ? '/Internal' : ''}/download/sessionData/${sessionId}_${subSessionId}.${SESSION_FILE_FORMATS[kind]}`;
