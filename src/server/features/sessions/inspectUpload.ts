import type { JointRecording } from '#shared/gait/jointDataFile';
import type { ClinicFormatDocument } from '#shared/sessions/clinicFormat';
import { checkMp4, hasMp4Signature } from '#shared/sessions/mp4Structure';
import { classifySessionText } from '#shared/sessions/sessionFileContent';
import { HttpError } from '#server/http/errors';
import type { SessionDeps } from './sessionDeps.ts';
import type { ReceivedFile } from './uploadBody.ts';

/** An upload recognised by its content, with what the commit needs from it. */
export type InspectedFile = ReceivedFile & { contentType: string } & (
    | { kind: 'jointData'; recording: JointRecording }
    | { kind: 'gaitMetrics' }
    | { kind: 'clinicFormat'; document: ClinicFormatDocument }
    | { kind: 'video' }
  );

export const CONTENT_TYPES = { json: 'application/json', text: 'text/plain; charset=utf-8', mp4: 'video/mp4' } as const;

async function inspect(deps: SessionDeps, file: ReceivedFile): Promise<InspectedFile> {
  if (hasMp4Signature(file.head)) {
    const check = await checkMp4((start, length) => deps.storage.readBytes(file.key, start, length), file.size);
    if (!check.ok) throw new HttpError(check.status, check.error);
    return { ...file, kind: 'video', contentType: CONTENT_TYPES.mp4 };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await deps.storage.readAll(file.key));
  } catch {
    throw new HttpError(415, 'The file is neither an MP4 video nor UTF-8 text, so it is not a session file.');
  }
  const content = classifySessionText(text);
  if (!content.ok) throw new HttpError(content.status, content.error);
  switch (content.kind) {
    case 'jointData':
      return { ...file, kind: 'jointData', recording: content.recording, contentType: CONTENT_TYPES.json };
    case 'gaitMetrics':
      return { ...file, kind: 'gaitMetrics', contentType: CONTENT_TYPES.json };
    case 'clinicFormat':
      return { ...file, kind: 'clinicFormat', document: content.document, contentType: CONTENT_TYPES.text };
  }
}

/** Decides what a received file is; a file that is no session file, or a damaged one, is deleted and refused. */
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
} as const;
