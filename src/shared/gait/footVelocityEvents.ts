import type { FootSignals } from './jointTrack.ts';
import { splineExtremum } from './frameIndex.ts';
import { median } from './orderStatistics.ts';
import { distinct, extremeIn, lastDeepTrough } from './velocityPeaks.ts';
import type { ContactCues, EventLags } from './eventLags.ts';
import { PARTNER_GAP_S } from './jointGaps.ts';
import type { Extrema } from './zeniEvents.ts';

/**
 * Heel strike and toe off. Zeni's foot–pelvis extrema (zeniEvents.ts) mark each step robustly: they rest on the
 * foot's whole fore-aft excursion, tens of centimetres, which even a noisy sensor follows. The contact itself comes
 * from the foot's vertical velocity, the foot velocity algorithm of O'Connor, Thorpe, O'Malley & Vaughan 2007 (Gait
 * & Posture 25:469–474), validated against force plates: the foot centre (here the mean of the Ankle and Foot
 * joints, Kinect's stand-ins for heel and toe) falls fastest at initial contact, as the heel lands and the forefoot
 * is lowered onto the floor, and rises fastest at toe off. Each heel reach is followed by its contact trough (the
 * last deep one within 0.3 of a stride: after it the foot is flat and still until the heel rises), each toe reach
 * back lies within about a seventh of a stride of the toe-off peak. How long after Zeni's extrema the contacts come
 * (the lags, eventLags.ts) is then taken over the whole walk, and every event is placed at its extremum plus that
 * lag: a velocity trough that noise has moved or replaced then moves no event.
 * Windows are fractions of the stride, never a whole number of frames. On the Vicon reference trials this places
 * heel strikes within about 10 ms and toe offs within about 15 ms of Vicon's (docs/gait-metrics.md).
 */
export type FootEventIndices = { heelStrikes: number[]; toeOffs: number[] };
/** Search windows around Zeni's extrema, as fractions of the stride. */
const STRIKE_BEFORE = 0.05;
const STRIKE_AFTER = 0.3;
const TOE_OFF_REACH = 0.15;
/**
 * A toe-off peak this close (strides; the lags' tolerance, eventLags.ts) to where the Ankle joint enters or leaves a
 * fill longer than PARTNER_GAP_S is not the toe off's own: the filled ankle follows the Foot joint with an offset
 * that changes at once where the fill begins, and the foot centre's velocity shows a peak there. On the Vicon trials
 * with the ankle lost from its toe off on (docs/gait-metrics.md, "An ankle lost after its toe off"), that peak put the
 * toe off up to 66 ms early; its Zeni extremum plus the walk's lag, at most 22 ms early. A toe minimum with a filled
 * toe this close is likewise not trusted alone (footVelocityEvents).
 */
const FILL_EDGE = 0.06;
/** A contact at the bout's start or end, missed by Zeni's extrema, is looked for this far (strides) from the next one. */
const EDGE_GAP = 0.75;
const EDGE_CLEARANCE = 0.6;

export type FootVelocityInput = {
  foot: FootSignals;
  /** Per frame, the unit vertical (xyz interleaved), square to the direction of progression. */
  up: Float64Array;
  n: number;
  sampleRate: number;
  /** Typical stride in frames. */
  strideFrames: number;
  heelMaxima: Extrema;
  toeMinima: Extrema;
  /** Filtered heel-minus-pelvis and toe-minus-pelvis positions along the direction of progression. */
  heelAhead: Float64Array;
  toeAhead: Float64Array;
  scratch: Float64Array;
};

/** The contact cues of a foot, from its vertical velocity (footVerticalVelocities, footVerticalVelocity.ts). */
export function contactCues(input: FootVelocityInput, velocity: Float64Array): ContactCues {
  const { strideFrames: stride, heelMaxima, toeMinima } = input;
  const cues: ContactCues = { velocity, strikeLags: [], offLags: [], troughs: [] };
  for (const m of heelMaxima.indices) {
    const k = lastDeepTrough(velocity, m - STRIKE_BEFORE * stride, m + STRIKE_AFTER * stride);
    cues.strikeLags.push(k === undefined ? undefined : splineExtremum(velocity, k) - m);
    if (k !== undefined) cues.troughs.push(velocity[k] ?? 0);
  }
  const longFill = PARTNER_GAP_S * input.sampleRate;
  for (const q of toeMinima.indices) {
    const k = extremeIn(velocity, q - TOE_OFF_REACH * stride, q + TOE_OFF_REACH * stride, 1);
    const found =
      k !== undefined &&
      (velocity[k] ?? 0) > 0 &&
      !nearFillEdge(input.foot.heel.measured, input.n, k, FILL_EDGE * stride, longFill);
    cues.offLags.push(found ? splineExtremum(velocity, k) - q : undefined);
  }
  return cues;
}

/**
 * Each event at its own velocity extremum where that agrees with the walk's lag (eventLags.ts), else at its Zeni
 * extremum plus the lag; and contacts at the bout's ends that the extrema could not mark.
 */
export function footVelocityEvents(
  input: FootVelocityInput,
  { velocity, troughs, strikeLags, offLags }: ContactCues,
  lags: EventLags,
): FootEventIndices {
  const { n, strideFrames: stride, heelMaxima, toeMinima, heelAhead, toeAhead } = input;
  const { fromVelocity } = lags;
  const inside = (k: number) => k >= 0 && k <= n - 1;
  const place = (extrema: number[], own: (number | undefined)[], lag: number, ownCounts: (e: number) => boolean) =>
    extrema
      .map((e, i) => {
        const found = own[i];
        const trusted = fromVelocity && found !== undefined && Math.abs(found - lag) <= lags.tolerance && ownCounts(e);
        return e + (trusted ? found : lag);
      })
      .filter(inside);
  const strikes = place(heelMaxima.indices, strikeLags, lags.strike, () => true);
  // A toe tracked through its reach back times the toe off by that minimum plus the walk's lag: the minimum rests on
  // the toe's whole fore-aft excursion, and the lag carries the velocity's timing without its frame-to-frame scatter.
  // A toe filled there has a minimum the fill made; its own velocity peak, which the tracked ankle still carries, counts.
  const offs = place(
    toeMinima.indices,
    offLags,
    lags.off,
    (q) => !trackedAround(input.foot.toe.measured, n, q, FILL_EDGE * stride),
  );
  const aheadSpeed = (k: number) => (heelAhead[Math.min(n - 1, k + 1)] ?? 0) - (heelAhead[Math.max(0, k - 1)] ?? 0);
  // A contact near the bout's ends may have no Zeni extremum before it (the reach happened before the first frame).
  // Accept a velocity trough there only as deep as the others and while the foot falls back relative to the pelvis.
  const depth = 0.5 * median(troughs);
  const edge = (from: number, to: number) => {
    const k = extremeIn(velocity, from, to, -1);
    return k !== undefined && (velocity[k] ?? 0) < depth && aheadSpeed(k) < 0 ? splineExtremum(velocity, k) : undefined;
  };
  // Only a velocity whose troughs agreed with Zeni's extrema (eventLags.ts) is trusted where they are missing.
  const edges = fromVelocity && troughs.length > 0 && strikes.length > 0;
  const first = strikes.length > 0 ? Math.min(...strikes) : n - 1;
  if (edges && first > EDGE_GAP * stride) {
    const k = edge(0, first - EDGE_CLEARANCE * stride);
    if (k !== undefined) strikes.push(k);
  }
  const last = strikes.length > 0 ? Math.max(...strikes) : 0;
  if (edges && n - 1 - last > EDGE_GAP * stride) {
    const k = edge(last + EDGE_CLEARANCE * stride, n - 1);
    if (k !== undefined) strikes.push(k);
  }
  const lastOff = offs.length > 0 ? Math.max(...offs) : n - 1;
  if (fromVelocity && offs.length > 0 && n - 1 - lastOff > EDGE_GAP * stride) {
    const k = extremeIn(velocity, lastOff + EDGE_CLEARANCE * stride, n - 1, 1);
    // The toe is behind the pelvis at toe off; in terminal swing, the other peak, it is ahead.
    if (k !== undefined && (velocity[k] ?? 0) > 0 && (toeAhead[k] ?? 0) < median(toeAhead.subarray(0, n)))
      offs.push(splineExtremum(velocity, k));
  }
  const distinctSorted = (frames: number[]) =>
    distinct(
      frames.sort((a, b) => a - b),
      0.3 * stride,
    );
  return { heelStrikes: distinctSorted(strikes), toeOffs: distinctSorted(offs) };
}

/** Whether a track was measured, not filled, on every frame within `span` frames of frame k. */
function trackedAround(measured: Uint8Array, n: number, k: number, span: number): boolean {
  const to = Math.min(n - 1, Math.ceil(k + span));
  for (let j = Math.max(0, Math.floor(k - span)); j <= to; j++) if (measured[j] !== 1) return false;
  return true;
}

/**
 * Whether a track enters or leaves a run of more than `longest` filled frames within `span` frames of frame k. At
 * module level, as isTrough in velocityPeaks.ts.
 */
function nearFillEdge(measured: Uint8Array, n: number, k: number, span: number, longest: number): boolean {
  const to = Math.min(n - 1, Math.ceil(k + span));
  for (let j = Math.max(1, Math.floor(k - span)); j <= to; j++) {
    if (measured[j] === measured[j - 1]) continue;
    // The filled run that begins at j, or ends at j - 1.
    const step = measured[j] === 1 ? -1 : 1;
    let length = 0;
    for (let i = step === 1 ? j : j - 1; i >= 0 && i < n && measured[i] !== 1; i += step) length++;
    if (length > longest) return true;
  }
  return false;
}
