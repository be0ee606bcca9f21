import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawnWalk as walk, type DrawnWalk } from '../../../tests/fixtures/gait/drawnWalks.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { GaitAnalysis, Side } from './gaitResult.ts';
import { parseJointData, serializeJointData } from './jointDataFile.ts';
import { KINECT_NOISE, syntheticWalk } from './syntheticWalk.ts';

/**
 * A result does not depend on how finely the file wrote its timestamps: the same walk analysed as drawn and saved and
 * read back with every timestamp rounded to the millisecond (docs/gait-metrics.md, "A rounded clock").
 */
describe('a clock rounded to the millisecond', () => {
  it('moves no result by more than 0.5% when the timestamps are rounded to the millisecond', () => {
    // An exact 30 Hz clock (frames 33.333… ms apart) rounds to a repeating 33, 33, 34 ms: a window of exactly 0.1 s
    // decided on timestamps would then take 3 or 4 frames by chance. Treadmill walks use the moving-floor windows.
    // (The engine before this one moved by up to 3.2% on such walks.)
    // The walks are drawn from a fixed seed: about one walk in 7,000 has a contact whose velocity trough is a
    // knife-edge (below), so fresh walks at every run turned one CI run in about 450 red for nothing a change did.
    // GAIT_ROUNDING_DRAWS=<n> draws n fresh walks (below).
    fc.assert(
      fc.property(walk, fc.boolean(), fc.boolean(), (drawn, exactClock, treadmill) =>
        expectSameWhenRounded(drawn, exactClock, treadmill),
      ),
      { numRuns: 16, seed: 2026_11_25 },
    );
  });

  // With PARTNER_GAP_S at 0.2 s, six frames at 30 Hz exactly, rounding carried five-frame gaps across it and back:
  // these walks moved by 4.7% and 6.4% (jointGaps.ts).
  it.each([
    { seed: 2, gait: [1.7, 125, 56], direction: 'away', asymmetry: 0.1, treadmill: false },
    { seed: 703278, gait: [1.7, 125, 56], direction: 'across', asymmetry: 0.1, treadmill: true },
  ] as const)('moves no result when a steady clock is rounded, seed $seed', ({ treadmill, ...drawn }) => {
    expectSameWhenRounded(drawn, true, treadmill);
  });

  // Found by drawing 60,000 walks from the property's arbitraries (engine 2.3.0). Seed 894990, a brisk treadmill
  // walk: its right ankle is lost for 0.3 s and its right foot from the frame the ankle returns, so each gap's far
  // end lay in the other's gap; the ankle took its offset there from the foot's zeros, 21 m off, and no cycle of
  // that foot was found, rounded or not (jointGaps.ts). Seed 940696: a contact's velocity trough with a flat bottom
  // (two frames equal to 0.1 mm/s) before a steep rise; the spline overshot beyond whichever bottom frame was the
  // lower, and rounding moved that heel strike by 70 ms and double support by 1.4% (frameIndex.ts).
  it.each([
    { seed: 894990, gait: [1.7, 125, 56], direction: 'toward', asymmetry: 0, exactClock: true, treadmill: true },
    { seed: 940696, gait: [1.1, 100, 61], direction: 'across', asymmetry: 0.15, exactClock: false, treadmill: true },
  ] as const)(
    'answers and moves no result when the clock is rounded, seed $seed',
    ({ exactClock, treadmill, ...drawn }) => {
      expectSameWhenRounded(drawn, exactClock, treadmill);
    },
  );
});

function expectSameWhenRounded(drawn: DrawnWalk, exactClock: boolean, treadmill: boolean): void {
  const [before, after] = analysedRounded(drawn, exactClock, treadmill);
  expect(changedResults(before, after)).toEqual([]);
}

/** The analyses of a drawn 12 s walk and of the same walk saved and read back, its timestamps rounded to the ms. */
function analysedRounded(
  { seed, gait, direction, asymmetry }: DrawnWalk,
  exactClock: boolean,
  treadmill: boolean,
): [GaitAnalysis & { status: 'ok' }, GaitAnalysis & { status: 'ok' }] {
  const [speed = 0, cadence = 0, stancePercent = 0] = gait;
  const { recording } = syntheticWalk({
    seed,
    speed,
    cadence,
    stancePercent,
    direction: treadmill ? 'toward' : direction,
    asymmetry,
    durationS: 12,
    treadmill,
    noise: exactClock ? { ...KINECT_NOISE, timestampJitterMs: 0, frameDropout: 0 } : KINECT_NOISE,
  });
  // Saving and reading back the file rounds every timestamp to the millisecond.
  const parsed = parseJointData(serializeJointData(recording));
  if (!parsed.ok) throw new Error(parsed.error);
  const [before, after] = [computeGaitMetrics(recording), computeGaitMetrics(parsed.recording)];
  if (before.status !== 'ok' || after.status !== 'ok') throw new Error('not analysed');
  return [before, after];
}

/** The results that moved by 0.5% or more, with their values before and after. */
function changedResults(before: GaitAnalysis & { status: 'ok' }, after: GaitAnalysis & { status: 'ok' }): string[] {
  const pairs: [string, number, number][] = [
    ...(['speed', 'cadence', 'stepLength', 'stancePercent', 'doubleSupportPercent', 'distance'] as const).map(
      (key): [string, number, number] => [key, before.session[key], after.session[key]],
    ),
    ...(['left', 'right'] as const).map((side): [string, number, number] => [
      `${side} step length`,
      before.session[side].stepLength,
      after.session[side].stepLength,
    ]),
  ];
  return pairs
    .filter(([, a, b]) => !(Math.abs(a - b) / Math.abs(a) < 0.005))
    .map(([key, a, b]) => `${key} ${a} → ${b}`);
}

/** Each analysis's events with none of the same side and kind within 2 ms in the other. */
function movedEvents(before: GaitAnalysis & { status: 'ok' }, after: GaitAnalysis & { status: 'ok' }) {
  const moved: { side: Side; kind: 'heelStrikes' | 'toeOffs'; before: number[]; after: number[] }[] = [];
  const [a, b] = [before.bouts[0], after.bouts[0]];
  if (a?.status !== 'ok' || b?.status !== 'ok') throw new Error('bout not analysed');
  const unmatched = (xs: number[], ys: number[]) => xs.filter((x) => ys.every((y) => Math.abs(x - y) > 0.002));
  for (const side of ['left', 'right'] as const)
    for (const kind of ['heelStrikes', 'toeOffs'] as const) {
      const [x, y] = [a.events[side][kind], b.events[side][kind]];
      const entry = { side, kind, before: unmatched(x, y), after: unmatched(y, x) };
      if (entry.before.length > 0 || entry.after.length > 0) moved.push(entry);
    }
  return moved;
}

describe('a contact whose velocity trough is a knife-edge', () => {
  // The knife-edge left (docs/gait-metrics.md, "A rounded clock"): a heel strike is the last velocity trough at least
  // half as deep as the deepest after the heel's reach ahead (velocityPeaks.ts). Where the foot's fall stalls on the
  // rise out of that trough, two frames there can be equal to 1e-5 of the depth, and a clock rounded to the
  // millisecond (which changes the frame rate by 4e-5, and with it the filter) decides whether the later one is a
  // local minimum: the heel strike moves between the trough and the stall, 45–130 ms. Seed 10 is the one the last
  // session knew; the others were drawn again from the property's arbitraries with engine 2.3.1.
  it.each([
    { seed: 10, gait: [0.5, 70, 66], direction: 'across', asymmetry: 0, exactClock: true, treadmill: true },
    { seed: 128311, gait: [0.5, 70, 66], direction: 'away', asymmetry: 0.1, exactClock: true, treadmill: false },
    { seed: 231449, gait: [0.8, 85, 63], direction: 'away', asymmetry: 0.05, exactClock: false, treadmill: false },
  ] as const)(
    'moves one heel strike by 1.3–4 frames and no other event, seed $seed',
    ({ exactClock, treadmill, ...drawn }) => {
      const [before, after] = analysedRounded(drawn, exactClock, treadmill);
      const moved = movedEvents(before, after);
      expect(moved.map(({ kind, before, after }) => [kind, before.length, after.length])).toEqual([
        ['heelStrikes', 1, 1],
      ]);
      const shift = Math.abs((moved[0]?.before[0] ?? 0) - (moved[0]?.after[0] ?? 0));
      expect(shift).toBeGreaterThan(0.04);
      expect(shift).toBeLessThan(0.135);
      expect(changedResults(before, after).filter((r) => /^(speed|cadence|stepLength|distance)/.test(r))).toEqual([]);
    },
  );

  // A measurement, not run by default: GAIT_ROUNDING_DRAWS=8000 npx vitest run --project unit
  // src/shared/gait/gaitMetrics.rounding.test.ts -t "fresh walks" draws that many walks from the property's
  // arbitraries (GAIT_ROUNDING_SEED, default 1) and lists every one whose results moved, with its moved events.
  const draws = Number(process.env.GAIT_ROUNDING_DRAWS ?? 0);
  it.runIf(draws > 0)(
    'moves no result by more than 0.5% over fresh walks',
    () => {
      const samples = fc.sample(fc.tuple(walk, fc.boolean(), fc.boolean()), {
        numRuns: draws,
        seed: Number(process.env.GAIT_ROUNDING_SEED ?? 1),
      });
      const failed = samples.flatMap(([drawn, exactClock, treadmill]) => {
        try {
          const [before, after] = analysedRounded(drawn, exactClock, treadmill);
          const changed = changedResults(before, after);
          return changed.length === 0
            ? []
            : [{ drawn, exactClock, treadmill, changed, moved: movedEvents(before, after) }];
        } catch (error) {
          return [{ drawn, exactClock, treadmill, changed: [String(error)], moved: [] }];
        }
      });
      console.log(`${String(failed.length)} of ${String(draws)} walks moved`, JSON.stringify(failed, null, 1));
      expect(failed).toEqual([]);
    },
    3_600_000,
  );
});
