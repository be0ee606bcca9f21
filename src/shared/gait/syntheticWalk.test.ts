import { describe, expect, it } from 'vitest';
import { JOINT_INDEX } from './joints.ts';
import { NO_NOISE, syntheticWalk } from './syntheticWalk.ts';

const options = { seed: 42, speed: 1.2, cadence: 110, stancePercent: 60, direction: 'toward', durationS: 6 } as const;
const joint = (positions: Float32Array, frame: number, name: keyof typeof JOINT_INDEX) =>
  Array.from(positions.slice(frame * 60 + JOINT_INDEX[name] * 3, frame * 60 + JOINT_INDEX[name] * 3 + 3));
const FLOOR = -0.8;

describe('syntheticWalk', () => {
  it('is the same walk for the same seed, and a different one for another', () => {
    const a = syntheticWalk(options).recording.bouts[0];
    const b = syntheticWalk(options).recording.bouts[0];
    const c = syntheticWalk({ ...options, seed: 43 }).recording.bouts[0];
    expect(a?.positions).toEqual(b?.positions);
    expect(a?.times).toEqual(b?.times);
    expect(a?.positions).not.toEqual(c?.positions);
  });

  it('states its truth by the clinical definitions, from its own footfalls', () => {
    const { truth } = syntheticWalk({ ...options, durationS: 60 });
    // Strides vary from one to the next, so the truth is what this walk did, close to what was asked.
    expect(Math.abs(truth.stepLength - (1.2 * 60) / 110) / truth.stepLength).toBeLessThan(0.03);
    expect(Math.abs(truth.cadence - 110)).toBeLessThan(2);
    expect(truth.stancePercent).toBeCloseTo(60, 6);
    // Double support is twice the excess of stance over half the cycle, give or take the steps' variation.
    expect(Math.abs(truth.doubleSupportPercent - 20)).toBeLessThan(1);
    const [bout] = truth.bouts;
    const strikes = [...(bout?.heelStrikes.left ?? []), ...(bout?.heelStrikes.right ?? [])].sort((x, y) => x - y);
    expect(bout?.stepCount).toBe(strikes.length - 1);
  });

  it('varies its strides by the coefficient asked for, and makes one side longer when asked', () => {
    const steady = syntheticWalk({ ...options, durationS: 300, strideCv: 0.03 }).truth;
    expect(steady.strideTimeCv).toBeGreaterThan(2.4);
    expect(steady.strideTimeCv).toBeLessThan(3.6);
    expect(steady.strideLengthCv).toBeGreaterThan(2.4);
    expect(steady.strideLengthCv).toBeLessThan(3.6);
    const limping = syntheticWalk({ ...options, durationS: 120, asymmetry: 0.15 }).truth;
    const index =
      (200 * (limping.left.stepLength - limping.right.stepLength)) /
      (limping.left.stepLength + limping.right.stepLength);
    expect(index).toBeGreaterThan(13);
    expect(index).toBeLessThan(17);
    expect(limping.left.stepTime).toBeGreaterThan(limping.right.stepTime);
  });

  it('draws a plausible 1.7 m skeleton walking toward the sensor, its feet never below the floor', () => {
    const bout = syntheticWalk({ ...options, noise: NO_NOISE }).recording.bouts[0];
    const positions = bout?.positions ?? new Float32Array();
    const frames = bout?.times.length ?? 0;
    for (let f = 0; f < frames; f += 3) {
      const [, headY = 0] = joint(positions, f, 'Head');
      expect(headY - FLOOR).toBeGreaterThan(1.5);
      expect(headY - FLOOR).toBeLessThan(1.7);
      for (const name of ['FootLeft', 'FootRight', 'AnkleLeft', 'AnkleRight'] as const) {
        const [, y = 0] = joint(positions, f, name);
        expect(y - FLOOR).toBeGreaterThanOrEqual(0.029);
        expect(y - FLOOR).toBeLessThan(0.35);
      }
    }
    // Walking toward the sensor: z falls.
    expect(joint(positions, frames - 1, 'HipCenter')[2]).toBeLessThan((joint(positions, 0, 'HipCenter')[2] ?? 0) - 5);
  });

  it('rolls the foot: toes up at heel strike, flat and still in mid-stance, heel up before the toes leave', () => {
    const { recording, truth } = syntheticWalk({ ...options, noise: NO_NOISE, frameRateHz: 100 });
    const bout = recording.bouts[0];
    const positions = bout?.positions ?? new Float32Array();
    const times = Array.from(bout?.times ?? []);
    const frameAt = (t: number) => times.findIndex((x) => x >= t);
    const strike = truth.bouts[0]?.heelStrikes.left[1] ?? 0;
    const off = truth.bouts[0]?.toeOffs.left.find((t) => t > strike) ?? 0;
    const next = truth.bouts[0]?.heelStrikes.left[2] ?? 0;
    const stride = next - strike;
    const height = (t: number, name: 'AnkleLeft' | 'FootLeft') => (joint(positions, frameAt(t), name)[1] ?? 0) - FLOOR;
    // Heel strike: the forefoot is still up; at foot flat it is down.
    expect(height(strike, 'FootLeft') - height(strike + 0.15 * stride, 'FootLeft')).toBeGreaterThan(0.04);
    // Mid-stance: the ankle stands still.
    const still = joint(positions, frameAt(strike + 0.13 * stride), 'AnkleLeft');
    const later = joint(positions, frameAt(strike + 0.24 * stride), 'AnkleLeft');
    still.forEach((v, a) => expect(v).toBeCloseTo(later[a] ?? NaN, 4));
    // Before toe off the heel has risen several centimetres while the forefoot is still on the floor.
    expect(height(off - 0.02, 'AnkleLeft') - height(strike + 0.2 * stride, 'AnkleLeft')).toBeGreaterThan(0.05);
    expect(height(off - 0.02, 'FootLeft') - height(strike + 0.2 * stride, 'FootLeft')).toBeLessThan(0.03);
  });

  it('limps as asked: an antalgic side stands shorter and is stepped onto later; a steppage foot clears higher and lands flat', () => {
    const antalgic = syntheticWalk({ ...options, durationS: 60, pathology: { kind: 'antalgic', side: 'right' } }).truth;
    expect(antalgic.right.stancePercent).toBeCloseTo(54, 6);
    expect(antalgic.left.stancePercent).toBeCloseTo(60, 6);
    // The sound (left) foot hurries down: the step onto it is 0.44 of the stride, the one onto the painful 0.56.
    expect(antalgic.left.stepTime / antalgic.strideTime).toBeCloseTo(0.44, 1);
    expect(antalgic.right.stepTime / antalgic.strideTime).toBeCloseTo(0.56, 1);
    expect(antalgic.doubleSupportPercent).toBeGreaterThan(5);

    const swingTop = (pathology?: { kind: 'steppage'; side: 'left' }) => {
      const { recording, truth } = syntheticWalk({ ...options, noise: NO_NOISE, frameRateHz: 100, pathology });
      const bout = recording.bouts[0];
      const times = Array.from(bout?.times ?? []);
      const strike = truth.bouts[0]?.heelStrikes.left[1] ?? 0;
      const off = truth.bouts[0]?.toeOffs.left.find((t) => t > strike) ?? 0;
      const next = truth.bouts[0]?.heelStrikes.left[2] ?? 0;
      const at = (t: number, name: 'AnkleLeft' | 'FootLeft') =>
        (joint(
          bout?.positions ?? new Float32Array(),
          times.findIndex((x) => x >= t),
          name,
        )[1] ?? 0) - FLOOR;
      return {
        midSwing: at((off + next) / 2, 'AnkleLeft'),
        // At heel strike the forefoot of a rolling foot is still up; a dropped foot lands flat.
        forefootAtStrike: at(next, 'FootLeft') - at(next + 0.15 * (next - strike), 'FootLeft'),
      };
    };
    const [normal, steppage] = [swingTop(), swingTop({ kind: 'steppage', side: 'left' })];
    expect(steppage.midSwing - normal.midSwing).toBeGreaterThan(0.07);
    expect(normal.forefootAtStrike).toBeGreaterThan(0.04);
    expect(Math.abs(steppage.forefootAtStrike)).toBeLessThan(0.01);
  });

  it('adds Kinect-like imperfections: jitter, untracked joints and an uneven clock', () => {
    const bout = syntheticWalk({ ...options, durationS: 30 }).recording.bouts[0];
    const times = Array.from(bout?.times ?? []);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThan(0);
    expect(new Set(gaps.map((g) => Math.round(g * 1e4))).size).toBeGreaterThan(10);
    expect(Array.from(bout?.positions ?? []).filter((v) => v === 0).length).toBeGreaterThan(0);
  });

  it('rejects walks that cannot exist', () => {
    expect(() => syntheticWalk({ ...options, stancePercent: 50 })).toThrow(RangeError);
    expect(() => syntheticWalk({ ...options, treadmill: true, turnDegreesPerSecond: 5 })).toThrow(RangeError);
    expect(() => syntheticWalk({ ...options, asymmetry: 0.5 })).toThrow(RangeError);
    // An antalgic side still stands for more than half its cycle.
    expect(() => syntheticWalk({ ...options, pathology: { kind: 'antalgic', side: 'left', stanceDrop: 10 } })).toThrow(
      RangeError,
    );
  });
});
