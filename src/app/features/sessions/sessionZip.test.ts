import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildZip, zipEntries, zipFileName, zipIndexText, type ZipProgress } from './sessionZip.ts';
import { testSession } from '#shared/sessions/testSession';

const one = testSession({
  SessionID: 'S1',
  SubSessionID: 'A',
  SessionNumber: 3,
  SubSessionNumber: 2,
  GivenPatientID: 'GP 1001',
  Data: true,
  GaitMetrics: true,
});
const two = testSession({
  SessionID: 'S2',
  SubSessionID: 'B',
  SessionNumber: 4,
  SubSessionNumber: 1,
  GivenPatientID: 'GP-1002',
  Data: false,
  BlurredVideo: true,
});

const imported = testSession({
  SessionID: 'S3',
  SubSessionID: 'C',
  SessionNumber: 5,
  SubSessionNumber: 1,
  GivenPatientID: 'GP-1003',
  Data: true,
  OriginalRecording: true,
});

const CONTENT_TYPES: Record<string, string> = {
  originalRecording: 'text/plain; charset=utf-8',
  jointData: 'application/json; charset=utf-8',
};

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
  it('names the stored files of each session by patient id and session numbers, never by UUID', () => {
    expect(zipEntries([one, two]).map((e) => e.name)).toEqual([
      'GP-1001_session-3.2_joints.json',
      'GP-1001_session-3.2_metrics.json',
      'GP-1002_session-4.1_video-blurred.mp4',
    ]);
  });

  it('lists every file with its patient, session and test in index.csv', () => {
    const lines = zipIndexText([one, two], zipEntries([one, two])).split('\r\n');
    expect(lines[0]).toBe('patient_id,session,sub_session,date_time,test,file');
    expect(lines.slice(1, 4).map((l) => l.split(',').slice(0, 3).concat(l.split(',').slice(-1)))).toEqual([
      ['GP 1001', '3', '2', 'GP-1001_session-3.2_joints.json'],
      ['GP 1001', '3', '2', 'GP-1001_session-3.2_metrics.json'],
      ['GP-1002', '4', '1', 'GP-1002_session-4.1_video-blurred.mp4'],
    ]);
  });
});

describe('zipFileName', () => {
  it("names the zip by the patient's id, or by the number of patients", () => {
    expect(zipFileName([one])).toBe('GP-1001_files.zip');
    expect(zipFileName([one, two])).toBe('2-patients_files.zip');
  });
});

describe('buildZip', () => {
  it('streams every entry into one zip that unpacks to the same bytes', async () => {
    const entries = zipEntries([one, two]);
    const progress: ZipProgress[] = [];
    const blob = await buildZip(
      entries,
      (entry) => Promise.resolve({ body: streamOf(`content of ${entry.name}`), contentType: 'application/json' }),
      (p) => progress.push(p),
    );
    expect(blob.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(files)).toEqual(entries.map((e) => e.name));
    expect(strFromU8(files['GP-1002_session-4.1_video-blurred.mp4'] ?? new Uint8Array())).toBe(
      'content of GP-1002_session-4.1_video-blurred.mp4',
    );
    expect(progress.at(-1)).toMatchObject({ entry: 3, entries: 3 });
  });

  it("names an original recording with its format's extension, in the zip and in index.csv", async () => {
    const entries = zipEntries([imported]);
    const blob = await buildZip(
      entries,
      (entry) => Promise.resolve({ body: streamOf('x'), contentType: CONTENT_TYPES[entry.kind] ?? '' }),
      undefined,
      (named) => zipIndexText([imported], named),
    );
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(files)).toEqual([
      'GP-1003_session-5.1_joints.json',
      'GP-1003_session-5.1_original.trc',
      'index.csv',
    ]);
    expect(strFromU8(files['index.csv'] ?? new Uint8Array())).toContain(',GP-1003_session-5.1_original.trc');
  });

  it('adds index.csv after the files', async () => {
    const blob = await buildZip(
      [],
      () => Promise.reject(new Error('unused')),
      undefined,
      () => 'a,b\r\n',
    );
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(strFromU8(files['index.csv'] ?? new Uint8Array())).toBe('a,b\r\n');
  });

  it('gives an empty zip for no entries', async () => {
    const blob = await buildZip([], () => Promise.reject(new Error('unused')));
    expect(Object.keys(unzipSync(new Uint8Array(await blob.arrayBuffer())))).toEqual([]);
  });
});
