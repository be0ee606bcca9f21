import { checkMp4, hasMp4Signature } from '#shared/sessions/mp4Structure';
import { ORIGINAL_MEDIA, type OriginalFormat } from '#shared/formats/originalMedia';
import type { ClinicConversion, RecordingConversion } from '#server/analysis/analyseSessionFile';
import { HttpError } from '#server/http/errors';
import type { SessionDeps } from '#server/deps';
import type { ReceivedFile } from './uploadBody.ts';

/** An upload recognised by its content, with what was made from it: converted joint data, computed metrics. */
export type InspectedFile = ReceivedFile & { contentType: string } & (
    | { kind: 'jointData'; metricsText: string | undefined }
    | { kind: 'gaitMetrics' }
    | { kind: 'clinicFormat'; conversion: ClinicConversion }
    | { kind: 'video' }
    | { kind: 'motion' }
    | { kind: 'recording'; format: OriginalFormat; conversion: RecordingConversion }
  );

export const CONTENT_TYPES = { json: 'application/json', text: 'text/plain; charset=utf-8', mp4: 'video/mp4' } as const;

async function inspect(deps: SessionDeps, file: ReceivedFile): Promise<InspectedFile> {
  if (hasMp4Signature(file.head)) {
    const check = await checkMp4((start, length) => deps.storage.readBytes(file.key, start, length), file.size);
    if (!check.ok) throw new HttpError(check.status, check.error);
    return { ...file, kind: 'video', contentType: CONTENT_TYPES.mp4 };
  }
  // Text is parsed in the analysis worker, never on the event loop (src/server/analysis/sessionAnalyser.ts).
  const content = await deps.analyser.analyse(file);
  if (!content.ok) throw new HttpError(content.status, content.error);
  switch (content.kind) {
    case 'jointData':
      return { ...file, kind: 'jointData', metricsText: content.metricsText, contentType: CONTENT_TYPES.json };
    case 'gaitMetrics':
      return { ...file, kind: 'gaitMetrics', contentType: CONTENT_TYPES.json };
    case 'motion':
      return { ...file, kind: 'motion', contentType: CONTENT_TYPES.text };
    case 'clinicFormat':
      return { ...file, kind: 'clinicFormat', conversion: content.conversion, contentType: CONTENT_TYPES.text };
    case 'recording': {
      const { format, conversion } = content;
      return { ...file, kind: 'recording', format, conversion, contentType: ORIGINAL_MEDIA[format].contentType };
    }
  }
}

/**
 * Decides what a received file is, reading it once: a joint data file also brings its computed metrics, a
 * clinic-format file its conversion, and a recording of another format its joint data file and metrics. A file that
 * is no session file, or a damaged one, is deleted and refused.
 */
export async function inspectUpload(deps: SessionDeps, file: ReceivedFile): Promise<InspectedFile> {
  try {
    return await inspect(deps, file);
  } catch (error) {
    await deps.storage.delete(file.key);
    throw error;
  }
}

/** How users call each kind of file in messages. */
export const KIND_LABELS = {
  jointData: 'joint data file',
  gaitMetrics: 'gait metrics file',
  clinicFormat: 'clinic-format file',
  video: 'video',
  blurredVideo: 'blurred video',
  originalRecording: 'recording',
  recording: 'recording',
  motion: 'OpenSim motion file',
} as const;
