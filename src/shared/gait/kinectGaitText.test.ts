import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseJointData, serializeJointData } from './jointDataFile.ts';
import { JOINT_INDEX } from './joints.ts';
import { kinectGaitTextToJointData } from './kinectGaitText.ts';

const walk = readFileSync(new URL('../../server/seed/fixtures/Person001_1.txt', import.meta.url), 'utf8');
const firstFrame = walk.split('\n').slice(0, 20).join('\n');
const errorOf = (text: string) => {
  const result = kinectGaitTextToJointData(text);
  return result.ok ? 'converted' : result.error;
};

describe('kinectGaitTextToJointData', () => {
  it('converts a KinectGait walk into one bout at 30 frames per second, joints remapped by name', () => {
    const result = kinectGaitTextToJointData(walk);
    if (!result.ok) throw new Error(result.error);
    const [bout] = result.recording.bouts;
    expect(result.recording.bouts).toHaveLength(1);
    expect(bout?.times).toHaveLength(579);
    expect(bout?.times[30]).toBeCloseTo(1, 9);
    // Line 12 of the file: Hip-centro;-0.05240498;0.08996442;2.56602
    const hip = JOINT_INDEX.HipCenter * 3;
    expect(Array.from(bout?.positions.slice(hip, hip + 3) ?? [])).toEqual([
      Math.fround(-0.05240498),
      Math.fround(0.08996442),
      Math.fround(2.56602),
    ]);
    // Line 20: Foot-Left;0.05054331;-0.6851594;2.794123
    expect(bout?.positions[JOINT_INDEX.FootLeft * 3 + 2]).toBe(Math.fround(2.794123));
  });

  it('writes a joint data file that reads back', () => {
    const converted = kinectGaitTextToJointData(walk, { frameRateHz: 30, startMs: 1000 });
    if (!converted.ok) throw new Error(converted.error);
    const back = parseJointData(serializeJointData(converted.recording));
    if (!back.ok) throw new Error(back.error);
    expect(back.recording.bouts[0]?.times[0]).toBe(1);
    expect(back.recording.bouts[0]?.positions[JOINT_INDEX.Head * 3]).toBeCloseTo(-0.02845094, 6);
  });

  it('accepts Windows line ends and blank lines', () => {
    expect(errorOf(`\r\n${firstFrame.replaceAll('\n', '\r\n')}\r\n\r\n`)).toBe('converted');
  });

  it('explains malformed input with the line it is on', () => {
    expect(errorOf('')).toBe(
      'The KinectGait file holds no frames: each frame is 20 lines of JointName;x;y;z, starting with Head.',
    );
    expect(errorOf(firstFrame.replace('Spine;', 'Spline;'))).toMatch(
      /^Line 11 names an unknown joint "Spline"; expected one of Head, Shoulder-Center/,
    );
    expect(errorOf(firstFrame.replace('Spine;-0.07590929;', 'Spine;-0,07590929;'))).toBe(
      'Line 11: "-0,07590929" is not a coordinate in metres (a decimal number with a point, like -0.0284).',
    );
    expect(errorOf(firstFrame.replace('Spine;-0.07590929;', 'Spine;abc;'))).toMatch(
      /^Line 11: "abc" is not a coordinate/,
    );
    expect(errorOf(firstFrame.replace(';2.586351', ''))).toBe('Line 1 has 3 fields; JointName;x;y;z is expected.');
    expect(errorOf(firstFrame.split('\n').slice(1).join('\n'))).toBe(
      'Line 1 is Shoulder-Center, but a frame must start with Head.',
    );
    expect(errorOf(firstFrame.split('\n').slice(0, 19).join('\n'))).toBe(
      'Frame 1 (line 1) lacks Foot-Left; each frame needs all 20 joints.',
    );
    expect(errorOf(firstFrame.replace('Spine;', 'Hip-Left;'))).toBe('Frame 1 (line 1) lists Hip-Left twice.');
    expect(kinectGaitTextToJointData(firstFrame, { frameRateHz: 0 })).toEqual({
      ok: false,
      error: 'The frame rate must be between 0 and 1000 frames per second.',
    });
  });
});
