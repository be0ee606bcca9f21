import type { JointRecording } from '../gait/jointDataFile.ts';

/** The recording formats the portal reads, recognised by content (recogniseFormat.ts). */
export const IMPORT_FORMATS = [
  'jointData',
  'c3d',
  'azureKinect',
  'kinectV2Csv',
  'kinectV2Json',
  'mediapipePose',
  'opencapTrc',
  'opensimMot',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** How each format is named to a user. */
export const FORMAT_NAMES: Readonly<Record<ImportFormat, string>> = {
  jointData: 'Joint data file (Kinect v1, 20 joints)',
  c3d: 'C3D marker trial',
  azureKinect: 'Azure Kinect Body Tracking JSON (32 joints)',
  kinectV2Csv: 'Kinect v2 CSV (25 joints)',
  kinectV2Json: 'Kinect v2 JSON (25 joints)',
  mediapipePose: 'MediaPipe Pose world landmarks JSON (33 landmarks)',
  opencapTrc: 'OpenCap TRC markers',
  opensimMot: 'OpenSim motion file (joint angles)',
};

/**
 * The skeleton the file itself has, for drawing it as recorded: its own joint (or marker) names, the bones between
 * them, and per bout the positions in the joint data file's space (metres, x right as seen facing the sensor, y up,
 * z away), frame f, joint j, axis a at (f × jointNames.length + j) × 3 + a. An untracked joint is (0, 0, 0), as in
 * the joint data file. The bouts share the converted recording's times.
 */
export type SourceSkeleton = {
  jointNames: readonly string[];
  /** Pairs of indices into jointNames. */
  bones: readonly (readonly [number, number])[];
  bouts: { times: Float64Array; positions: Float32Array }[];
};

export type ImportedRecording = {
  format: ImportFormat;
  /** The engine's 20-joint recording (docs/joint-data.md): what serializeJointData stores and the engine reads. */
  recording: JointRecording;
  skeleton: SourceSkeleton;
  /** Facts a clinician should know about the conversion (frames dropped, joints mostly untracked, …). */
  warnings: string[];
};

export type ImportResult = { ok: true; imported: ImportedRecording } | { ok: false; error: string };

export const importFailure = (error: string): { ok: false; error: string } => ({ ok: false, error });
