import { describe, expect, it } from 'vitest';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { GaitMetrics } from './gaitResult.ts';
import { NO_NOISE, syntheticWalk, type SyntheticWalkOptions, type SyntheticWalkTruth } from './syntheticWalk.ts';

/**
 * Walks with known parameters, from slow (0.4 m/s, 60 steps/min) to brisk (1.8 m/s, 130 steps/min). Stance goes with
 * speed as in healthy walking (longer when slower), covering 55–70% over the grid; each gait walked toward and away
 * from the sensor.
 */
const GAITS: [speed: number, cadence: number, stances: number[]][] = [
  [0.4, 60, [65, 70]],
  [0.6, 75, [62, 66, 70]],
  [0.8, 85, [60, 64, 68]],
  [1.0, 95, [58, 62, 66]],
  [1.2, 105, [57, 60, 64]],
  [1.4, 115, [56, 59, 62]],
  [1.6, 122, [55, 58, 61]],
  [1.8, 130, [55, 58]],
];
const WALKS = GAITS.flatMap(([speed, cadence, stances]) =>
  stances.flatMap((stancePercent) =>
    (['toward', 'away'] as const).map((direction) => ({
      speed,
      cadence,
      stancePercent,
      direction,
      seed: Math.round(speed * 100) * 1000 + stancePercent * 10 + (direction === 'away' ? 1 : 0),
    })),
  ),
);

type Errors = Record<string, number>;

/** Relative error of every metric, overall and per side, in percent. */
function errors(m: GaitMetrics, truth: SyntheticWalkTruth): Errors {
  const rel = (value: number, expected: number) => (100 * (value - expected)) / expected;
  const out: Errors = {
    speed: rel(m.speed, truth.speed),
    cadence: rel(m.cadence, truth.cadence),
    distance: rel(m.distance, truth.bouts[0]?.distance ?? NaN),
  };
  for (const [side, metrics] of [
    ['', m],
    ['left ', m.left],
    ['right ', m.right],
  ] as const) {
    out[`${side}step length`] = rel(metrics.stepLength, truth.stepLength);
    out[`${side}stance`] = rel(metrics.stancePercent, truth.stancePercent);
    out[`${side}swing`] = rel(metrics.swingPercent, truth.swingPercent);
    out[`${side}single support`] = rel(metrics.singleSupportPercent, truth.singleSupportPercent);
    out[`${side}double support`] = rel(metrics.doubleSupportPercent, truth.doubleSupportPercent);
  }
  return out;
}

function analyse(options: SyntheticWalkOptions) {
  const { recording, truth } = syntheticWalk(options);
  const result = computeGaitMetrics(recording);
  if (result.status !== 'ok') throw new Error(`${JSON.stringify(options)}: ${result.reason}`);
  const bout = result.bouts[0];
  if (bout?.status !== 'ok') throw new Error('bout not analysed');
  return {
    metrics: result.session,
    bout,
    truth,
    errors: errors(result.session, truth),
    end: recording.bouts[0]?.times.at(-1) ?? 0,
  };
}

/** The largest absolute error of each metric over a set of walks, with the walk it came from. */
function worst(runs: { errors: Errors; label: string }[]): Record<string, { error: number; walk: string }> {
  const table: Record<string, { error: number; walk: string }> = {};
  for (const { errors: e, label } of runs) {
    for (const [metric, error] of Object.entries(e)) {
      if (!(Math.abs(error) <= Math.abs(table[metric]?.error ?? 0))) table[metric] = { error, walk: label };
    }
  }
  return table;
}

const label = (w: (typeof WALKS)[number]) => `${w.speed} m/s, ${w.cadence}/min, ${w.stancePercent}%, ${w.direction}`;

describe('gait metrics of synthetic walks with known parameters', () => {
  const noisy = WALKS.map((w) => ({ ...analyse({ ...w, durationS: 40 }), label: label(w) }));

  it('counts every step exactly, with Kinect-like noise', () => {
    for (const run of noisy) expect(run.metrics.stepCount, run.label).toBe(run.truth.bouts[0]?.stepCount);
  });

  it('recovers speed, cadence, distance, step length, stance, swing and single support within 2% with Kinect-like noise', () => {
    const table = worst(noisy);
    for (const [metric, { error, walk }] of Object.entries(table)) {
      if (metric.endsWith('double support')) continue;
      expect(Math.abs(error), `${metric}: ${error.toFixed(2)}% (${walk})`).toBeLessThan(2);
    }
  });

  it('recovers double support within 4% over 40 s with Kinect-like noise', () => {
    // Double support is the gap between two near-simultaneous events, 10–40% of the cycle: 2% of a 10% double
    // support is 2 ms a stride, a sixteenth of a frame at 30 Hz. Over 40 s (about 40 strides a foot) the jitter leaves
    // a scatter of about 1% of it (docs/gait-metrics.md, Accuracy); the three-minute walks below meet 2%.
    for (const [metric, { error, walk }] of Object.entries(worst(noisy))) {
      if (metric.endsWith('double support'))
        expect(Math.abs(error), `${metric}: ${error.toFixed(2)}% (${walk})`).toBeLessThan(4);
    }
  });

  it('recovers every metric, double support included, within 2% over three-minute walks with Kinect-like noise', () => {
    const long = WALKS.map((w) => ({ ...analyse({ ...w, durationS: 180 }), label: label(w) }));
    for (const run of long) expect(run.metrics.stepCount, run.label).toBe(run.truth.bouts[0]?.stepCount);
    for (const [metric, { error, walk }] of Object.entries(worst(long))) {
      expect(Math.abs(error), `${metric}: ${error.toFixed(2)}% (${walk})`).toBeLessThan(2);
    }
  });

  it('places the events where the foot reaches and leaves the floor', () => {
    const misses: number[] = [];
    for (const { bout, truth, end } of noisy) {
      // Events at the very ends of the recording cannot be seen: an extremum needs data on both sides.
      for (const side of ['left', 'right'] as const) {
        for (const kind of ['heelStrikes', 'toeOffs'] as const) {
          for (const t of (truth.bouts[0]?.[kind][side] ?? []).filter((e) => e > 0.25 && e < end - 0.25)) {
            misses.push(Math.min(...bout.events[side][kind].map((e) => Math.abs(e - t))));
          }
        }
      }
    }
    misses.sort((a, b) => a - b);
    // A frame is 33 ms: half the events within 2 ms, nine in ten within 5 ms, none further than three frames (a
    // missed event would be a whole step away).
    expect(misses[Math.floor(misses.length * 0.5)]).toBeLessThan(0.002);
    expect(misses[Math.floor(misses.length * 0.9)]).toBeLessThan(0.005);
    expect(misses.at(-1)).toBeLessThan(0.1);
  });

  it('is exact to a fraction of a percent without noise', () => {
    const clean = WALKS.filter((_, i) => i % 3 === 0).map((w) => ({
      ...analyse({ ...w, durationS: 20, noise: NO_NOISE }),
      label: w.direction,
    }));
    for (const [metric, { error, walk }] of Object.entries(worst(clean))) {
      expect(Math.abs(error), `${metric}: ${error.toFixed(3)}% (${walk})`).toBeLessThan(0.5);
    }
  });

  it('follows a walk across the view and one along a curve', () => {
    for (const options of [
      { direction: 'across', turnDegreesPerSecond: 0 },
      { direction: 'away', turnDegreesPerSecond: 12 },
    ] as const) {
      const run = analyse({ seed: 5, speed: 1.2, cadence: 105, stancePercent: 60, durationS: 30, ...options });
      for (const metric of ['speed', 'cadence', 'stance', 'step length'])
        expect(Math.abs(run.errors[metric] ?? NaN), metric).toBeLessThan(2);
      expect(run.metrics.stepCount).toBe(run.truth.bouts[0]?.stepCount);
    }
  });

  it('measures a treadmill walk, where the floor moves and the pelvis stays', () => {
    const run = analyse({
      seed: 3,
      speed: 1.2,
      cadence: 105,
      stancePercent: 60,
      direction: 'toward',
      durationS: 40,
      treadmill: true,
    });
    for (const metric of ['speed', 'cadence', 'distance', 'stance', 'step length'])
      expect(Math.abs(run.errors[metric] ?? NaN), metric).toBeLessThan(2);
    expect(run.bout.warnings.join(' ')).toMatch(/treadmill/);
  });

  it('sums bouts into the session', () => {
    const { recording, truth } = syntheticWalk({
      seed: 9,
      speed: 1.1,
      cadence: 100,
      stancePercent: 61,
      direction: 'away',
      durationS: 12,
      bouts: 3,
    });
    const result = computeGaitMetrics(recording);
    if (result.status !== 'ok') throw new Error(result.reason);
    expect(result.bouts.map((b) => b.status)).toEqual(['ok', 'ok', 'ok']);
    expect(result.session.stepCount).toBe(truth.bouts.reduce((total, b) => total + b.stepCount, 0));
    const distance = truth.bouts.reduce((total, b) => total + b.distance, 0);
    expect(Math.abs(result.session.distance - distance) / distance).toBeLessThan(0.02);
    expect(Math.abs(result.session.speed - 1.1) / 1.1).toBeLessThan(0.02);
    // Events are reported in recording time: the third bout starts well after the first.
    const third = result.bouts[2];
    expect(third?.status === 'ok' && (third.events.left.heelStrikes[0] ?? 0) > 24).toBe(true);
  });
});
