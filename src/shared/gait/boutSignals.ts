import type { JointBout } from './jointBout.ts';
import { credibleSamples } from './credibleSamples.ts';
import { JOINT_INDEX } from './joints.ts';
import type { FootSignals, JointTrack } from './jointTrack.ts';
import { float64s, float64sToOverwrite, uint8s } from './gaitWorkspace.ts';
import { fillGaps, hipsMidpoint, MAX_GAP_S, unfillableFrames } from './jointGaps.ts';

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
export type { FootSignals, JointTrack } from './jointTrack.ts';
export type BoutSignalsResult = { ok: true; signals: BoutSignals } | { ok: false; reason: string };

const { HipCenter, AnkleLeft, FootLeft, AnkleRight, FootRight } = JOINT_INDEX;
/** The pelvis first: credibleSamples checks the feet against it. */
const USED_JOINTS = [HipCenter, AnkleLeft, FootLeft, AnkleRight, FootRight] as const;
const MAX_MISSING_FRACTION = 0.3;
const MIN_FRAMES = 10;

/**
 * Picks the longest stretch in which the pelvis and feet are tracked, each joint missing for at most MAX_GAP_S at a
 * time (filled by linear interpolation) or for longer while its donor is tracked (a foot joint: the other joint of
 * its foot; the pelvis: the hips; filled from it, jointGaps.ts), and returns its pelvis and foot trajectories.
 */
export function boutSignals(bout: JointBout): BoutSignalsResult {
  const { times } = bout;
  // Every frame of each used joint, written by credibleSamples as it checks them.
  const samples = USED_JOINTS.map(() => float64sToOverwrite(3 * times.length));
  const credible = credibleSamples(bout, USED_JOINTS, samples);
  let hips: JointTrack | undefined;
  const pelvisDonor = () => (hips ??= hipsMidpoint(bout));
  const { bestFrom, bestTo, bestMissing } = longestStretch(times, credible, pelvisDonor);
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
  fillGaps(times, bestFrom, n, tracks, hips);
  // USED_JOINTS order: pelvis, left ankle, left foot, right ankle, right foot.
  const [pelvisTrack, leftHeel, leftToe, rightHeel, rightToe] = tracks as [JointTrack, ...JointTrack[]];
  const pelvis = pelvisTrack.position;
  const left = withHeelMarker({ heel: leftHeel as JointTrack, toe: leftToe as JointTrack }, bout.heels, 0, bestFrom, n);
  const right = withHeelMarker(
    { heel: rightHeel as JointTrack, toe: rightToe as JointTrack },
    bout.heels,
    1,
    bestFrom,
    n,
  );
  const duration = relative[n - 1] ?? 0;
  return {
    ok: true,
    signals: { n, times: relative, start, sampleRate: (n - 1) / duration, pelvis, left, right, from: bestFrom },
  };
}

/**
 * The longest stretch in which every used joint is credible at its ends, with no frame that cannot be filled in
 * (jointGaps.ts) and no two frames further apart than MAX_GAP_S, and how many joint samples it misses. A function of
 * its own: inline, V8 compiled boutSignals on this loop's back edge before the code after it had run, and that code
 * then fell back to the interpreter at every call.
 */
function longestStretch(
  times: Float64Array,
  credible: Uint8Array[],
  pelvisDonor: () => JointTrack,
): { bestFrom: number; bestTo: number; bestMissing: number } {
  const count = times.length;
  const unfillable = unfillableFrames(times, credible, pelvisDonor);
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
    let absent = 0;
    for (let j = 0; j < USED_JOINTS.length; j++) if (credible[j]?.[k] !== 1) absent++;
    if (unfillable[k] === 1 || (k > 0 && (times[k] ?? 0) - (times[k - 1] ?? 0) > MAX_GAP_S)) close();
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

/** The foot with its heel marker's frames of the stretch (side 0 left, 1 right), when the bout has heel markers. */
function withHeelMarker(foot: FootSignals, heels: Float32Array | undefined, side: 0 | 1, from: number, n: number) {
  if (heels === undefined) return foot;
  const position = new Float64Array(3 * n);
  const measured = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const at = (from + k) * 6 + side * 3;
    for (let a = 0; a < 3; a++) position[3 * k + a] = heels[at + a] ?? 0;
    measured[k] = position[3 * k] !== 0 || position[3 * k + 1] !== 0 || position[3 * k + 2] !== 0 ? 1 : 0;
  }
  return { ...foot, heelMarker: { position, measured } };
}
