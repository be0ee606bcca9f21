import { describe, expect, it } from 'vitest';
import type { JointTrack } from './boutSignals.ts';
import { fillGaps, unfillableFrames } from './jointGaps.ts';

/** Two seconds at 30 Hz; joints in the engine's order: pelvis, left ankle, left foot, right ankle, right foot. */
const N = 61;
const times = Float64Array.from({ length: N }, (_, k) => k / 30);
const masks = () => Array.from({ length: 5 }, () => new Uint8Array(N).fill(1));
const lose = (mask: Uint8Array | undefined, from: number, to: number) => mask?.fill(0, from, to + 1);
const marked = (frames: Uint8Array) => [...frames.keys()].filter((k) => frames[k] === 1);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** A pelvis donor (the hips' midpoint) never tracked, or tracked but for the given frames, at 1 m/s. */
const hips =
  (lost: number[] = range(0, N - 1)) =>
  () => ({
    position: Float64Array.from({ length: 3 * N }, (_, i) => (i % 3 === 0 ? (times[i / 3] ?? 0) : 0.9)),
    measured: Uint8Array.from({ length: N }, (_, k) => (lost.includes(k) ? 0 : 1)),
  });

describe('frames that cannot be filled in', () => {
  it('keeps a foot joint lost for longer than half a second while the other joint of its foot is seen', () => {
    const credible = masks();
    lose(credible[2], 20, 39);
    expect(marked(unfillableFrames(times, credible, hips()))).toEqual([]);
  });

  it('marks the frames where both joints of a foot are in a gap longer than half a second', () => {
    const credible = masks();
    lose(credible[2], 20, 39);
    lose(credible[1], 35, 54);
    expect(marked(unfillableFrames(times, credible, hips()))).toEqual(range(35, 39));
  });

  it('marks the frame where long gaps of the two joints of a foot meet end to end: neither sees the other there', () => {
    const credible = masks();
    lose(credible[2], 10, 29);
    lose(credible[1], 30, 49);
    expect(marked(unfillableFrames(times, credible, hips()))).toEqual([30]);
    // One frame that sees both between them is enough.
    credible[1]?.fill(1, 30, 31);
    expect(marked(unfillableFrames(times, credible, hips()))).toEqual([]);
  });

  it('keeps the pelvis lost for longer than half a second while the hips are tracked, without a leap', () => {
    const credible = masks();
    lose(credible[0], 30, 48);
    expect(marked(unfillableFrames(times, credible, hips([])))).toEqual([]);
    // A hip lost at the pelvis's last sample before the gap, or the hips leaping 0.5 m in a frame (15 m/s).
    expect(marked(unfillableFrames(times, credible, hips([29])))).toEqual(range(30, 48));
    const leap = hips([]);
    const leaping = () => {
      const donor = leap();
      donor.position[3 * 40] = (donor.position[3 * 40] ?? 0) + 0.5;
      return donor;
    };
    expect(marked(unfillableFrames(times, credible, leaping))).toEqual(range(30, 48));
  });

  it('marks a long gap of the pelvis without its donor, and not short gaps of both foot joints', () => {
    const credible = masks();
    lose(credible[0], 30, 48);
    lose(credible[3], 5, 12);
    lose(credible[4], 8, 16);
    expect(marked(unfillableFrames(times, credible, hips()))).toEqual(range(30, 48));
  });
});

describe('filling gaps', () => {
  /** A joint's track over the two seconds, with the given frames untracked (left at zero). */
  const track = (at: (t: number) => [number, number, number], lost: number[] = []): JointTrack => {
    const position = new Float64Array(3 * N);
    const measured = new Uint8Array(N).fill(1);
    for (let k = 0; k < N; k++) {
      if (lost.includes(k)) {
        measured[k] = 0;
        continue;
      }
      position.set(at(times[k] ?? 0), 3 * k);
    }
    return { position, measured };
  };
  // A heel that swings forward and lifts, and a toe whose offset from it turns steadily.
  const heel = (t: number): [number, number, number] => [
    0.4 * t + 0.1 * Math.sin(4 * t),
    0.05 * Math.abs(Math.sin(4 * t)),
    3,
  ];
  const toe = (t: number): [number, number, number] => {
    const [x, y, z] = heel(t);
    return [x + 0.15 + 0.02 * t, y - 0.01 * t, z + 0.01];
  };
  const still = (): [number, number, number] => [0, 0.9, 3];
  const sample = (t: JointTrack, k: number) => [...t.position.subarray(3 * k, 3 * k + 3)];

  it('follows the other joint of the foot across a long gap, the offset between them changing linearly', () => {
    const lost = range(20, 39);
    const tracks = [track(still), track(heel), track(toe, lost), track(heel), track(toe)];
    fillGaps(times, 0, N, tracks);
    for (const k of lost) {
      const expected = toe(times[k] ?? 0);
      sample(tracks[2] as JointTrack, k).forEach((v, axis) => expect(v).toBeCloseTo(expected[axis] ?? NaN, 12));
    }
  });

  it('follows the hips across a long gap of the pelvis', () => {
    const pelvis = (t: number): [number, number, number] => [0.4 * t + 0.02 * Math.sin(8 * t), 0.9 + 0.01 * t, 3];
    const donor = track((t) => [0.4 * t + 0.02 * Math.sin(8 * t), 0.85, 3]);
    const lost = range(20, 39);
    const tracks = [track(pelvis, lost), track(heel), track(toe), track(heel), track(toe)];
    fillGaps(times, 0, N, tracks, donor);
    for (const k of lost) {
      const expected = pelvis(times[k] ?? 0);
      sample(tracks[0] as JointTrack, k).forEach((v, axis) => expect(v).toBeCloseTo(expected[axis] ?? NaN, 12));
    }
  });

  /** Expects a joint's frames `from`..`to` on the line between its samples at `from - 1` and `to + 1`. */
  const expectLine = (joint: JointTrack, at: (t: number) => [number, number, number], from: number, to: number) => {
    const [a, b] = [at(times[from - 1] ?? 0), at(times[to + 1] ?? 0)];
    for (const k of range(from, to)) {
      const w = (k - from + 1) / (to - from + 2);
      sample(joint, k).forEach((v, axis) =>
        expect(v).toBeCloseTo((a[axis] ?? NaN) + w * ((b[axis] ?? NaN) - (a[axis] ?? NaN)), 12),
      );
    }
  };

  it('bridges a gap shorter than PARTNER_GAP_S (here 0.167 s) with a line in time, as before', () => {
    const tracks = [track(still), track(heel, range(10, 13)), track(toe), track(heel), track(toe)];
    fillGaps(times, 0, N, tracks);
    expectLine(tracks[1] as JointTrack, heel, 10, 13);
  });

  it('follows the other joint of the foot across a gap of PARTNER_GAP_S to 0.5 s that it sees all through', () => {
    // Frames 10–17 lost: 0.3 s between the samples either side.
    const tracks = [track(still), track(heel, range(10, 17)), track(toe), track(heel), track(toe)];
    fillGaps(times, 0, N, tracks);
    for (const k of range(10, 17)) {
      const expected = heel(times[k] ?? 0);
      sample(tracks[1] as JointTrack, k).forEach((v, axis) => expect(v).toBeCloseTo(expected[axis] ?? NaN, 12));
    }
  });

  it('bridges with lines two such gaps of a foot that meet end to end, where no frame sees both joints', () => {
    // The ankle lost at frames 10–17 and the foot at 18–25: 0.3 s each, the other joint seen all through each gap
    // but not at its end (an offset taken there from the foot's own gap, not yet filled, was metres off).
    const tracks = [track(still), track(heel, range(10, 17)), track(toe, range(18, 25)), track(heel), track(toe)];
    fillGaps(times, 0, N, tracks);
    expectLine(tracks[1] as JointTrack, heel, 10, 17);
    expectLine(tracks[2] as JointTrack, toe, 18, 25);
  });

  it('bridges such a gap with a line where the other joint is lost in it too, and the pelvis always', () => {
    const pelvis = (t: number): [number, number, number] => [0.4 * t, 0.9 + 0.01 * t, 3];
    const donor = track((t) => [0.4 * t + 0.02 * Math.sin(8 * t), 0.85, 3]);
    const tracks = [
      track(pelvis, range(30, 37)),
      track(heel, range(10, 17)),
      track(toe, [14]),
      track(heel),
      track(toe),
    ];
    fillGaps(times, 0, N, tracks, donor);
    expectLine(tracks[1] as JointTrack, heel, 10, 17);
    expectLine(tracks[0] as JointTrack, pelvis, 30, 37);
  });
});
