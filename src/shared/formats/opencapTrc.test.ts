import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resample, toOpencapTrc, toOpensimMot } from '../../../tests/fixtures/formats/formatWriters.ts';
import {
  damagedText,
  expectNeverThrows,
  expectStoresAsJointData,
  imported,
  jointAt,
  sessionMetrics,
} from '../../../tests/fixtures/formats/importChecks.ts';
import { formatFixture, person001Walk } from '../../../tests/fixtures/formats/walks.ts';
import { decodeUtf8 } from '../utf8.ts';
import { importOpencapTrc } from './opencapTrc.ts';
import { motionColumn, parseOpenSimMot } from './opensimMot.ts';

const walk = person001Walk();
const trc = decodeUtf8(formatFixture('opencap-walk.trc'));

describe('OpenCap TRC markers', () => {
  it('reads 60 Hz millimetre markers as the engine joints: hip joint centres, epicondyle and malleolus midpoints', () => {
    const result = imported(importOpencapTrc(trc));
    expect(result.format).toBe('opencapTrc');
    expect(result.skeleton.jointNames).toHaveLength(50);
    expect(result.skeleton.bones.length).toBeGreaterThan(40);
    const times = result.recording.bouts[0]?.times;
    expect(times?.[1]).toBeCloseTo(1 / 60, 5);
    // Frame 2 at 60 Hz is frame 1 at 30 Hz.
    for (const joint of ['HipLeft', 'KneeRight', 'AnkleLeft', 'FootRight'] as const) {
      const [a, b] = [jointAt(result.recording, 2, joint), jointAt(walk, 1, joint)];
      expect(Math.hypot(...a.map((v, i) => v - (b[i] ?? 0)))).toBeLessThan(1e-5);
    }
  });

  it('falls back to the video keypoints when the anatomical markers are missing', () => {
    const keypointsOnly = trc.replace(/\tr_knee_study\t/, '\tr_knee_gone\t');
    const result = imported(importOpencapTrc(keypointsOnly));
    const [a, b] = [jointAt(result.recording, 0, 'KneeRight'), jointAt(walk, 0, 'KneeRight')];
    expect(Math.hypot(...a.map((v, i) => v - (b[i] ?? 0)))).toBeLessThan(1e-5);
  });

  it('stores as a joint data file and gives plausible gait metrics', () => {
    const result = imported(importOpencapTrc(trc));
    expectStoresAsJointData(result.recording);
    const [original, read] = [sessionMetrics(walk), sessionMetrics(result.recording)];
    expect(Math.abs(read.cadence / original.cadence - 1)).toBeLessThan(0.03);
    expect(Math.abs(read.speed / original.speed - 1)).toBeLessThan(0.05);
  });

  it('reads metres as well as millimetres', () => {
    const metres = toOpencapTrc(resample(person001Walk(0, 60), 60))
      .split('\n')
      .map((line, i) =>
        i === 2
          ? line.replace('\tmm\t', '\tm\t')
          : i > 5 && line !== ''
            ? line
                .split('\t')
                .map((v, c) => (c < 2 ? v : String(Number(v) / 1000)))
                .join('\t')
            : line,
      )
      .join('\n');
    const result = imported(importOpencapTrc(metres));
    expect(jointAt(result.recording, 0, 'HipLeft')[1]).toBeCloseTo(
      jointAt(person001Walk(0, 60), 0, 'HipLeft')[1] ?? 0,
      5,
    );
  });

  it.each([
    ['Frame#\tTime\n', /does not start with PathFileType/],
    ['PathFileType\t4\n\n\n', /no Units/],
    [
      'PathFileType\t4\nUnits\nfeet\nFrame#\tTime\tA\t\t\n\t\tX1\tY1\tZ1\n\n1\t0\t1\t2\t3\n',
      /in 'feet'; mm, cm or m expected/,
    ],
    ['PathFileType\t4\nUnits\nmm\nFrame#\tTime\n', /names no markers/],
    [
      'PathFileType\t4\nUnits\nmm\nFrame#\tTime\tA\t\t\n\t\tX1\tY1\tZ1\n\n1\tnoon\t1\t2\t3\n',
      /Line 7 of the TRC file: the time "noon"/,
    ],
    ['PathFileType\t4\nUnits\nmm\nFrame#\tTime\tA\t\t\n\t\tX1\tY1\tZ1\n\n1\t0\t1\tx\t3\n', /"x" for A is not a number/],
    [
      'PathFileType\t4\nUnits\nmm\nFrame#\tTime\tA\t\t\n\t\tX1\tY1\tZ1\n\n1\t0\t1\t2\t3\n',
      /This TRC marker file cannot be analysed\. Its markers match no marker set .* Found: A\./,
    ],
    [
      'PathFileType\t4\nUnits\tNumFrames\nmm\t3\nFrame#\tTime\tA\t\t\n\t\tX1\tY1\tZ1\n\n1\t0\t1\t2\t3\n2\t0.01\t1\t2\t3\n',
      /cut short: its header declares 3 frames and it holds 2, the last at line 8/,
    ],
    [
      'PathFileType\t4\nUnits\nmm\nFrame#\tTime\tA\t\t\n\t\tX1\tY1\tZ1\n\n1\t0\t1\t2\t3\n2\t0.01\t1',
      /cut short: frame 2 \(line 8\) holds 3 of its 5 values/,
    ],
  ])('explains %#', (text, message) => {
    const result = importOpencapTrc(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('never throws on damaged or random input', () => {
    expectNeverThrows(importOpencapTrc, toOpencapTrc(person001Walk(0, 20)));
  });
});

describe('OpenSim motion files', () => {
  it('reads the joint angles beside the markers, in degrees', () => {
    const parsed = parseOpenSimMot(decodeUtf8(formatFixture('opencap-walk.mot')));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.motion.columns).toContain('knee_angle_r');
    expect(parsed.motion.times.length).toBe(479);
    const knee = motionColumn(parsed.motion, 'knee_angle_r') ?? new Float64Array();
    expect(Math.max(...knee)).toBeGreaterThan(40);
    expect(Math.max(...knee)).toBeLessThan(90);
  });

  it('turns radians into degrees but leaves translations in metres', () => {
    const degrees = toOpensimMot(person001Walk(0, 10));
    const radians = degrees
      .replace('inDegrees=yes', 'inDegrees=no')
      .split('\n')
      .map((line) =>
        /^\d/.test(line)
          ? line
              .split('\t')
              .map((v, c) => (c >= 4 ? String((Number(v) * Math.PI) / 180) : v))
              .join('\t')
          : line,
      )
      .join('\n');
    const [a, b] = [parseOpenSimMot(degrees), parseOpenSimMot(radians)];
    if (!a.ok || !b.ok) throw new Error('unreadable');
    expect(motionColumn(b.motion, 'knee_angle_l')?.[3]).toBeCloseTo(
      motionColumn(a.motion, 'knee_angle_l')?.[3] ?? 0,
      4,
    );
    expect(motionColumn(b.motion, 'pelvis_ty')?.[3]).toBeCloseTo(motionColumn(a.motion, 'pelvis_ty')?.[3] ?? 0, 6);
  });

  it.each([
    ['time\t1\n', /no endheader/],
    ['endheader\nangle\tx\n', /first column after endheader is not time/],
    ['endheader\ntime\tx\n0\t1\t2\n', /Row 1 of the motion file has 3 values/],
    ['endheader\ntime\tx\n0\tabc\n', /"abc" is not a number/],
    ['endheader\ntime\tx\n', /no rows/],
  ])('explains %#', (text, message) => {
    const result = parseOpenSimMot(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('never throws on damaged or random motion files', () => {
    const valid = toOpensimMot(person001Walk(0, 20));
    fc.assert(
      fc.property(fc.oneof(damagedText(valid), fc.string({ maxLength: 200 })), (text) => {
        const result = parseOpenSimMot(text);
        if (!result.ok) expect(result.error).toMatch(/\.$/);
      }),
      { numRuns: 100 },
    );
  });
});
