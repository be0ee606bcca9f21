import { Zip, ZipPassThrough } from 'fflate';
import type { Session } from '#shared/sessions/session';
import { SESSION_FILE_FORMATS, SESSION_FILE_KINDS, type SessionFileKind } from '#shared/sessions/sessionFiles';
import { hasFile } from './sessionFileRules.ts';

/** One file of the zip: its name inside the archive, and where it comes from. */
export type ZipEntry = { name: string; session: Session; kind: SessionFileKind };

/** The stored files of the sessions, each under the server's own file name ({SessionID}_{SubSessionID}.{format}). */
export function zipEntries(sessions: readonly Session[]): ZipEntry[] {
  return sessions.flatMap((session) =>
    SESSION_FILE_KINDS.filter((kind) => hasFile(session, kind)).map((kind) => ({
      name: `${session.SessionID}_${session.SubSessionID}.${SESSION_FILE_FORMATS[kind]}`,
      session,
      kind,
    })),
  );
}

const safe = (text: string) => text.replace(/[^\w.-]+/g, '_');
const pad = (n: number) => String(n).padStart(2, '0');

/** The saved file's name: the session and patient for one, the count and day for several. */
export function zipFileName(sessions: readonly Session[], now = new Date()): string {
  const [only] = sessions;
  if (only && sessions.length === 1) {
    return `session-${String(only.SessionNumber)}.${String(only.SubSessionNumber)}-${safe(only.GivenPatientID)}.zip`;
  }
  const day = `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `sessions-${String(sessions.length)}-${day}.zip`;
}

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
  zip.end();
  if (failures[0]) throw failures[0];
  return new Blob(chunks, { type: 'application/zip' });
}
