import { describe, expect, it } from 'vitest';
import { JOINT_NAMES } from '../gait/joints.ts';
import { syntheticWalk } from '../gait/syntheticWalk.ts';
import { parseClinicFormat, type ClinicFormatDocument } from './clinicFormat.ts';
import { writeClinicFormat } from './clinicFormatWriter.ts';

const recording = syntheticWalk({
  seed: 3,
  speed: 1.1,
  cadence: 104,
  stancePercent: 62,
  direction: 'across',
  durationS: 2,
  bouts: 2,
}).recording;
const frame = (timestamp: string, value = '0.5') => [timestamp, ...Array.from({ length: 60 }, () => value)].join(';');
const jointsFile = (...lines: string[]) =>
  ['GaitPortal Clinic Format 1.0', 'Content: JointData', '', ...lines].join('\n');
const metricsFile = (...lines: string[]) =>
  ['GaitPortal Clinic Format 1.0', 'Content: GaitMetrics', '[Metrics]', ...lines].join('\n');
const REQUIRED = [
  'Speed;session;1.2;m/s',
  'Cadence;session;110;steps/min',
  'StancePercent;session;60;%',
  'SwingPercent;session;40;%',
  'DoubleSupportPercent;session;20;%',
  'SingleSupportPercent;session;80;%',
  'StepLength;session;0.65;m',
  'StepCount;session;12;count',
  'Distance;session;8;m',
];

function parsed(text: string): ClinicFormatDocument {
  const result = parseClinicFormat(text);
  if (!result.ok) throw new Error(result.error);
  return result.document;
}

describe('clinic-format file', () => {
  it('reads back the joint data it wrote, bout by bout, to a micrometre and a microsecond', () => {
    const document = parsed(
      writeClinicFormat({
        metadata: [
          ['Exported-By', 'EMR 4.2'],
          ['Patient', 'GP-1001'],
        ],
        data: { kind: 'jointData', recording },
      }),
    );
    expect(document.metadata).toEqual([
      ['Exported-By', 'EMR 4.2'],
      ['Patient', 'GP-1001'],
    ]);
    if (document.data.kind !== 'jointData') throw new Error('expected joint data');
    const bouts = document.data.recording.bouts;
    expect(bouts).toHaveLength(2);
    bouts.forEach((bout, b) => {
      const original = recording.bouts[b];
      expect(bout.times.length).toBe(original?.times.length);
      bout.times.forEach((time, i) => expect(time).toBeCloseTo(original?.times[i] ?? NaN, 6));
      bout.positions.forEach((value, i) =>
        expect(Math.abs(value - (original?.positions[i] ?? NaN))).toBeLessThan(1e-6),
      );
    });
  });

  it('reads back the metrics it wrote, and writes the same text again', () => {
    const text = metricsFile(...REQUIRED, 'StepLength;left;0.64;m');
    const document = parsed(text);
    expect(document.data).toMatchObject({ kind: 'gaitMetrics' });
    if (document.data.kind !== 'gaitMetrics') throw new Error('expected metrics');
    expect(document.data.metrics).toContainEqual({ name: 'StepLength', side: 'left', value: 0.64 });
    const again = writeClinicFormat(document);
    expect(parsed(again)).toEqual(document);
    expect(writeClinicFormat(parsed(again))).toBe(again);
  });

  it('maps columns by the Joints line when a system writes them in another order', () => {
    const reversed = [...JOINT_NAMES].reverse();
    const values = Array.from({ length: 60 }, (_, c) => String(c));
    const document = parsed(
      jointsFile(`Joints: ${reversed.join(',')}`).replace('\n\n', '\n') +
        `\n[Bout 1]\n0;${values.join(';')}\n33;${values.join(';')}\n`,
    );
    if (document.data.kind !== 'jointData') throw new Error('expected joint data');
    // The file's first joint is FootRight (SDK index 19), so its x lands at 57.
    expect(document.data.recording.bouts[0]?.positions[57]).toBe(0);
    expect(document.data.recording.bouts[0]?.positions[0]).toBe(57);
  });

  it.each([
    ['Heart Rate Export 2.1\n', 'Line 1: the first line must be'],
    ['GaitPortal Clinic Format 2.0\nContent: JointData\n', 'Line 1: version 2.0 is not supported'],
    ['GaitPortal Clinic Format 1.0\nRecorded 2026\n', "Line 2: expected 'Key: value' metadata"],
    ['GaitPortal Clinic Format 1.0\nContent: Video\n', 'Line 2: Content must be JointData or GaitMetrics'],
    ['GaitPortal Clinic Format 1.0\n[Bout 1]\n', "Line 2: the metadata must say 'Content: JointData'"],
    [jointsFile('[Bout 2]', frame('0')), 'Line 4: expected section [Bout 1], found [Bout 2]'],
    [jointsFile(frame('0')), "Line 4: expected 'Key: value' metadata or a [section], found '0;0.5;"],
    [jointsFile('[Bout 1]', frame('0'), '33;1;2'), 'Line 6: a frame has 3 fields; 61 are expected'],
    [jointsFile('[Bout 1]', frame('0'), frame('0')), "Line 6: timestamp_ms 0 is not after the previous frame's 0"],
    [
      jointsFile('[Bout 1]', frame('0', '1,5')),
      "Line 5: HipCenter x is '1,5'; a number with a decimal point is expected",
    ],
    [jointsFile('[Bout 1]'), '[Bout 1] has no frames'],
    [
      metricsFile(...REQUIRED, 'Speed;left;1.2;m/s'),
      'Line 13: Speed describes the whole walk; its side must be session',
    ],
    [metricsFile(...REQUIRED, 'Grip;session;3;kg'), "Line 13: unknown metric 'Grip'"],
    [metricsFile('Speed;session;1.2;km/h'), "Line 4: Speed is measured in 'm/s', not 'km/h'"],
    [metricsFile('StancePercent;session;160;%'), 'Line 4: StancePercent is a percentage; 160 is over 100'],
    [metricsFile(...REQUIRED.slice(1)), 'the [Metrics] section has no session value for Speed'],
    [metricsFile(...REQUIRED, REQUIRED[0] ?? ''), 'Line 13: Speed for session is given twice'],
  ])('refuses a damaged file with the line at fault: %#', (text, message) => {
    const result = parseClinicFormat(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toContain(message);
  });
});
