import { Readable } from 'node:stream';
import type { SessionFileKind } from '#shared/sessions/sessionFiles';
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

/** What an upload's content is, and its files as the session keeps them: the upload first, then what was made from it. */
export type PreparedUpload = { content: InspectedFile['kind']; files: FileToStore[] };

type Made = { text: string; kind: 'jointData' | 'gaitMetrics'; origin: 'converted' | 'computed' };

const computed = (metricsText: string | undefined): Made[] =>
  metricsText === undefined ? [] : [{ text: metricsText, kind: 'gaitMetrics', origin: 'computed' }];

/**
 * What the inspection made from an upload (docs/spec.md §4): a joint data file's metrics; a clinic-format file's data
 * in the main storage format (it replaces Data or GaitMetrics, whichever it holds), plus metrics for joint data; a
 * recording of another format's joint data file, which the engine and the viewer read, and its metrics. Metrics are
 * absent when the walk could not be analysed.
 */
function madeFrom(file: InspectedFile): Made[] {
  switch (file.kind) {
    case 'jointData':
      return computed(file.metricsText);
    case 'recording':
      return [
        { text: file.conversion.jointDataText, kind: 'jointData', origin: 'converted' },
        ...computed(file.conversion.metricsText),
      ];
    case 'clinicFormat': {
      const { conversion } = file;
      return conversion.kind === 'gaitMetrics'
        ? [{ text: conversion.metricsText, kind: 'gaitMetrics', origin: 'converted' }]
        : [
            { text: conversion.jointDataText, kind: 'jointData', origin: 'converted' },
            ...computed(conversion.metricsText),
          ];
    }
    case 'gaitMetrics':
    case 'motion':
    case 'video':
      return [];
  }
}

/**
 * An inspected upload as the session will keep it: the file itself, byte for byte (a recording of another format as
 * the original recording, anything else as what its content is: the caller gives a video its role), and the files
 * made from it, written to storage now so that nothing is read or parsed again when the upload is committed.
 */
export async function keepUpload(deps: SessionDeps, derived: Derived, file: InspectedFile): Promise<PreparedUpload> {
  const upload: FileToStore = {
    key: file.key,
    size: file.size,
    sha256: file.sha256,
    contentType: file.contentType,
    kind: file.kind === 'recording' ? 'originalRecording' : file.kind,
    origin: 'uploaded',
  };
  const files = [upload];
  for (const made of madeFrom(file)) {
    const stored = await deps.storage.write(Readable.from([Buffer.from(made.text, 'utf8')]));
    derived.created.push(stored.key);
    files.push({ ...stored, kind: made.kind, origin: made.origin, contentType: CONTENT_TYPES.json });
  }
  return { content: file.kind, files };
}

/**
 * The files of a prepared upload with the upload in the role the caller gives it; a recording of another format
 * stays the original recording beside the joint data converted from it.
 */
export function inRole({ content, files }: PreparedUpload, role: SessionFileKind): FileToStore[] {
  const [upload, ...made] = files;
  if (upload === undefined) throw new Error('A prepared upload has its file first');
  return [{ ...upload, kind: content === 'recording' ? 'originalRecording' : role }, ...made];
}

export async function discardFiles(deps: SessionDeps, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.storage.delete(key)));
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
