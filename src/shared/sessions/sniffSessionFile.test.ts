import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { formatFixture } from '../../../tests/fixtures/formats/walks.ts';
import { computeGaitMetrics } from '../gait/gaitMetrics.ts';
import { parseJointData } from '../gait/jointDataFile.ts';
import { encodeUtf8 } from '../utf8.ts';
import { engineMetricsFileText } from './storedMetricsFile.ts';
import { SNIFF_BYTES, sniffSessionFile } from './sniffSessionFile.ts';

const sessionFixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/sessions/${name}`, import.meta.url)));
const head = (bytes: Uint8Array) => bytes.subarray(0, SNIFF_BYTES);

describe('sniffSessionFile', () => {
  it('tells every kind of session file by its first bytes', () => {
    expect(sniffSessionFile(head(sessionFixture('walk.mp4')))).toEqual({ kind: 'video' });
    expect(sniffSessionFile(head(sessionFixture('walk-joint-data.json')))).toMatchObject({
      kind: 'recording',
      format: 'jointData',
    });
    expect(sniffSessionFile(head(c3dFixture('./PiG_Motion3_FF.c3d')))).toMatchObject({
      kind: 'recording',
      format: 'c3d',
    });
    expect(sniffSessionFile(head(formatFixture('mediapipe-walk.json')))).toEqual({
      kind: 'recording',
      format: 'mediapipePose',
      name: 'MediaPipe Pose world landmarks JSON (33 landmarks)',
    });
    expect(sniffSessionFile(head(formatFixture('opencap-walk.mot')))).toEqual({ kind: 'motion' });
    expect(sniffSessionFile(encodeUtf8('GaitPortal Clinic Format\nVersion 1\n'))).toEqual({ kind: 'clinicFormat' });
  });

  it('knows the gait metrics file the portal writes, and nothing else as one', () => {
    const parsed = parseJointData(new TextDecoder().decode(sessionFixture('walk-joint-data.json')));
    if (!parsed.ok) throw new Error(parsed.error);
    const metrics = engineMetricsFileText(computeGaitMetrics(parsed.recording), new Date(0)) ?? '';
    expect(sniffSessionFile(encodeUtf8(metrics))).toEqual({ kind: 'gaitMetrics' });
    for (const other of ['{"Hello": 1}', 'Session: 3', '\x89PNG\r\n', ''])
      expect(sniffSessionFile(encodeUtf8(other))).toEqual({ kind: 'unknown' });
  });
});
