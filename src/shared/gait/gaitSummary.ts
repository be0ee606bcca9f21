import { averageCurves, mergeCurveSums, type CurveSums } from './cycleCurves.ts';
import type { Step } from './cycleMetrics.ts';
import { joinCycles, type GaitCycles } from './gaitCycles.ts';
import { trimmedMean, trimmedMeanInPlace } from './orderStatistics.ts';
import {
  CYCLE_MEASURES,
  SYMMETRY_MEASURES,
  type CycleMeasure,
  type FootMetrics,
  type GaitMetrics,
  type SideMetrics,
  type Symmetry,
  type Variability,
} from './gaitResult.ts';
import { metres, metresPerSecond, percentOfCycle, seconds, stepsPerMinute, type Seconds } from './gaitUnits.ts';

/** What one bout contributes to a summary: every complete cycle and measured step, and its totals. */
export type WalkSamples = {
  distance: number;
  duration: number;
  left: SideSamples;
  right: SideSamples;
};
export type SideSamples = {
  steps: Step[];
  cycles: GaitCycles;
  /** Per cycle whose two steps were both measured. */
  strideLengths: number[];
  /** Over the cycles with tracked joints: flexion at 0–100% of the cycle, summed. */
  knee: CurveSums;
  hip: CurveSums;
};

/** Fraction of per-cycle values dropped from each end before averaging (a 20% trimmed mean). */
const TRIM = 0.2;

/**
 * Summarises one bout, or a whole session as if it were one walk: speed is total distance over total time (a long
 * bout counts for more than a short one); cadence, phases, times and lengths are trimmed means over every cycle and
 * step, so that a single misplaced event cannot move them. Variability is the plain coefficient of variation: a
 * trimmed one would hide the very irregularity it measures.
 */
export function summariseWalk(bouts: readonly WalkSamples[], heightM?: number): GaitMetrics {
  let distance = 0;
  let duration = 0;
  for (const bout of bouts) {
    distance += bout.distance;
    duration += bout.duration;
  }
  const left = footMetrics(joinSides(bouts.map((b) => b.left)));
  const right = footMetrics(joinSides(bouts.map((b) => b.right)));
  const both = sideMetrics(joinSides(bouts.flatMap((b) => [b.left, b.right])));
  const speed = distance / duration;
  return {
    ...both,
    // The two sides weigh equally in the pooled step: a short walk of an antalgic limp has one more long step than
    // short ones (or the reverse), and a mean over its steps would then differ from half its stride, so that step
    // length × cadence would not give its speed.
    stepLength: metres((left.stepLength + right.stepLength) / 2),
    stepTime: sidesMean(left.stepTime, right.stepTime),
    speed: metresPerSecond(speed),
    // Two steps per stride, from the complete cycles. The cycles, the timed steps and the step count all come from
    // the same runs of regular steps (walkSequence.ts), so that steps over time and step time give the same cadence
    // to within the events' scatter.
    cadence: stepsPerMinute(120 / both.strideTime),
    distance: metres(distance),
    duration: seconds(duration),
    left,
    right,
    symmetry: symmetry(left, right),
    speedPerHeight: heightM !== undefined && heightM > 0 ? speed / heightM : null,
  };
}

/** A foot's metrics; with no complete cycle of it (a short pass), its cycle measures are null, not a guess. */
function footMetrics(side: SideSamples): FootMetrics {
  const metrics = sideMetrics(side);
  if (side.cycles.count > 0) return metrics;
  const none = Object.fromEntries(CYCLE_MEASURES.map((measure) => [measure, null])) as Record<CycleMeasure, null>;
  return { ...metrics, ...none };
}

function sidesMean(left: Seconds | null, right: Seconds | null): Seconds | null {
  if (left === null || right === null) return left ?? right;
  return seconds((left + right) / 2);
}

function joinSides(parts: readonly SideSamples[]): SideSamples {
  // A bout's own side is already whole: copying thousands of steps and cycles would change nothing.
  if (parts.length === 1 && parts[0] !== undefined) return parts[0];
  return {
    steps: parts.flatMap((p) => p.steps),
    cycles: joinCycles(parts.map((p) => p.cycles)),
    strideLengths: parts.flatMap((p) => p.strideLengths),
    knee: mergeCurveSums(parts.map((p) => p.knee)),
    hip: mergeCurveSums(parts.map((p) => p.hip)),
  };
}

/** A measure of the steps that have it, in their order. */
function stepColumn(steps: readonly Step[], pick: (step: Step) => number | null): Float64Array {
  const out = new Float64Array(steps.length);
  let count = 0;
  for (const step of steps) {
    const value = pick(step);
    if (value !== null) out[count++] = value;
  }
  return out.subarray(0, count);
}

const orNull = (values: ArrayLike<number>) => (values.length === 0 ? null : trimmedMean(values, TRIM));

function sideMetrics({ steps, cycles, strideLengths, knee, hip }: SideSamples): SideMetrics {
  // The cycles' columns are copied by the trimmed mean: a joined side (both, or a session) reads them in order after.
  const centre = (column: Float64Array) => trimmedMean(column, TRIM);
  const stance = centre(cycles.stancePercent);
  const initial = centre(cycles.initialDoubleSupportPercent);
  const terminal = centre(cycles.terminalDoubleSupportPercent);
  const stanceTime = centre(cycles.stanceTime);
  const strideTimes = cycles.strideTime;
  const strideTime = trimmedMean(strideTimes, TRIM);
  const swingTimes = new Float64Array(cycles.count);
  for (let i = 0; i < cycles.count; i++) swingTimes[i] = (strideTimes[i] ?? 0) - (cycles.stanceTime[i] ?? 0);
  const lengths = stepColumn(steps, (s) => s.length);
  const widths = stepColumn(steps, (s) => s.width);
  const stepTimes = stepColumn(steps, (s) => s.time);
  const stepTime = stepTimes.length === 0 ? null : trimmedMeanInPlace(stepTimes, TRIM);
  const strideLength = orNull(strideLengths);
  const stepWidth = orNull(widths);
  return {
    stepCount: steps.length,
    cycleCount: cycles.count,
    stepLength: metres(trimmedMeanInPlace(lengths, TRIM)),
    strideTime: seconds(strideTime),
    stancePercent: percentOfCycle(stance),
    swingPercent: percentOfCycle(100 - stance),
    // Double support is initial plus terminal; single support what stance leaves, so that the summary adds up
    // (trimmed means of the parts separately need not).
    doubleSupportPercent: percentOfCycle(initial + terminal),
    singleSupportPercent: percentOfCycle(stance - initial - terminal),
    initialDoubleSupportPercent: percentOfCycle(initial),
    terminalDoubleSupportPercent: percentOfCycle(terminal),
    stanceTime: seconds(stanceTime),
    swingTime: seconds(trimmedMeanInPlace(swingTimes, TRIM)),
    stepTime: stepTime === null ? null : seconds(stepTime),
    strideLength: strideLength === null ? null : metres(strideLength),
    stepWidth: stepWidth === null ? null : metres(stepWidth),
    variability: variability(strideTimes, strideLengths, widths),
    kneeFlexion: averageCurves(knee),
    hipFlexion: averageCurves(hip),
  };
}

function variability(
  strideTimes: ArrayLike<number>,
  strideLengths: ArrayLike<number>,
  widths: ArrayLike<number>,
): Variability {
  return { strideTimeCv: cv(strideTimes), strideLengthCv: cv(strideLengths), stepWidthCv: cv(widths) };
}

/** Coefficient of variation in percent (sample SD over mean); null with fewer than two values or a zero mean. */
function cv(values: ArrayLike<number>): number | null {
  const count = values.length;
  if (count < 2) return null;
  // Sums in the values' order, as a reduce from 0 would add them.
  let total = 0;
  for (let i = 0; i < count; i++) total += values[i] ?? 0;
  const mean = total / count;
  if (!(Math.abs(mean) > 1e-12)) return null;
  let squares = 0;
  for (let i = 0; i < count; i++) squares += ((values[i] ?? 0) - mean) ** 2;
  const variance = squares / (count - 1);
  return (100 * Math.sqrt(variance)) / Math.abs(mean);
}

function symmetry(left: FootMetrics, right: FootMetrics): Symmetry {
  const value = (m: FootMetrics, measure: (typeof SYMMETRY_MEASURES)[number]): number | null => {
    if (measure === 'kneeRangeOfMotion') return m.kneeFlexion?.rangeOfMotion ?? null;
    if (measure === 'hipRangeOfMotion') return m.hipFlexion?.rangeOfMotion ?? null;
    return m[measure];
  };
  const index = (l: number | null, r: number | null) =>
    l === null || r === null || !(Math.abs(l + r) > 1e-12) ? null : (100 * (l - r)) / ((l + r) / 2);
  return Object.fromEntries(
    SYMMETRY_MEASURES.map((measure) => [measure, index(value(left, measure), value(right, measure))]),
  ) as Symmetry;
}
