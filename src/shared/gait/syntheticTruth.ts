import type { Side } from './gaitResult.ts';
import type { Schedule } from './syntheticSchedule.ts';

/** What a synthetic bout holds: its events in recording seconds, the steps in view and the pelvis's travel. */
type SyntheticBoutTruth = {
  heelStrikes: Record<Side, number[]>;
  toeOffs: Record<Side, number[]>;
  /** Steps completed between the bout's first and last heel strike. */
  stepCount: number;
  /** Pelvis travel between the first and last heel strike. */
  distance: number;
};

type SyntheticSideTruth = {
  stepLength: number;
  stepTime: number;
  strideTime: number;
  strideLength: number;
  stancePercent: number;
  doubleSupportPercent: number;
  singleSupportPercent: number;
};

/** Means over every complete cycle and step in view, by the engine's definitions (docs/gait-metrics.md). */
export type SyntheticWalkTruth = {
  speed: number;
  cadence: number;
  stancePercent: number;
  swingPercent: number;
  doubleSupportPercent: number;
  singleSupportPercent: number;
  stepLength: number;
  strideTime: number;
  strideLength: number;
  stepTime: number;
  left: SyntheticSideTruth;
  right: SyntheticSideTruth;
  /** Coefficients of variation over the strides in view, percent. */
  strideTimeCv: number;
  strideLengthCv: number;
  bouts: SyntheticBoutTruth[];
};

type Cycle = { stride: number; stance: number; double: number; length: number };
type Step = { length: number; time: number };

export function scheduleTruth(
  bouts: readonly { schedule: Schedule; offset: number; end: number }[],
): SyntheticWalkTruth {
  const cycles: Record<Side, Cycle[]> = { left: [], right: [] };
  const steps: Record<Side, Step[]> = { left: [], right: [] };
  let distance = 0;
  let duration = 0;
  const boutTruths = bouts.map(({ schedule, offset, end }): SyntheticBoutTruth => {
    const inView = (t: number) => t >= 0 && t <= end;
    const strikes = schedule.strikes.filter((s) => inView(s.strike));
    for (const side of ['left', 'right'] as Side[]) {
      const other: Side = side === 'left' ? 'right' : 'left';
      const own = schedule[side];
      for (let i = 0; i + 1 < own.length; i++) {
        const [fall, next] = [own[i], own[i + 1]];
        if (!fall || !next || !inView(fall.strike) || !inView(next.strike)) continue;
        const otherOff = schedule[other].find((f) => f.toeOff > fall.strike && f.toeOff < fall.toeOff)?.toeOff;
        const otherStrike = schedule[other].find((f) => f.strike > fall.strike && f.strike < fall.toeOff)?.strike;
        if (otherOff === undefined || otherStrike === undefined) continue;
        cycles[side].push({
          stride: next.strike - fall.strike,
          stance: fall.toeOff - fall.strike,
          double: otherOff - fall.strike + (fall.toeOff - otherStrike),
          length: next.along - fall.along,
        });
      }
    }
    for (let i = 1; i < strikes.length; i++) {
      const [previous, step] = [strikes[i - 1], strikes[i]];
      if (!previous || !step) continue;
      steps[step.side].push({ length: step.along - previous.along, time: step.strike - previous.strike });
    }
    // The pelvis is midway between the footprints at every heel strike (syntheticGait.ts).
    const midway = (index: number) => {
      const s = schedule.strikes[index];
      const p = schedule.strikes[index - 1];
      return ((s?.along ?? 0) + (p?.along ?? 0)) / 2;
    };
    const first = schedule.strikes.findIndex((s) => inView(s.strike));
    const last = schedule.strikes.findLastIndex((s) => inView(s.strike));
    distance += midway(last) - midway(first);
    duration += (schedule.strikes[last]?.strike ?? 0) - (schedule.strikes[first]?.strike ?? 0);
    const events = (side: Side, pick: 'strike' | 'toeOff') =>
      schedule[side]
        .map((f) => f[pick])
        .filter(inView)
        .map((t) => t + offset);
    return {
      heelStrikes: { left: events('left', 'strike'), right: events('right', 'strike') },
      toeOffs: { left: events('left', 'toeOff'), right: events('right', 'toeOff') },
      stepCount: Math.max(0, strikes.length - 1),
      distance: midway(last) - midway(first),
    };
  });
  const side = (s: Side) => sideTruth(cycles[s], steps[s]);
  const both = sideTruth([...cycles.left, ...cycles.right], [...steps.left, ...steps.right]);
  const allCycles = [...cycles.left, ...cycles.right];
  return {
    ...both,
    speed: distance / duration,
    cadence: 120 / both.strideTime,
    swingPercent: 100 - both.stancePercent,
    left: side('left'),
    right: side('right'),
    strideTimeCv: cv(allCycles.map((c) => c.stride)),
    strideLengthCv: cv(allCycles.map((c) => c.length)),
    bouts: boutTruths,
  };
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function sideTruth(cycles: readonly Cycle[], steps: readonly Step[]): SyntheticSideTruth {
  const stance = mean(cycles.map((c) => (100 * c.stance) / c.stride));
  const double = mean(cycles.map((c) => (100 * c.double) / c.stride));
  return {
    stepLength: mean(steps.map((s) => s.length)),
    stepTime: mean(steps.map((s) => s.time)),
    strideTime: mean(cycles.map((c) => c.stride)),
    strideLength: mean(cycles.map((c) => c.length)),
    stancePercent: stance,
    doubleSupportPercent: double,
    singleSupportPercent: stance - double,
  };
}

function cv(values: readonly number[]): number {
  const m = mean(values);
  return (100 * Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1))) / m;
}
