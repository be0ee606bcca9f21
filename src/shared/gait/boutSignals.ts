import type { JointBout } from './jointDataFile.ts';
import { credibleSamples } from './credibleSamples.ts';
import { JOINT_INDEX } from './joints.ts';
import { float64s, float64sToOverwrite, uint8s } from './gaitWorkspace.ts';

/**
 * The pelvis and foot trajectories of one bout, gaps filled; xyz interleaved (frame k's x at 3k). Kinect v1 has no
 * heel or toe joint: the Ankle joint stands for the heel and the Foot joint (over the forefoot) for the toe.
 */
export type BoutSignals = {
  n: number;
  /** Seconds since `start`. Kept relative so that squares of times stay exact even with epoch timestamps. */
  times: Float64Array;
  /** Recording time of the first analysed frame, seconds. */
  start: number;
  /** Mean frame rate over the analysed frames, Hz. */
  sampleRate: number;
  pelvis: Float64Array;
  left: FootSignals;
  right: FootSignals;
  /** Frame index in the bout of the first analysed frame (the tracks' frame 0). */
  from: number;
};
/** A joint's trajectory and, per frame, 1 if the sensor tracked it or 0 if it was filled in. */
export type JointTrack = { position: Float64Array; measured: Uint8Array };
export type FootSignals = { heel: JointTrack; toe: JointTrack };
export type BoutSignalsResult = { ok: true; signals: BoutSignals } | { ok: false; reason: string };

const { HipCenter, AnkleLeft, FootLeft, AnkleRight, FootRight } = JOINT_INDEX;
/** The pelvis first: credibleSamples checks the feet against it. */
const USED_JOINTS = [HipCenter, AnkleLeft, FootLeft, AnkleRight, FootRight] as const;
/** Longer gaps are not bridged: a straight line across more than half a second could invent or hide a footfall. */
const MAX_GAP_S = 0.5;
const MAX_MISSING_FRACTION = 0.3;
const MIN_FRAMES = 10;

/**
 * Picks the longest stretch in which the pelvis and feet are tracked, each joint missing for at most MAX_GAP_S at a
 * time (filled by linear interpolation), and returns its pelvis and foot trajectories.
 */
export function boutSignals(bout: JointBout): BoutSignalsResult {
  const { times } = bout;
  // Every frame of each used joint, written by credibleSamples as it checks them.
  const samples = USED_JOINTS.map(() => float64sToOverwrite(3 * times.length));
  const credible = credibleSamples(bout, USED_JOINTS, samples);
  const { bestFrom, bestTo, bestMissing } = longestStretch(times, credible);
  const n = bestTo - bestFrom + 1;
  if (n < MIN_FRAMES)
    return { ok: false, reason: 'The pelvis and feet were not tracked together for long enough to analyse.' };
  if (bestMissing > MAX_MISSING_FRACTION * n * USED_JOINTS.length) {
    const percent = Math.round((100 * bestMissing) / (n * USED_JOINTS.length));
    return {
      ok: false,
      reason: `The pelvis or feet were untracked in ${percent}% of joint samples; at most 30% can be filled in.`,
    };
  }
  const start = times[bestFrom] ?? 0;
  const relative = relativeTimes(times, bestFrom, n, start);
  // The stretch's samples, in place: its first and last frames are credible for every joint (longestStretch), so
  // bridging overwrites every sample that is not.
  const tracks = USED_JOINTS.map((_, j): JointTrack => ({
    position: (samples[j] as Float64Array).subarray(3 * bestFrom, 3 * (bestFrom + n)),
    measured: measuredFrames(credible[j], bestFrom, n),
  }));
  for (let j = 0; j < tracks.length; j++) bridgeJoint(times, bestFrom, n, tracks[j] as JointTrack);
  // USED_JOINTS order: pelvis, left ankle, left foot, right ankle, right foot.
  const [pelvisTrack, leftHeel, leftToe, rightHeel, rightToe] = tracks as [JointTrack, ...JointTrack[]];
  const pelvis = pelvisTrack.position;
  const left = { heel: leftHeel as JointTrack, toe: leftToe as JointTrack };
  const right = { heel: rightHeel as JointTrack, toe: rightToe as JointTrack };
  const duration = relative[n - 1] ?? 0;
  return {
    ok: true,
    signals: { n, times: relative, start, sampleRate: (n - 1) / duration, pelvis, left, right, from: bestFrom },
  };
}

/**
 * The longest stretch in which every used joint is credible at its ends and none is missing for more than MAX_GAP_S,
 * and how many joint samples it misses. A function of its own: inline, V8 compiled boutSignals on this loop's back
 * edge before the code after it had run, and that code then fell back to the interpreter at every call.
 */
function longestStretch(
  times: Float64Array,
  credible: Uint8Array[],
): { bestFrom: number; bestTo: number; bestMissing: number } {
  const count = times.length;
  // A typed array: a plain array made by map holds its numbers boxed, and every store of a time allocated one.
  const lastSeen = new Float64Array(USED_JOINTS.length).fill(-Infinity);
  let bestFrom = 0;
  let bestTo = -1;
  let bestMissing = 0;
  let from = -1;
  let lastComplete = -1;
  // Untracked joint samples so far, so that any stretch's count is a difference.
  let missing = 0;
  let missingAtFrom = 0;
  let missingAtLast = 0;
  const close = () => {
    if (from >= 0 && lastComplete - from > bestTo - bestFrom) {
      bestFrom = from;
      bestTo = lastComplete;
      bestMissing = missingAtLast - missingAtFrom;
    }
    from = -1;
  };
  for (let k = 0; k < count; k++) {
    const t = times[k] ?? 0;
    let absent = 0;
    let gap = k > 0 && t - (times[k - 1] ?? 0) > MAX_GAP_S;
    for (let j = 0; j < USED_JOINTS.length; j++) {
      if (credible[j]?.[k] !== 1) {
        absent++;
        continue;
      }
      if (t - (lastSeen[j] ?? 0) > MAX_GAP_S) gap = true;
      lastSeen[j] = t;
    }
    if (gap) close();
    missing += absent;
    if (absent > 0) continue;
    if (from < 0) {
      from = k;
      missingAtFrom = missing;
    }
    lastComplete = k;
    missingAtLast = missing;
  }
  close();
  return { bestFrom, bestTo, bestMissing };
}

/** The stretch's times since its first frame (a function of its own for the reason given at longestStretch). */
function relativeTimes(times: Float64Array, from: number, n: number, start: number): Float64Array {
  const relative = float64s(n);
  for (let k = 0; k < n; k++) relative[k] = (times[from + k] ?? 0) - start;
  return relative;
}

/** The stretch's frames of a credibility mask. */
function measuredFrames(mask: Uint8Array | undefined, from: number, n: number): Uint8Array {
  const frames = uint8s(n);
  if (mask !== undefined) frames.set(mask.subarray(from, from + n));
  return frames;
}

/** A joint's track (the stretch from frame `from` of the bout) filled in linearly in time between its credible samples. */
function bridgeJoint(times: Float64Array, from: number, n: number, track: JointTrack): void {
  const { position: out, measured } = track;
  let previous = -1;
  for (let k = 0; k < n; k++) {
    if (measured[k] !== 1) continue;
    if (previous >= 0 && previous < k - 1) {
      const t0 = times[from + previous] ?? 0;
      const span = (times[from + k] ?? 0) - t0;
      for (let gap = previous + 1; gap < k; gap++) {
        const w = ((times[from + gap] ?? 0) - t0) / span;
        for (let axis = 0; axis < 3; axis++) {
          const a = out[3 * previous + axis] ?? 0;
          const b = out[3 * k + axis] ?? 0;
          out[3 * gap + axis] = a + w * (b - a);
        }
      }
    }
    previous = k;
  }
}
