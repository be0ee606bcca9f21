import { Zip, ZipPassThrough } from 'fflate';
import { STORED_FILE_DOWNLOAD_KINDS, selectionFileName, sessionFileName } from '#shared/exports/downloadNames';
import { zipIndexCsv } from '#shared/exports/zipIndex';
import type { Session } from '#shared/sessions/session';
import { SESSION_FILE_KINDS, type SessionFileKind } from '#shared/sessions/sessionFiles';
import { hasFile } from './sessionFileRules.ts';

/** One file of the zip: its name inside the archive, and where it comes from. */
export type ZipEntry = { name: string; session: Session; kind: SessionFileKind };

const numbers = (session: Session) => ({
  givenPatientId: session.GivenPatientID,
  sessionNumber: session.SessionNumber,
  subSessionNumber: session.SubSessionNumber,
});

/** The stored files of the sessions, each named `<patient id>_session-<n>.<m>_<kind>`. */
export function zipEntries(sessions: readonly Session[]): ZipEntry[] {
  return sessions.flatMap((session) =>
    SESSION_FILE_KINDS.filter((kind) => hasFile(session, kind)).map((kind) => ({
      name: sessionFileName(numbers(session), STORED_FILE_DOWNLOAD_KINDS[kind]),
      session,
      kind,
    })),
  );
}

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
 * as a Blob made of the output chunks, so no single buffer of the whole archive is ever built.
 */
export async function buildZip(
  entries: readonly ZipEntry[],
  open: (entry: ZipEntry) => Promise<ReadableStream<Uint8Array>>,
  onProgress: (progress: ZipProgress) => void = () => undefined,
  index?: string,
): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const failures: Error[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) failures.push(error);
    else chunks.push(new Uint8Array(chunk));
  });
  let bytes = 0;
  for (const [index, entry] of entries.entries()) {
    const file = new ZipPassThrough(entry.name);
    zip.add(file);
    const reader = (await open(entry)).getReader();
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
  if (index !== undefined) {
    const file = new ZipPassThrough('index.csv');
    zip.add(file);
    file.push(new TextEncoder().encode(index), true);
  }
  zip.end();
  if (failures[0]) throw failures[0];
  return new Blob(chunks, { type: 'application/zip' });
}
