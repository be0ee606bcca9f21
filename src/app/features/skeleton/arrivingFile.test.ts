import { describe, expect, it } from 'vitest';
import { parseJointDataBytes, serializeJointData } from '#shared/gait/jointDataFile';
import { encodeUtf8 } from '#shared/utf8';
import { ArrivingFile } from './arrivingFile.ts';
import { prepareRecording } from './skeletonRecording.ts';
import { warmUpFile } from './workerWarmUp.ts';

/** The file handed over in pieces of `size` bytes, as a download brings them. */
function arrive(file: Uint8Array, size: number, expectedLength: number): ArrivingFile {
  const arriving = new ArrivingFile(expectedLength);
  for (let at = 0; at < file.length; at += size) arriving.add([file.slice(at, at + size)]);
  return arriving;
}

describe('a recording read as it downloads', () => {
  it('keeps the whole file and reads its frames as they come, with or without a length, in any size of piece', () => {
    const file = warmUpFile();
    const parsed = parseJointDataBytes(file);
    if (!parsed.ok) throw new Error(parsed.error);
    const whole = serializeJointData(parsed.recording);
    for (const [size, expectedLength] of [
      [4096, file.length],
      [777, 0],
      [65_536, file.length / 2],
      // A Content-Length no joint data file has (a broken server's): room is made for the trusted most only.
      [4096, 2 ** 40],
    ] as const) {
      const arriving = arrive(file, size, expectedLength);
      expect(arriving.bytes()).toEqual(file);
      const bouts = arriving.scannedBouts();
      expect(bouts).toBeDefined();
      expect(serializeJointData({ bouts: bouts ?? [] })).toBe(whole);
    }
  });

  it('gives the same prepared recording as the whole file, and leaves any other file to the usual reading', async () => {
    const file = warmUpFile();
    const fromWhole = await prepareRecording(file, null, { events: false });
    const fromPieces = await prepareRecording(arrive(file, 1000, file.length), null, { events: false });
    if (!fromWhole.ok || !fromPieces.ok) throw new Error('not read');
    expect(fromPieces.recording).toEqual(fromWhole.recording);
    // A byte-order mark leaves the scanner's layout: the file is read through the decoded text, as before.
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...file]);
    const arriving = arrive(marked, 1000, 0);
    expect(arriving.scannedBouts()).toBeUndefined();
    const fromMarked = await prepareRecording(arriving, null, { events: false });
    if (!fromMarked.ok) throw new Error('not read');
    expect(fromMarked.recording).toEqual(fromWhole.recording);
    // Not a recording at all: the same words as for the whole file.
    const text = encodeUtf8('hello');
    expect(await prepareRecording(arrive(text, 2, 0))).toEqual(await prepareRecording(text));
  });
});
