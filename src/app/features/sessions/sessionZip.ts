import { Zip, ZipPassThrough } from 'fflate';
import { STORED_FILE_DOWNLOAD_KINDS, selectionFileName, sessionFileName } from '#shared/exports/downloadNames';
import { zipIndexCsv } from '#shared/exports/zipIndex';
import { originalExtension } from '#shared/formats/originalMedia';
import type { Session } from '#shared/sessions/session';
import { SESSION_FILE_KINDS, type SessionFileKind } from '#shared/sessions/sessionFiles';
import { hasFile } from './sessionFileRules.ts';

/** One file of the zip: its name inside the archive, and where it comes from. */
export type ZipEntry = { name: string; session: Session; kind: SessionFileKind };

/** A stored file's body as it streams in, with the content type it was stored with. */
export type OpenedFile = { body: ReadableStream<Uint8Array>; contentType: string };

const numbers = (session: Session) => ({
  givenPatientId: session.GivenPatientID,
  sessionNumber: session.SessionNumber,
  subSessionNumber: session.SubSessionNumber,
});

/**
 * The stored files of the sessions, each named `<patient id>_session-<n>.<m>_<kind>`. An original recording's
 * extension (.c3d, .trc, …) comes from the content type it is served with, so buildZip completes its name.
 */
export function zipEntries(sessions: readonly Session[]): ZipEntry[] {
  return sessions.flatMap((session) =>
    SESSION_FILE_KINDS.filter((kind) => hasFile(session, kind)).map((kind) => ({
      name: sessionFileName(numbers(session), STORED_FILE_DOWNLOAD_KINDS[kind]),
      session,
      kind,
    })),
  );
}

/** The entry's name once its content type is known: an original recording ends with its format's extension. */
const namedByContent = (entry: ZipEntry, contentType: string): ZipEntry =>
  entry.kind === 'originalRecording'
    ? { ...entry, name: sessionFileName(numbers(entry.session), 'original', originalExtension(contentType)) }
    : entry;

/** index.csv of the zip: which patient, session and test each file belongs to, so it reads without the portal. */
export function zipIndexText(sessions: readonly Session[], entries: readonly ZipEntry[]): string {
  return zipIndexCsv(
    sessions.map((session) => ({
      ...numbers(session),
      dateTime: session.DateTime,
      testName: session.TestName,
      files: entries.filter((e) => e.session === session).map((e) => e.name),
    })),
  );
}

/** The saved file's name: the patient's id for one patient's sessions, the number of patients otherwise. */
export const zipFileName = (sessions: readonly Session[]): string =>
  selectionFileName(
    sessions.map((s) => s.GivenPatientID),
    'files.zip',
  );

export type ZipProgress = { entry: number; entries: number; bytes: number };

/**
 * Builds one zip from the entries while their bodies stream in (fflate's streaming Zip, docs/design.md stack). Entries
 * are stored, not deflated: videos are compressed already, and storing keeps a tablet's CPU free. Returns the zip
 * as a Blob made of the output chunks, so no single buffer of the whole archive is ever built. `indexOf` writes
 * index.csv from the entries as named in the zip.
 */
export async function buildZip(
  entries: readonly ZipEntry[],
  open: (entry: ZipEntry) => Promise<OpenedFile>,
  onProgress: (progress: ZipProgress) => void = () => undefined,
  indexOf?: (named: readonly ZipEntry[]) => string,
): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const failures: Error[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) failures.push(error);
    else chunks.push(new Uint8Array(chunk));
  });
  let bytes = 0;
  const named: ZipEntry[] = [];
  for (const [index, entry] of entries.entries()) {
    const opened = await open(entry);
    const namedEntry = namedByContent(entry, opened.contentType);
    named.push(namedEntry);
    const file = new ZipPassThrough(namedEntry.name);
    zip.add(file);
    const reader = opened.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      file.push(value);
      bytes += value.length;
      onProgress({ entry: index + 1, entries: entries.length, bytes });
    }
    file.push(new Uint8Array(0), true);
    if (failures[0]) throw failures[0];
  }
  if (indexOf !== undefined) {
    const file = new ZipPassThrough('index.csv');
    zip.add(file);
    file.push(new TextEncoder().encode(indexOf(named)), true);
  }
  zip.end();
  if (failures[0]) throw failures[0];
  return new Blob(chunks, { type: 'application/zip' });
}
