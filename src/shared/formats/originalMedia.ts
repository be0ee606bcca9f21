import type { ImportFormat } from './importedRecording.ts';

/** The formats kept as an original recording beside the joint data converted from them. */
export type OriginalFormat = Exclude<ImportFormat, 'jointData' | 'opensimMot'>;

type Media = { contentType: string; extension: string };

/**
 * How an original recording is stored and named for download. C3D has no registered media type, so it is served as
 * bytes; the text formats as what they are (a TRC file is tab-separated text).
 */
export const ORIGINAL_MEDIA: Readonly<Record<OriginalFormat, Media>> = {
  c3d: { contentType: 'application/octet-stream', extension: 'c3d' },
  azureKinect: { contentType: 'application/json', extension: 'json' },
  kinectV2Csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  kinectV2Json: { contentType: 'application/json', extension: 'json' },
  mediapipePose: { contentType: 'application/json', extension: 'json' },
  opencapTrc: { contentType: 'text/plain; charset=utf-8', extension: 'trc' },
};

const essence = (contentType: string) => (contentType.split(';')[0] ?? '').trim().toLowerCase();

/**
 * The file name extension of an original recording stored (or served) with this content type, one per media type;
 * parameters such as a charset a server adds do not change it.
 */
export function originalExtension(contentType: string): string {
  const type = essence(contentType);
  return Object.values(ORIGINAL_MEDIA).find((media) => essence(media.contentType) === type)?.extension ?? 'bin';
}

/** Whether an original recording can be shown as text (every format but C3D). */
export const isTextOriginal = (contentType: string): boolean => contentType !== ORIGINAL_MEDIA.c3d.contentType;
