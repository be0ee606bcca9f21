import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildZip, zipEntries, zipFileName, type ZipProgress } from './sessionZip.ts';
import { testSession } from './testSession.ts';

const one = testSession({
  SessionID: 'S1',
  SubSessionID: 'A',
  SessionNumber: 3,
  SubSessionNumber: 2,
  GivenPatientID: 'GP 1001',
  Data: true,
  GaitMetrics: true,
});
const two = testSession({ SessionID: 'S2', SubSessionID: 'B', Data: false, BlurredVideo: true });

const streamOf = (text: string, pieces = 3) => {
  const bytes = new TextEncoder().encode(text);
  const size = Math.ceil(bytes.length / pieces);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
      controller.close();
    },
  });
};

describe('zipEntries', () => {
  it('lists the stored files of each session under the server file names', () => {
    expect(zipEntries([one, two]).map((e) => e.name)).toEqual([
      'S1_A.MainStorageFormat_JointData.json',
      'S1_A.MainStorageFormat_SessionMetrics.json',
      'S2_B.SessionVideoFile_MP4_Blurred.mp4',
    ]);
  });
});

describe('zipFileName', () => {
  it('names one session by its numbers and patient, several by count and day', () => {
    expect(zipFileName([one])).toBe('session-3.2-GP_1001.zip');
    expect(zipFileName([one, two], new Date(2026, 2, 7))).toBe('sessions-2-2026-03-07.zip');
  });
});

describe('buildZip', () => {
  it('streams every entry into one zip that unpacks to the same bytes', async () => {
    const entries = zipEntries([one, two]);
    const progress: ZipProgress[] = [];
    const blob = await buildZip(
      entries,
      (entry) => Promise.resolve(streamOf(`content of ${entry.name}`)),
      (p) => progress.push(p),
    );
    expect(blob.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(files)).toEqual(entries.map((e) => e.name));
    expect(strFromU8(files['S2_B.SessionVideoFile_MP4_Blurred.mp4'] ?? new Uint8Array())).toBe(
      'content of S2_B.SessionVideoFile_MP4_Blurred.mp4',
    );
    expect(progress.at(-1)).toMatchObject({ entry: 3, entries: 3 });
  });

  it('gives an empty zip for no entries', async () => {
    const blob = await buildZip([], () => Promise.reject(new Error('unused')));
    expect(Object.keys(unzipSync(new Uint8Array(await blob.arrayBuffer())))).toEqual([]);
  });
});
