import type { Cycle } from './cycleMetrics.ts';
import { trimmedMean } from './orderStatistics.ts';
import type { GaitMetrics, SideMetrics } from './gaitResult.ts';
import { metres, metresPerSecond, percentOfCycle, seconds, stepsPerMinute } from './gaitUnits.ts';

/** What one bout contributes to a summary: every complete cycle and measured step, and its totals. */
export type WalkSamples = {
  distance: number;
  duration: number;
  left: SideSamples;
  right: SideSamples;
};
export type SideSamples = { steps: number; cycles: Cycle[]; stepLengths: number[] };

/** Fraction of per-cycle values dropped from each end before averaging (a 20% trimmed mean). */
const TRIM = 0.2;

/**
 * Summarises one bout, or a whole session as if it were one walk: speed is total distance over total time (a long
 * bout counts for more than a short one); cadence, phase percentages, stride time and step length come from
 * trimmed means over every cycle and step, so a single misplaced event cannot move them.
 */
export function summariseWalk(bouts: readonly WalkSamples[]): GaitMetrics {
  let distance = 0;
  let duration = 0;
  for (const bout of bouts) {
    distance += bout.distance;
    duration += bout.duration;
  }
  const left = sideMetrics(joinSides(bouts.map((b) => b.left)));
  const right = sideMetrics(joinSides(bouts.map((b) => b.right)));
  const both = sideMetrics(joinSides(bouts.flatMap((b) => [b.left, b.right])));
  return {
    ...both,
    speed: metresPerSecond(distance / duration),
    // Two steps per stride. From complete cycles rather than the step count over time, so that a heel strike
    // missed or invented in a stretch of poor tracking cannot move it.
    cadence: stepsPerMinute(120 / both.strideTime),
    distance: metres(distance),
    duration: seconds(duration),
    left,
    right,
  };
}

function joinSides(parts: readonly SideSamples[]): SideSamples {
  return {
    steps: parts.reduce((total, p) => total + p.steps, 0),
    cycles: parts.flatMap((p) => p.cycles),
    stepLengths: parts.flatMap((p) => p.stepLengths),
  };
}

function sideMetrics({ steps, cycles, stepLengths }: SideSamples): SideMetrics {
  const values = new Float64Array(cycles.length);
  const centre = (pick: (cycle: Cycle) => number) => {
    for (let i = 0; i < cycles.length; i++) values[i] = pick(cycles[i] as Cycle);
    return trimmedMean(values, TRIM);
  };
  const stance = centre((c) => c.stancePercent);
  const doubleSupport = centre((c) => c.doubleSupportPercent);
  return {
    stepCount: steps,
    cycleCount: cycles.length,
    stepLength: metres(trimmedMean(stepLengths, TRIM)),
    strideTime: seconds(centre((c) => c.strideTime)),
    stancePercent: percentOfCycle(stance),
    swingPercent: percentOfCycle(100 - stance),
    doubleSupportPercent: percentOfCycle(doubleSupport),
    // Stance is double plus single support in every cycle; deriving single support keeps the summary additive too
    // (trimmed means of the three separately need not add up).
    singleSupportPercent: percentOfCycle(stance - doubleSupport),
  };
}
