import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { Zip, ZipDeflate } from 'fflate';
import type { SessionExportKind } from '#shared/api/exportCalls';
import { csvText } from '#shared/exports/csvText';
import { zipIndexCsv, type ZipIndexEntry } from '#shared/exports/zipIndex';
import { WALK_TESTS } from '#shared/codes/tests';
import type { SessionDeps } from '#server/deps';
import type { ExportRunner } from './exportRunner.ts';
import { exportJobOf } from './exportSources.ts';
import type { ExportSubject } from './exportSubject.ts';

const TEST_NAMES = new Map<string, string>(WALK_TESTS.map((t) => [t.TestID, t.Name]));
const NOT_EXPORTED_HEADER = ['patient_id', 'session', 'sub_session', 'file', 'reason'] as const;

/** The zip of several sub-sessions' exports, streaming once its first file is made; or why none could be made. */
export type ExportZip = { ok: true; stream: PassThrough } | { ok: false; error: string };

/**
 * Makes each chosen export of each sub-session, one after another in the export worker, into a deflated zip with index.csv and, when a session could not give a file,
 * not-exported.csv with the reason. Nothing is sent until the first file exists, so a selection that gives nothing
 * is answered with an error instead of an empty zip; after that the zip streams, never held whole in memory.
 */
export async function exportZip(
  deps: SessionDeps,
  runner: ExportRunner,
  subjects: readonly ExportSubject[],
  kinds: readonly SessionExportKind[],
): Promise<ExportZip> {
  const stream = new PassThrough();
  const zip = new Zip((error, chunk) => {
    if (error) stream.destroy(error);
    else stream.write(chunk);
  });
  const index: ZipIndexEntry[] = [];
  const missing: (string | number)[][] = [];
  let firstError: string | undefined;
  let started = false;
  const add = (name: string, bytes: Uint8Array) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(bytes, true);
  };

  const rest = async (from: number) => {
    for (const subject of subjects.slice(from)) {
      if (stream.destroyed) return; // the client went away
      await addSession(subject);
      if (stream.writableNeedDrain) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
    }
    add('index.csv', new TextEncoder().encode(zipIndexCsv(index)));
    if (missing.length > 0) add('not-exported.csv', new TextEncoder().encode(csvText(NOT_EXPORTED_HEADER, missing)));
    zip.end();
    stream.end();
  };
  const addSession = async (subject: ExportSubject) => {
    const made = await runner.run(await exportJobOf(deps, subject, kinds));
    const files: string[] = [];
    for (const [i, kind] of kinds.entries()) {
      const file = made.files[i] ?? { ok: false, error: 'Nothing to export.' };
      if (!file.ok) {
        firstError ??= file.error;
        missing.push([subject.givenPatientId, subject.sessionNumber, subject.subSessionNumber, kind, file.error]);
        continue;
      }
      add(file.name, file.bytes);
      files.push(file.name);
      started = true;
    }
    index.push({ ...subject, testName: TEST_NAMES.get(subject.testId) ?? subject.testId, files });
  };

  for (const [i, subject] of subjects.entries()) {
    await addSession(subject);
    if (started) {
      rest(i + 1).catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
      return { ok: true, stream };
    }
  }
  return { ok: false, error: firstError ?? 'Nothing to export.' };
}
