import type { JointTrack } from './jointTrack.ts';
import { MAX_JOINT_SPEED } from './credibleSamples.ts';
import { uint8s } from './gaitWorkspace.ts';
import type { JointBout } from './jointBout.ts';
import { COORDINATES_PER_FRAME, JOINT_INDEX } from './joints.ts';

/** Longer gaps are not bridged by a line: across more than half a second it could invent or hide a footfall. */
export const MAX_GAP_S = 0.5;
/**
 * A foot joint lost for longer than this while its partner is tracked all along follows the partner even under
 * MAX_GAP_S: a line across a heel's reach ahead or a toe's reach back moves that extremum, and with it the event. On
 * the Vicon trials with one foot joint lost across its own event (docs/gait-metrics.md, "A short gap across an
 * event"), lines of 0.2–0.4 s put that event up to 186 ms off (205 as a Kinect sees it) and cost cycles, the partner
 * at most 76 (74); at 0.1–0.15 s the line was as close or closer. Not 0.2 itself, six frames at 30 Hz: a steady clock
 * rounded to the millisecond would carry such gaps across the limit and back. 0.185 s lies between frames at 15–120 Hz.
 */
export const PARTNER_GAP_S = 0.185;

/**
 * Each used joint's partner on the same foot (pelvis, left ankle, left foot, right ankle, right foot), or -1. The
 * foot moves as one segment, so a joint lost for longer than MAX_GAP_S while its partner is seen can follow the
 * partner instead of a line: the footfalls are the partner's, seen, not invented (a donor fill, Vicon Nexus's
 * pattern fill).
 */
const PARTNER = [-1, 2, 1, 4, 3] as const;

/**
 * Per frame, 1 where a joint cannot be filled in: both joints of a foot at once in gaps longer than MAX_GAP_S, or the
 * pelvis in such a gap that its donor (`pelvisDonor()`, the hips' midpoint over the bout, asked for only then) does
 * not cover. A stretch to analyse holds no such frame. Frames before a joint is first seen or after it is last seen
 * count as such a gap.
 */
export function unfillableFrames(
  times: Float64Array,
  credible: Uint8Array[],
  pelvisDonor: () => JointTrack,
): Uint8Array {
  const out = uint8s(times.length);
  const gaps = credible.map((mask) => longGaps(times, mask));
  for (let j = 0; j < gaps.length; j++) {
    const own = gaps[j] as number[];
    const partner = gaps[PARTNER[j] ?? -1];
    for (let g = 0; g < own.length; g += 2) {
      const from = own[g] ?? 0;
      const to = own[g + 1] ?? 0;
      if (partner !== undefined) {
        // Where the partner's long gaps overlap this one; where they meet end to end (start = end), the first frame
        // of the later one: no frame has both joints seen to take the offset between them from.
        for (let h = 0; h < partner.length; h += 2) {
          const start = Math.max(from, partner[h] ?? 0);
          const end = Math.min(to, partner[h + 1] ?? 0);
          out.fill(1, start, start === end ? end + 1 : end);
        }
      } else if (!covers(times, pelvisDonor, from, to)) {
        // The pelvis, whose donor is the hips.
        out.fill(1, from, to);
      }
    }
  }
  return out;
}

/**
 * Whether a donor is tracked at every frame of the gap [from, to) and at the joint's samples on either side, and
 * never leaps between frames faster than any joint moves (credibleSamples.ts). Not at the bout's ends.
 */
function covers(times: Float64Array, donor: () => JointTrack, from: number, to: number): boolean {
  if (from === 0 || to === times.length) return false;
  const { position, measured } = donor();
  for (let k = from - 1; k <= to; k++) {
    if (measured[k] !== 1) return false;
    if (k === from - 1) continue;
    const reach = MAX_JOINT_SPEED * ((times[k] ?? 0) - (times[k - 1] ?? 0));
    const dx = (position[3 * k] ?? 0) - (position[3 * k - 3] ?? 0);
    const dy = (position[3 * k + 1] ?? 0) - (position[3 * k - 2] ?? 0);
    const dz = (position[3 * k + 2] ?? 0) - (position[3 * k - 1] ?? 0);
    if (dx * dx + dy * dy + dz * dz > reach * reach) return false;
  }
  return true;
}

/**
 * The pelvis's donor: the midpoint of the two hip joints, on the pelvis with HipCenter (Kinect v1; the hip joint
 * centres in a C3D trial, c3dJointData.ts), tracked where both are. Only for a pelvis lost for longer than MAX_GAP_S.
 */
export function hipsMidpoint(bout: JointBout): JointTrack {
  const { times, positions } = bout;
  const count = times.length;
  const position = new Float64Array(3 * count);
  const measured = new Uint8Array(count);
  const [left, right] = [JOINT_INDEX.HipLeft * 3, JOINT_INDEX.HipRight * 3];
  const tracked = (i: number) => positions[i] !== 0 || positions[i + 1] !== 0 || positions[i + 2] !== 0;
  for (let k = 0; k < count; k++) {
    const base = k * COORDINATES_PER_FRAME;
    if (!tracked(base + left) || !tracked(base + right)) continue;
    measured[k] = 1;
    for (let axis = 0; axis < 3; axis++)
      position[3 * k + axis] = ((positions[base + left + axis] ?? 0) + (positions[base + right + axis] ?? 0)) / 2;
  }
  return { position, measured };
}

/**
 * A joint's gaps longer than MAX_GAP_S (and the frames before its first or after its last sample), as frame ranges
 * [from, to) one after the other. A list rather than a mask per frame: such gaps are few.
 */
function longGaps(times: Float64Array, mask: Uint8Array): number[] {
  const count = times.length;
  const gaps: number[] = [];
  let previous = -1;
  for (let k = 0; k <= count; k++) {
    if (k < count && mask[k] !== 1) continue;
    if (previous < k - 1 && (previous < 0 || k === count || (times[k] ?? 0) - (times[previous] ?? 0) > MAX_GAP_S))
      gaps.push(previous + 1, k);
    previous = k;
  }
  return gaps;
}

/**
 * Fills each joint's untracked frames of a stretch whose first and last frames are tracked for every joint and
 * which holds no unfillable frame: gaps up to MAX_GAP_S linearly in time, except a foot joint's over PARTNER_GAP_S
 * that its partner is tracked all through and at both ends; then those and a foot joint's longer gaps from its partner, whose track
 * there is measured or linearly bridged, and the pelvis's longer gaps from its donor (the bout's, if the stretch
 * needs it). `times` are the bout's; the tracks start at `from`.
 */
export function fillGaps(
  times: Float64Array,
  from: number,
  n: number,
  tracks: JointTrack[],
  pelvisDonor?: JointTrack,
): void {
  const partners = tracks.map((_, j) => (j === 0 ? undefined : tracks[PARTNER[j] ?? -1]));
  const left = tracks.map((track, j) => bridgeShortGaps(times, from, n, track, partners[j]));
  const donor = pelvisDonor && {
    position: pelvisDonor.position.subarray(3 * from, 3 * (from + n)),
    measured: pelvisDonor.measured.subarray(from, from + n),
  };
  for (let j = 0; j < tracks.length; j++) {
    const partner = j === 0 ? donor : partners[j];
    if (partner === undefined) continue;
    const track = tracks[j] as JointTrack;
    // The partner's track there is measured or linearly bridged: the partners' long gaps never overlap or meet
    // (unfillableFrames), and a gap under MAX_GAP_S follows the partner only where the partner is seen at its ends.
    for (const [before, after, span] of left[j] ?? [])
      fillGap(times, from, track.position, before, after, span, partner.position);
  }
}

type Gap = [before: number, after: number, span: number];

/**
 * A joint's gaps filled in linearly in time between its tracked samples, but for those over MAX_GAP_S and, given
 * its partner, those over PARTNER_GAP_S that the partner is tracked all through and at both ends: the gaps it left.
 */
function bridgeShortGaps(
  times: Float64Array,
  from: number,
  n: number,
  track: JointTrack,
  partner: JointTrack | undefined,
): Gap[] {
  const left: Gap[] = [];
  for (const gap of gapsOf(times, from, n, track.measured)) {
    const [before, after, span] = gap;
    if (span > MAX_GAP_S || (span > PARTNER_GAP_S && partner && tracked(partner.measured, before, after)))
      left.push(gap);
    else fillGap(times, from, track.position, before, after, span);
  }
  return left;
}

/**
 * Whether a track is measured at every frame from `before` to `after`: through the gap, and at its ends, where the
 * offset to the partner is taken. Without the ends, an ankle lost just before its foot joint was lost (the two gaps
 * end to end) took its offset at the gap's end from the foot's own gap, not yet filled: metres off.
 */
function tracked(measured: Uint8Array, before: number, after: number): boolean {
  for (let k = before; k <= after; k++) if (measured[k] !== 1) return false;
  return true;
}

/** Each run of untracked frames between two tracked ones: the tracked frames either side and the seconds between. */
function* gapsOf(times: Float64Array, from: number, n: number, measured: Uint8Array): Generator<Gap> {
  let previous = -1;
  for (let k = 0; k < n; k++) {
    if (measured[k] !== 1) continue;
    if (previous >= 0 && previous < k - 1) yield [previous, k, (times[from + k] ?? 0) - (times[from + previous] ?? 0)];
    previous = k;
  }
}

/**
 * Fills the frames between `before` and `after` linearly in time, or, given a donor, with the donor's positions plus
 * the offset between the two, itself linear in time.
 */
function fillGap(
  times: Float64Array,
  from: number,
  out: Float64Array,
  before: number,
  after: number,
  span: number,
  donor?: Float64Array,
): void {
  const t0 = times[from + before] ?? 0;
  for (let gap = before + 1; gap < after; gap++) {
    const w = ((times[from + gap] ?? 0) - t0) / span;
    for (let axis = 0; axis < 3; axis++) {
      if (donor === undefined) {
        const a = out[3 * before + axis] ?? 0;
        const b = out[3 * after + axis] ?? 0;
        out[3 * gap + axis] = a + w * (b - a);
      } else {
        const a = (out[3 * before + axis] ?? 0) - (donor[3 * before + axis] ?? 0);
        const b = (out[3 * after + axis] ?? 0) - (donor[3 * after + axis] ?? 0);
        out[3 * gap + axis] = (donor[3 * gap + axis] ?? 0) + a + w * (b - a);
      }
    }
  }
}
