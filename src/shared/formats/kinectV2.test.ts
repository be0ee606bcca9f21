import { describe, expect, it } from 'vitest';
import { toKinectV2Csv, toKinectV2Json } from '../../../tests/fixtures/formats/formatWriters.ts';
import {
  expectNeverThrows,
  expectStoresAsJointData,
  imported,
  largestGap,
  sessionMetrics,
} from '../../../tests/fixtures/formats/importChecks.ts';
import { formatFixture, person001Walk } from '../../../tests/fixtures/formats/walks.ts';
import { JOINT_NAMES } from '../gait/joints.ts';
import { decodeUtf8 } from '../utf8.ts';
import { importKinectV2Csv } from './kinectV2Csv.ts';
import { importKinectV2Json } from './kinectV2Json.ts';
import { KINECT_V2_JOINTS } from './kinectV2Skeleton.ts';

const walk = person001Walk();

describe.each([
  ['CSV', importKinectV2Csv, 'kinect-v2-walk.csv', toKinectV2Csv],
  ['JSON', importKinectV2Json, 'kinect-v2-walk.json', toKinectV2Json],
] as const)('Kinect v2 %s', (_, read, fixtureName, write) => {
  const fixture = decodeUtf8(formatFixture(fixtureName));

  it('maps the 25 joints onto Kinect v1 (SpineBase → HipCenter, SpineMid → Spine, SpineShoulder → ShoulderCenter)', () => {
    const result = imported(read(fixture));
    for (const joint of JOINT_NAMES) expect(largestGap(result.recording, walk, joint)).toBeLessThan(2e-5);
    expect(result.skeleton.jointNames).toEqual(KINECT_V2_JOINTS);
    expect(result.skeleton.bones).toHaveLength(24);
  });

  it('reads NotTracked joints as untracked and keeps inferred ones', () => {
    const result = imported(read(fixture));
    const positions = result.skeleton.bouts[0]?.positions;
    const at = (f: number, joint: (typeof KINECT_V2_JOINTS)[number]) => {
      const i = (f * 25 + KINECT_V2_JOINTS.indexOf(joint)) * 3;
      return Array.from(positions?.subarray(i, i + 3) ?? []);
    };
    expect(at(10, 'HandTipLeft')).toEqual([0, 0, 0]);
    expect(at(11, 'HandTipLeft')).not.toEqual([0, 0, 0]);
    expect(at(10, 'ThumbLeft')).not.toEqual([0, 0, 0]);
  });

  it('stores as a joint data file and gives the walk its gait metrics', () => {
    const result = imported(read(write(walk)));
    expectStoresAsJointData(result.recording);
    const [original, read2] = [sessionMetrics(walk), sessionMetrics(result.recording)];
    expect(read2.cadence).toBeCloseTo(original.cadence, 1);
    expect(read2.speed).toBeCloseTo(original.speed, 2);
    expect(read2.stancePercent).toBeCloseTo(original.stancePercent, 0);
  });

  it('never throws on damaged or random input', () => {
    expectNeverThrows(read, write(person001Walk(0, 30)));
  });
});

describe('Kinect v2 CSV errors', () => {
  const csv = toKinectV2Csv(person001Walk(0, 30));
  const [header = '', first = ''] = csv.split('\r\n');
  it.each([
    ['', /empty/],
    ['time,SpineBase_x\n', /one time column/],
    [
      'timestamp_ms,SpineBase_x,SpineBase_y,SpineBase_z\n0,1,2,3\n',
      /lacks the columns of SpineMid, Neck, Head and 21 more joints/,
    ],
    [`${header}\n${first},1\n`, /Line 2 has 102 fields; the header has 101/],
    [`${header}\n${first.replace(/^[^,]+/, 'noon')}\n`, /Line 2: the time "noon" is not a number/],
    [
      `${header}\n${first.replace(',Tracked', ',Maybe')}\n`,
      /SpineBase_state "Maybe" is not Tracked, Inferred or NotTracked/,
    ],
    [
      `${header}\n${first.replace(/,Tracked,([^,]+),/, ',Tracked,1;5,')}\n`,
      /SpineMid coordinate "1;5" is not a number of metres/,
    ],
  ])('explains %#', (text, message) => {
    const result = importKinectV2Csv(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('takes the body with the most rows when several were tracked', () => {
    const lines = toKinectV2Csv(person001Walk(0, 40)).trim().split('\r\n');
    const withBody = [
      `body,${lines[0] ?? ''}`,
      ...lines.slice(1).map((line) => `7,${line}`),
      ...lines.slice(1, 5).map((line) => `3,${line}`),
    ].join('\n');
    const result = imported(importKinectV2Csv(withBody));
    expect(result.recording.bouts[0]?.times.length).toBe(40);
    expect(result.warnings[0]).toMatch(/body 7, seen in the most rows/);
  });
});

describe('Kinect v2 JSON errors', () => {
  it.each([
    ['[', /not valid JSON/],
    ['{"bodies": []}', /no "frames" list/],
    ['{"frames": [{"bodies": []}]}', /no numeric timestamp_ms/],
    ['{"frames": [{"timestamp_ms": 0, "bodies": [{}]}]}', /has no "joints"/],
    ['{"frames": [{"timestamp_ms": 0, "bodies": []}]}', /No frame of the Kinect v2 file has a body/],
    ['{"frames": [{"timestamp_ms": 0, "bodies": [{"joints": {}}]}]}', /Frame 1: SpineBase is missing; all 25/],
  ])('explains %s', (text, message) => {
    const result = importKinectV2Json(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});
