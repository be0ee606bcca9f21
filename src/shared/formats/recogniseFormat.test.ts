import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { formatFixture } from '../../../tests/fixtures/formats/walks.ts';
import { encodeUtf8 } from '../utf8.ts';
import { importAs, importRecording, MOTION_FILE_ALONE } from './importRecording.ts';
import { ACCEPTED_FORMATS_MESSAGE, recogniseFormat } from './recogniseFormat.ts';

const ownJointData = () =>
  new Uint8Array(readFileSync(new URL('../../../tests/fixtures/sessions/walk-joint-data.json', import.meta.url)));

describe('recogniseFormat', () => {
  it.each([
    ['azure-kinect-walk.json', 'azureKinect'],
    ['kinect-v2-walk.csv', 'kinectV2Csv'],
    ['kinect-v2-walk.json', 'kinectV2Json'],
    ['mediapipe-walk.json', 'mediapipePose'],
    ['opencap-walk.trc', 'opencapTrc'],
    ['opencap-walk.mot', 'opensimMot'],
  ])('knows %s by its content', (name, format) => {
    expect(recogniseFormat(formatFixture(name))).toEqual({ ok: true, format });
  });

  it("knows C3D from every processor and the portal's own joint data file", () => {
    for (const path of ['./PiG_Motion3_FF.c3d', './c3d-org/sample01/Eb015vr.c3d', './c3d-org/sample02/sgi_int.c3d']) {
      expect(recogniseFormat(c3dFixture(path))).toEqual({ ok: true, format: 'c3d' });
    }
    expect(recogniseFormat(ownJointData())).toEqual({ ok: true, format: 'jointData' });
  });

  it('does not take a long PNG image for C3D, though its second byte is the C3D key', () => {
    const png = new Uint8Array(6000).fill(1);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(recogniseFormat(png).ok).toBe(false);
    const cut = c3dFixture('./PiG_Motion3_FF.c3d').subarray(0, 4096);
    expect(recogniseFormat(cut)).toEqual({ ok: true, format: 'c3d' });
  });

  it('lists the accepted formats for anything else: a metrics file, text, an image', () => {
    for (const content of ['{"Format":"gait-metrics","Session":{}}', 'Hello, world', '\x89PNG\r\n\x1a\n', '']) {
      expect(recogniseFormat(encodeUtf8(content))).toEqual({ ok: false, error: ACCEPTED_FORMATS_MESSAGE });
    }
    expect(ACCEPTED_FORMATS_MESSAGE).toMatch(
      /Accepted formats: Joint data file .*C3D marker trial.*Azure Kinect.*Kinect v2 CSV.*Kinect v2 JSON.*MediaPipe.*OpenCap TRC/,
    );
  });

  it('never throws, on any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (bytes) => {
        const recognised = recogniseFormat(bytes);
        expect(typeof recognised.ok).toBe('boolean');
        const result = importRecording(bytes);
        if (!result.ok) expect(result.error).toMatch(/\.$/);
      }),
      { numRuns: 300 },
    );
  });
});

describe('importRecording', () => {
  it('imports each fixture through one entry point', () => {
    for (const name of [
      'azure-kinect-walk.json',
      'kinect-v2-walk.csv',
      'kinect-v2-walk.json',
      'mediapipe-walk.json',
      'opencap-walk.trc',
    ]) {
      expect(importRecording(formatFixture(name)).ok).toBe(true);
    }
    expect(importRecording(c3dFixture('./PiG_Motion3_FF.c3d')).ok).toBe(true);
  });

  it("reads the portal's joint data file with the Kinect v1 skeleton", () => {
    const result = importAs('jointData', ownJointData());
    if (!result.ok) throw new Error(result.error);
    expect(result.imported.skeleton.jointNames).toHaveLength(20);
    expect(result.imported.skeleton.bones).toHaveLength(19);
    expect(importAs('jointData', encodeUtf8('{"Steps": []}'))).toEqual({
      ok: false,
      error: 'Joint data file has no steps; at least one step with frames is expected.',
    });
  });

  it('says that a motion file alone cannot make a session', () => {
    expect(importRecording(formatFixture('opencap-walk.mot'))).toEqual({ ok: false, error: MOTION_FILE_ALONE });
  });
});
