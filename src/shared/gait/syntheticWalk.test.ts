import { describe, expect, it } from 'vitest';
import { JOINT_INDEX } from './joints.ts';
import { NO_NOISE, syntheticWalk } from './syntheticWalk.ts';

const options = { seed: 42, speed: 1.2, cadence: 110, stancePercent: 60, direction: 'toward', durationS: 6 } as const;
const joint = (positions: Float32Array, frame: number, name: keyof typeof JOINT_INDEX) =>
  Array.from(positions.slice(frame * 60 + JOINT_INDEX[name] * 3, frame * 60 + JOINT_INDEX[name] * 3 + 3));

describe('syntheticWalk', () => {
  it('is the same walk for the same seed, and a different one for another', () => {
    const a = syntheticWalk(options).recording.bouts[0];
    const b = syntheticWalk(options).recording.bouts[0];
    const c = syntheticWalk({ ...options, seed: 43 }).recording.bouts[0];
    expect(a?.positions).toEqual(b?.positions);
    expect(a?.times).toEqual(b?.times);
    expect(a?.positions).not.toEqual(c?.positions);
  });

  it('states its truth by the clinical definitions', () => {
    const { truth } = syntheticWalk(options);
    expect(truth.stepLength).toBeCloseTo((1.2 * 60) / 110, 9);
    expect(truth.doubleSupportPercent).toBe(20);
    expect(truth.singleSupportPercent).toBe(40);
    const [bout] = truth.bouts;
    const strikes = [...(bout?.heelStrikes.left ?? []), ...(bout?.heelStrikes.right ?? [])].sort((x, y) => x - y);
    expect(bout?.stepCount).toBe(strikes.length - 1);
    // Toe off follows heel strike by the stance time.
    const first = bout?.heelStrikes.left[0] ?? 0;
    expect(bout?.toeOffs.left.find((t) => t > first)).toBeCloseTo(first + 0.6 * (120 / 110), 9);
  });

  it('draws a plausible 1.7 m skeleton walking toward the sensor', () => {
    const bout = syntheticWalk({ ...options, noise: NO_NOISE }).recording.bouts[0];
    const positions = bout?.positions ?? new Float32Array();
    const frames = bout?.times.length ?? 0;
    const floor = -0.8;
    for (let f = 0; f < frames; f += 7) {
      const [, headY = 0] = joint(positions, f, 'Head');
      expect(headY - floor).toBeGreaterThan(1.5);
      expect(headY - floor).toBeLessThan(1.7);
      for (const foot of ['FootLeft', 'FootRight'] as const) {
        const [, y = 0] = joint(positions, f, foot);
        expect(y - floor).toBeGreaterThanOrEqual(0.029);
        expect(y - floor).toBeLessThan(0.1);
      }
    }
    // Walking toward the sensor: z falls.
    expect(joint(positions, frames - 1, 'HipCenter')[2]).toBeLessThan((joint(positions, 0, 'HipCenter')[2] ?? 0) - 5);
  });

  it('keeps a planted foot still on the floor between heel strike and toe off', () => {
    const { recording, truth } = syntheticWalk({ ...options, noise: NO_NOISE, frameRateHz: 100 });
    const bout = recording.bouts[0];
    const strike = truth.bouts[0]?.heelStrikes.left[1] ?? 0;
    const off = truth.bouts[0]?.toeOffs.left.find((t) => t > strike) ?? 0;
    const frames = Array.from(bout?.times ?? []).flatMap((t, f) => (t > strike + 0.01 && t < off - 0.01 ? [f] : []));
    const first = joint(bout?.positions ?? new Float32Array(), frames[0] ?? 0, 'AnkleLeft');
    for (const f of frames)
      joint(bout?.positions ?? new Float32Array(), f, 'AnkleLeft').forEach((v, a) =>
        expect(v).toBeCloseTo(first[a] ?? NaN, 5),
      );
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
  });
});
