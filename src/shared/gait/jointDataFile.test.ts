import { describe, expect, it } from 'vitest';
import { parseJointData, serializeJointData, type JointDataFile } from './jointDataFile.ts';
import { jointDataFileSchema } from './jointDataSchema.ts';
import { COORDINATES_PER_FRAME, JOINT_INDEX, JOINT_NAMES } from './joints.ts';
import { syntheticWalk } from './syntheticWalk.ts';

const frame = (timestamp: number, fill = 0.5) => ({
  Timestamp: timestamp,
  Joint_Positions: new Array<number>(60).fill(fill),
});
const file = (frames: unknown[], extraSteps: unknown[] = []) =>
  JSON.stringify({ Steps: [{ Frames: frames }, ...extraSteps] });
const thirtyHz = (count: number) => Array.from({ length: count }, (_, i) => frame(i * 33.3));
const errorOf = (text: string) => {
  const result = parseJointData(text);
  return result.ok ? 'parsed' : result.error;
};

describe('joint data file layout', () => {
  it('lists the 20 Kinect v1 joints in SDK order, x, y, z each', () => {
    expect(JOINT_NAMES).toHaveLength(20);
    expect(JOINT_NAMES.slice(0, 4)).toEqual(['HipCenter', 'Spine', 'ShoulderCenter', 'Head']);
    expect(JOINT_INDEX.FootRight).toBe(19);
    expect(COORDINATES_PER_FRAME).toBe(60);
  });
});

describe('parseJointData', () => {
  it('reads bouts into typed arrays: seconds from millisecond timestamps, metres per joint', () => {
    const frames = thirtyHz(3);
    frames[1]?.Joint_Positions.splice(JOINT_INDEX.Head * 3, 3, 0.1, 1.6, 2.5);
    const result = parseJointData(file(frames, [{ Frames: thirtyHz(2) }]));
    if (!result.ok) throw new Error(result.error);
    const [bout, second] = result.recording.bouts;
    expect(result.recording.bouts).toHaveLength(2);
    expect(Array.from(bout?.times ?? []).map((t) => Math.round(t * 1e6) / 1e6)).toEqual([0, 0.0333, 0.0666]);
    expect(bout?.positions).toBeInstanceOf(Float32Array);
    expect(bout?.positions[60 + JOINT_INDEX.Head * 3 + 1]).toBeCloseTo(1.6, 6);
    expect(second?.times).toHaveLength(2);
  });

  it('explains what is wrong with a bad file', () => {
    const bad = thirtyHz(20);
    bad[11] = { Timestamp: 11 * 33.3, Joint_Positions: new Array<number>(57).fill(0.1) };
    expect(errorOf('{"Steps": [')).toBe('Joint data file is not valid JSON.');
    expect(errorOf('{"steps": []}')).toBe('Joint data file has no "Steps" list.');
    expect(errorOf('{"Steps": []}')).toBe('Joint data file has no steps; at least one step with frames is expected.');
    expect(errorOf(file([]))).toBe('Step 1 has no frames.');
    expect(errorOf(file(bad))).toBe(
      'Frame 12 of step 1 has 57 joint coordinates; 60 are expected (x, y, z for 20 joints).',
    );
    expect(errorOf(file([frame(0), frame(33), frame(33)]))).toBe(
      "Frame 3 of step 1 has Timestamp 33 ms, not after the previous frame's 33 ms; timestamps must increase.",
    );
    expect(errorOf(file([frame(0), frame(-5)]))).toMatch(/^Frame 2 of step 1 has Timestamp -5; milliseconds/);
    expect(errorOf(file([frame(0), { Joint_Positions: [] }]))).toBe(
      'Frame 2 of step 1 has no numeric Timestamp (milliseconds since the start of the recording).',
    );
    expect(errorOf(file([frame(0), 'frame']))).toBe(
      'Frame 2 of step 1 is not an object with Timestamp and Joint_Positions.',
    );
  });

  it('rejects non-numbers and non-finite coordinates, naming the joint', () => {
    const text = file([frame(0), frame(33)]).replace('0.5,0.5,0.5', '"NaN",0.5,0.5');
    expect(errorOf(text)).toBe(
      'Frame 1 of step 1: HipCenter x is the text "NaN"; a finite number of metres (within ±10000) is expected.',
    );
    const huge = file([frame(0), frame(33)]).replace(/0\.5\]}\]}\]}$/, '1e400]}]}]}');
    expect(errorOf(huge)).toBe(
      'Frame 2 of step 1: FootRight z is Infinity; a finite number of metres (within ±10000) is expected.',
    );
    expect(errorOf(file([frame(0), frame(33)]).replace('0.5,0.5', 'null,0.5'))).toMatch(/HipCenter x is null/);
  });

  it('rejects frame rates that betray a unit mistake', () => {
    // Timestamps in seconds rather than milliseconds: 30 frames a millisecond apart.
    const seconds = Array.from({ length: 30 }, (_, i) => frame(i * 0.0333));
    expect(errorOf(file(seconds))).toBe(
      'Step 1 has a frame rate of 3.00e+4 Hz; 5–1000 Hz is expected (Timestamp counts milliseconds).',
    );
    expect(errorOf(file([frame(0), frame(1000)]))).toBe(
      'Step 1 has a frame rate of 1.00 Hz; 5–1000 Hz is expected (Timestamp counts milliseconds).',
    );
  });

  it('accepts one frame, and untracked joints as zeros (the engine handles both)', () => {
    expect(errorOf(file([frame(0, 0)]))).toBe('parsed');
  });
});

describe('serializeJointData', () => {
  const { recording } = syntheticWalk({
    seed: 11,
    speed: 1.1,
    cadence: 100,
    stancePercent: 60,
    direction: 'away',
    durationS: 3,
    bouts: 2,
  });

  it('writes a file that parses back to the same recording, to a micrometre and a microsecond', () => {
    const text = serializeJointData(recording);
    const back = parseJointData(text);
    if (!back.ok) throw new Error(back.error);
    recording.bouts.forEach((bout, b) => {
      const other = back.recording.bouts[b];
      expect(other?.times.length).toBe(bout.times.length);
      bout.times.forEach((t, i) => expect(Math.abs(t - (other?.times[i] ?? NaN))).toBeLessThan(1e-6));
      bout.positions.forEach((p, i) => expect(Math.abs(p - (other?.positions[i] ?? NaN))).toBeLessThan(2e-6));
    });
    // Stable after the first write.
    expect(serializeJointData(back.recording)).toBe(text);
  });

  it('reads the same recording, and refuses with the same words, through JSON.parse as through the scanner', () => {
    const text = serializeJointData(recording);
    const [scanned, viaJson] = [parseJointData(text, 'scan'), parseJointData(text, 'json')];
    if (!scanned.ok || !viaJson.ok) throw new Error('not parsed');
    expect(viaJson.recording.bouts.length).toBe(scanned.recording.bouts.length);
    scanned.recording.bouts.forEach((bout, b) => {
      expect(viaJson.recording.bouts[b]?.times).toEqual(bout.times);
      expect(viaJson.recording.bouts[b]?.positions).toEqual(bout.positions);
    });
    for (const bad of [file([frame(0), frame(0)]), file([frame(0, Number.NaN)]), text.slice(0, -2)]) {
      expect(parseJointData(bad, 'json')).toEqual(parseJointData(bad, 'scan'));
    }
  });

  it('writes the documented shape', () => {
    const parsed = jointDataFileSchema.safeParse(JSON.parse(serializeJointData(recording)) as JointDataFile);
    expect(parsed.success).toBe(true);
  });
});

describe('a side-view recording (View)', () => {
  const { recording } = syntheticWalk({
    seed: 3,
    speed: 1.2,
    cadence: 105,
    stancePercent: 60,
    direction: 'away',
    durationS: 3,
  });

  it('keeps "View": "Side" through a write and a read, so every later analysis knows the view', () => {
    const text = serializeJointData({ ...recording, view: 'side' });
    expect(JSON.parse(text)).toMatchObject({ View: 'Side' });
    expect(jointDataFileSchema.safeParse(JSON.parse(text)).success).toBe(true);
    const back = parseJointData(text);
    expect(back.ok && back.recording.view).toBe('side');
    expect(serializeJointData(recording)).not.toContain('"View"');
    const plain = parseJointData(serializeJointData(recording));
    expect(plain.ok && plain.recording.view).toBeUndefined();
  });

  it('refuses a view it does not know, saying what it may be', () => {
    const text = serializeJointData(recording).replace(/}$/, ',"View":"Front"}');
    expect(parseJointData(text)).toEqual({ ok: false, error: 'View must be "Side" (a side-view video) or left out.' });
  });
});

describe('heel markers (Heel_Positions)', () => {
  const withHeels = (heel: unknown) => file([{ ...frame(0), Heel_Positions: heel }, frame(33.3), frame(66.6)]);

  it('reads a C3D trial’s heel markers per frame, and writes them back; frames without are unseen', () => {
    const result = parseJointData(withHeels([0.1, 0.05, 2, -0.1, 0.05, 2.3]));
    if (!result.ok) throw new Error(result.error);
    const heels = result.recording.bouts[0]?.heels;
    expect(Array.from(heels ?? []).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([
      0.1,
      0.05,
      2,
      -0.1,
      0.05,
      2.3,
      ...new Array<number>(12).fill(0),
    ]);
    expect(serializeJointData(result.recording)).toContain('"Heel_Positions":[0.1,0.05,2,-0.1,0.05,2.3]');
    const written = JSON.parse(serializeJointData(result.recording)) as JointDataFile;
    // The documented shape names the key: zod drops keys an object schema does not know.
    expect(jointDataFileSchema.parse(written).Steps[0]?.Frames[0]).toHaveProperty('Heel_Positions');
    const again = parseJointData(serializeJointData(result.recording));
    expect(again.ok && Array.from(again.recording.bouts[0]?.heels ?? [])).toEqual(Array.from(heels ?? []));
  });

  it('leaves a Kinect file without heels, and refuses a malformed entry', () => {
    const kinect = parseJointData(file(thirtyHz(3)));
    expect(kinect.ok && kinect.recording.bouts[0]?.heels).toBeUndefined();
    expect(errorOf(withHeels([1, 2, 3]))).toBe(
      'Frame 1 of step 1: Heel_Positions must be 6 numbers of metres (x, y, z of the left and the right heel).',
    );
  });
});
