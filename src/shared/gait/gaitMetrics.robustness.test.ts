import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { GaitAnalysis, Side } from './gaitResult.ts';
import { parseJointData, serializeJointData, type JointRecording } from './jointDataFile.ts';
import { JOINT_INDEX } from './joints.ts';
import { KINECT_NOISE, syntheticWalk, type WalkDirection } from './syntheticWalk.ts';
import { plausibleSteps } from './walkChecks.ts';

/**
 * The rules that keep detection failures out of results: short walks answer, implausible steps and cadences are
 * refused with a reason, inconsistent walks carry a warning, and a result does not depend on how finely the file
 * wrote its timestamps.
 */
const walk = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  gait: fc.constantFrom([0.5, 70, 66], [0.8, 85, 63], [1.1, 100, 61], [1.4, 115, 58], [1.7, 125, 56]),
  direction: fc.constantFrom('toward', 'away', 'across'),
  asymmetry: fc.constantFrom(0, 0.05, 0.1, 0.15),
});

describe('short and irregular walks', () => {
  it('always answers a walk with two complete strides of each foot (a 2.5–3 s pass in front of a Kinect)', () => {
    fc.assert(
      fc.property(
        walk,
        fc.double({ min: 2.3, max: 3.2, noNaN: true }),
        ({ seed, gait, direction, asymmetry }, strides) => {
          const [speed, cadence, stancePercent] = gait;
          const { recording, truth } = syntheticWalk({
            seed,
            speed,
            cadence,
            stancePercent,
            direction,
            asymmetry,
            durationS: (strides * 120) / cadence,
          });
          const bout = truth.bouts[0];
          const complete = (side: 'left' | 'right') => (bout?.heelStrikes[side].length ?? 0) - 1;
          fc.pre(complete('left') >= 2 && complete('right') >= 2);
          const result = computeGaitMetrics(recording);
          if (result.status !== 'ok') throw new Error(result.reason);
          expect(result.session.left.cycleCount).toBeGreaterThanOrEqual(1);
          expect(result.session.right.cycleCount).toBeGreaterThanOrEqual(1);
        },
      ),
      { numRuns: 60 },
    );
  });

  // The property's counterexamples, slow, short passes (a frail walker on a ward): cut at the lost joint, as every
  // gap over 0.5 s once was, neither part held a cycle of each foot. The left Foot joint is lost from 2.43 to 2.97 s
  // while the left ankle stays tracked; HipCenter from 1.80 to 2.40 s while both hips stay tracked.
  it.each([
    {
      lost: 'FootLeft',
      seed: 205942,
      gait: [0.5, 70, 66],
      direction: 'toward',
      asymmetry: 0,
      strides: 2.7471326270257124,
    },
    { lost: 'HipCenter', seed: 587674, gait: [0.5, 70, 66], direction: 'across', asymmetry: 0.1, strides: 3.2 },
  ] as const)('answers a pass whose sensor lost $lost for over 0.5 s, with the true events', (walk) => {
    const [speed, cadence, stancePercent] = walk.gait;
    const { recording, truth } = syntheticWalk({
      seed: walk.seed,
      speed,
      cadence,
      stancePercent,
      direction: walk.direction,
      asymmetry: walk.asymmetry,
      durationS: (walk.strides * 120) / cadence,
    });
    // The longest time between two tracked samples of the lost joint.
    const bout = recording.bouts[0];
    const at = JOINT_INDEX[walk.lost] * 3;
    const tracked = (k: number) => [0, 1, 2].some((a) => bout?.positions[k * 60 + at + a] !== 0);
    const seen = bout?.times.filter((_, k) => tracked(k)) ?? new Float64Array();
    expect(Math.max(...seen.slice(1).map((t, i) => t - (seen[i] ?? 0)))).toBeGreaterThan(0.5);
    const result = computeGaitMetrics(recording);
    const analysed = result.bouts[0];
    if (result.status !== 'ok' || analysed?.status !== 'ok') throw new Error('not analysed');
    expect(result.session.left.cycleCount).toBe(2);
    expect(result.session.right.cycleCount).toBe(2);
    // Every true event found within three frames.
    for (const side of ['left', 'right'] as const) {
      const found = analysed.events[side];
      const wanted = truth.bouts[0];
      for (const [kind, times] of [
        ['heel strike', wanted?.heelStrikes[side] ?? []],
        ['toe off', wanted?.toeOffs[side] ?? []],
      ] as const) {
        const detected = kind === 'heel strike' ? found.heelStrikes : found.toeOffs;
        for (const t of times)
          expect(Math.min(...detected.map((d) => Math.abs(d - t))), `${side} ${kind} at ${t}`).toBeLessThan(0.1);
      }
    }
  });

  // A brisk pass whose right Foot joint is lost for 0.30 s across its own toe off, under MAX_GAP_S. Bridged by a line
  // (engine 2.2), the toe's swing started at the last tracked frame, its reach back (the Zeni minimum) came 3 frames
  // early, the toe off placed from it 89 ms before the truth and before the left heel strike, and the right foot's
  // only cycle failed the alternation check. Over PARTNER_GAP_S the toe follows the ankle (jointGaps.ts).
  const briskAsymmetric = () =>
    syntheticWalk({
      seed: 818058,
      speed: 1.7,
      cadence: 125,
      stancePercent: 56,
      direction: 'toward',
      asymmetry: 0.15,
      durationS: (3.0930589518605602 * 120) / 125,
    });

  it('draws the brisk pass whose right Foot joint is lost for 0.30 s across its toe off', () => {
    const { recording, truth } = briskAsymmetric();
    const bout = recording.bouts[0];
    const wanted = truth.bouts[0];
    if (!bout || !wanted) throw new Error('no bout');
    expect([wanted.heelStrikes.left.length, wanted.heelStrikes.right.length]).toEqual([3, 3]);
    const at = JOINT_INDEX.FootRight * 3;
    const lost = [...bout.times.keys()].filter((k) => [0, 1, 2].every((a) => bout.positions[k * 60 + at + a] === 0));
    expect(lost).toEqual([33, 37, 38, 39, 40, 41, 42, 43, 44]);
    const [before, after] = [bout.times[36] ?? 0, bout.times[45] ?? 0];
    expect(after - before).toBeCloseTo(0.303, 3);
    expect(wanted.toeOffs.right[1]).toBeGreaterThan(before);
    expect(wanted.toeOffs.right[1]).toBeLessThan(after);
  });

  it('answers that pass with the true toe off, and every true event within 30 ms', () => {
    const { recording, truth } = briskAsymmetric();
    const result = computeGaitMetrics(recording);
    const analysed = result.bouts[0];
    if (result.status !== 'ok' || analysed?.status !== 'ok') throw new Error('not analysed');
    expect(result.session.right.cycleCount).toBeGreaterThanOrEqual(1);
    const toeOff = truth.bouts[0]?.toeOffs.right[1] ?? 0;
    expect(Math.min(...analysed.events.right.toeOffs.map((t) => Math.abs(t - toeOff)))).toBeLessThan(0.05);
    expect(result.session.left.cycleCount).toBeGreaterThanOrEqual(1);
    for (const side of ['left', 'right'] as const)
      for (const kind of ['heelStrikes', 'toeOffs'] as const)
        for (const t of truth.bouts[0]?.[kind][side] ?? [])
          expect(Math.min(...analysed.events[side][kind].map((e) => Math.abs(e - t))), `${side} ${kind}`).toBeLessThan(
            0.03,
          );
  });

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

type DrawnWalk = { seed: number; gait: readonly number[]; direction: WalkDirection; asymmetry: number };

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
  // src/shared/gait/gaitMetrics.robustness.test.ts -t "fresh walks" draws that many walks from the property's
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

describe('results that would be detection failures', () => {
  const base = () =>
    syntheticWalk({ seed: 11, speed: 1.1, cadence: 100, stancePercent: 61, direction: 'across', durationS: 14 });

  it('never reports a backward or vanishing step: it drops it and says so', () => {
    expect(plausibleSteps([{ strike: 1, time: 0.5, length: -0.2, width: 0.1 }])).toEqual({
      steps: [{ strike: 1, time: 0.5, length: null, width: null }],
      dropped: 1,
    });
    expect(plausibleSteps([{ strike: 1, time: 0.5, length: 0.04, width: 0.1 }]).dropped).toBe(1);
    // A sensor that puts the left foot a step behind where it stood during one stance.
    const { recording, truth } = base();
    const bout = recording.bouts[0];
    if (!bout) throw new Error('no bout');
    const strike = truth.bouts[0]?.heelStrikes.left[4] ?? 0;
    const off = truth.bouts[0]?.toeOffs.left.find((t) => t > strike) ?? 0;
    for (let f = 0; f < bout.times.length; f++) {
      const t = bout.times[f] ?? 0;
      if (t < strike - 0.05 || t > off + 0.05) continue;
      for (const name of ['AnkleLeft', 'FootLeft'] as const) {
        const i = f * 60 + JOINT_INDEX[name] * 3;
        if (bout.positions[i] !== 0) bout.positions[i] = (bout.positions[i] ?? 0) - 1.2 * truth.stepLength;
      }
    }
    const result = computeGaitMetrics(recording);
    if (result.status !== 'ok' || result.bouts[0]?.status !== 'ok') throw new Error('not analysed');
    for (const m of [result.session, result.session.left, result.session.right])
      expect(m.stepLength).toBeGreaterThan(0.3);
    expect(result.bouts[0].warnings.join(' ')).toMatch(/shorter than 5 cm or went backwards/);
  });

  it('refuses a cadence outside 20–250 steps/min as steps not found', () => {
    // The same walk with its clock running 2.6 times too fast: 260 steps/min.
    const { recording } = base();
    const fast: JointRecording = {
      bouts: recording.bouts.map((b) => ({ times: b.times.map((t) => t / 2.6), positions: b.positions })),
    };
    const result = computeGaitMetrics(fast);
    expect(result.status).toBe('insufficient-data');
    if (result.status === 'insufficient-data')
      expect(result.reason).toMatch(/cadence of 2\d\d steps\/min, outside 20–250/);
  });

  it('warns when speed and step length × cadence disagree by more than 5%', () => {
    // A sensor whose pelvis drifts 10% further than the feet walk.
    const { recording } = base();
    const bout = recording.bouts[0];
    if (!bout) throw new Error('no bout');
    const start = bout.positions[JOINT_INDEX.HipCenter * 3] ?? 0;
    for (let f = 0; f < bout.times.length; f++) {
      const i = f * 60 + JOINT_INDEX.HipCenter * 3;
      if (bout.positions[i] !== 0) bout.positions[i] = start + 1.1 * ((bout.positions[i] ?? 0) - start);
    }
    const result = computeGaitMetrics(recording);
    const analysed = result.bouts[0];
    if (analysed?.status !== 'ok') throw new Error('not analysed');
    expect(analysed.warnings.join(' ')).toMatch(/differ by more than 5%/);
    const clean = computeGaitMetrics(base().recording).bouts[0];
    expect(clean?.status === 'ok' && clean.warnings).toEqual([]);
  });
});
