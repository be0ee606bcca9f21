import { parseJointData } from '../gait/jointDataFile.ts';
import { decodeUtf8 } from '../utf8.ts';
import { importAzureKinect } from './azureKinect.ts';
import { importC3d } from './c3dImport.ts';
import { importFailure, type ImportFormat, type ImportResult } from './importedRecording.ts';
import { importKinectV2Csv } from './kinectV2Csv.ts';
import { importKinectV2Json } from './kinectV2Json.ts';
import { kinectV1Skeleton } from './kinectV1Skeleton.ts';
import { importMediapipePose } from './mediapipePose.ts';
import { importOpencapTrc } from './opencapTrc.ts';
import { recogniseFormat } from './recogniseFormat.ts';

export const MOTION_FILE_ALONE =
  'An OpenSim motion file holds joint angles, not joint positions, so it cannot make a session on its own: add it beside the OpenCap TRC marker file of the same trial, as the OpenSim Motion File.';

/**
 * Any accepted recording, recognised by content, as the engine's joint data plus the file's own skeleton; or one
 * sentence saying why it cannot be read (never throws on bad input). Pure: the caller keeps the original bytes.
 */
export function importRecording(bytes: Uint8Array): ImportResult {
  const recognised = recogniseFormat(bytes);
  if (!recognised.ok) return importFailure(recognised.error);
  return importAs(recognised.format, bytes);
}

export function importAs(format: ImportFormat, bytes: Uint8Array): ImportResult {
  if (format === 'c3d') return importC3d(bytes);
  const text = decodeUtf8(bytes);
  switch (format) {
    case 'jointData': {
      const parsed = parseJointData(text);
      if (!parsed.ok) return importFailure(parsed.error);
      const imported = { format, recording: parsed.recording, skeleton: kinectV1Skeleton(parsed.recording) };
      return { ok: true, imported: { ...imported, warnings: [] } };
    }
    case 'azureKinect':
      return importAzureKinect(text);
    case 'kinectV2Csv':
      return importKinectV2Csv(text);
    case 'kinectV2Json':
      return importKinectV2Json(text);
    case 'mediapipePose':
      return importMediapipePose(text);
    case 'opencapTrc':
      return importOpencapTrc(text);
    case 'opensimMot':
      return importFailure(MOTION_FILE_ALONE);
  }
}
