import { Readable } from 'node:stream';
import type { SessionFileKind } from '#shared/sessions/sessionFiles';
import type { ClinicConversion, RecordingConversion } from '#server/analysis/analyseSessionFile';
import type { SessionFileOrigin } from '#server/db/schema';
import type { StoredFile } from '#server/storage/fileStorage';
import { CONTENT_TYPES, type InspectedFile } from './inspectUpload.ts';
import type { SessionDeps } from '#server/deps';

/** A file to record against a sub-session; `stagedSlot` names the upload_staging row it comes from, if any. */
export type FileToStore = StoredFile & {
  kind: SessionFileKind;
  contentType: string;
  origin: SessionFileOrigin;
  stagedSlot?: string;
};

/** Files written while preparing a write, so that they can be removed again if the write does not happen. */
export type Derived = { files: FileToStore[]; created: string[] };

/**
 * An uploaded file as it will be stored, under the kind it was recognised as (or, for a video, its role). A recording
 * of another format is staged as the session's joint data; committing it converts it (addConvertedRecording).
 */
export const asUploaded = (
  file: InspectedFile,
  kind: SessionFileKind = file.kind === 'recording' ? 'jointData' : file.kind,
): FileToStore => ({
  key: file.key,
  size: file.size,
  sha256: file.sha256,
  contentType: file.contentType,
  kind,
  origin: 'uploaded',
});

export async function discardFiles(deps: SessionDeps, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.storage.delete(key)));
}

async function storeText(
  deps: SessionDeps,
  derived: Derived,
  text: string,
  kind: SessionFileKind,
  origin: SessionFileOrigin,
): Promise<void> {
  const stored = await deps.storage.write(Readable.from([Buffer.from(text, 'utf8')]));
  derived.created.push(stored.key);
  derived.files.push({
    ...stored,
    kind,
    origin,
    contentType: kind === 'clinicFormat' ? CONTENT_TYPES.text : CONTENT_TYPES.json,
  });
}

/** The gait metrics file the engine computed from a recording (none when the walk could not be analysed). */
export async function addComputedMetrics(
  deps: SessionDeps,
  derived: Derived,
  metricsText: string | undefined,
): Promise<void> {
  if (metricsText !== undefined) await storeText(deps, derived, metricsText, 'gaitMetrics', 'computed');
}

/**
 * A clinic-format file's data in the main storage format (docs/spec.md §4: it replaces Data or GaitMetrics, whichever it
 * holds), plus, for joint data, the metrics computed from it.
 */
export async function addConvertedClinicFiles(deps: SessionDeps, derived: Derived, conversion: ClinicConversion) {
  if (conversion.kind === 'gaitMetrics') {
    await storeText(deps, derived, conversion.metricsText, 'gaitMetrics', 'converted');
    return;
  }
  await storeText(deps, derived, conversion.jointDataText, 'jointData', 'converted');
  await addComputedMetrics(deps, derived, conversion.metricsText);
}

/**
 * A recording of another format (C3D, Azure Kinect, …) as the session keeps it: the uploaded file itself, byte for
 * byte, as the original recording; the joint data file converted from it, which the engine and the viewer read; and
 * the metrics the engine computed from that (none when the walk could not be analysed).
 */
export async function addConvertedRecording(
  deps: SessionDeps,
  derived: Derived,
  original: FileToStore,
  conversion: RecordingConversion,
  withMetrics: boolean,
): Promise<void> {
  derived.files.push({ ...original, kind: 'originalRecording', origin: 'uploaded' });
  await storeText(deps, derived, conversion.jointDataText, 'jointData', 'converted');
  if (withMetrics) await addComputedMetrics(deps, derived, conversion.metricsText);
}

/** Runs a preparation that writes files, removing what it wrote if it fails part-way. */
export async function prepareFiles(deps: SessionDeps, prepare: (derived: Derived) => Promise<void>): Promise<Derived> {
  const derived: Derived = { files: [], created: [] };
  try {
    await prepare(derived);
    return derived;
  } catch (error) {
    await discardFiles(deps, derived.created);
    throw error;
  }
}
