import { describe, expect, it } from 'vitest';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { importC3d } from '../formats/c3dImport.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import type { UsedPlateEvent } from './plateEvents.ts';

/**
 * The engine's kinematic events against the force plates' (issue 34's ground truth): every plate event records the
 * kinematic event it stood in for, so the markers' error is its distance from the plate's time. Trials from two
 * labs at their own rates (100–120 Hz). Issue 34's goal: each kind within 15 ms MAE, no event worse than 25 ms.
 */
const TRIALS = [
  'forceplates/FunctionalWalk.c3d',
  'forceplates/Gait.c3d',
  'forceplates/PiG_Motion-FlatFoot-One.c3d',
  'PiG_Motion3_FF_N18.c3d',
];

function plateEventsOf(name: string): UsedPlateEvent[] {
  const imported = importC3d(c3dFixture(name));
  if (!imported.ok) throw new Error(`${name}: ${imported.error}`);
  const analysis = computeGaitMetrics(imported.imported.recording, {});
  if (analysis.status !== 'ok') throw new Error(`${name}: ${analysis.reason}`);
  return analysis.plateEvents ?? [];
}

describe('kinematic gait events against force plates', () => {
  const events = TRIALS.flatMap((name) => plateEventsOf(name).map((e) => ({ name, ...e })));

  it('finds a kinematic event beside every plate event, on every trial', () => {
    for (const name of TRIALS) expect(events.filter((e) => e.name === name).length, name).toBeGreaterThan(0);
    expect(events.filter((e) => e.kinematicTime === null)).toEqual([]);
  });

  it.each(['heelStrike', 'toeOff'] as const)('puts %s within 15 ms MAE of the plates and none 25 ms off', (kind) => {
    const errors = events
      .filter((e) => e.kind === kind)
      .map((e) => Math.abs(((e.kinematicTime ?? Number.NaN) - e.time) * 1000));
    expect(errors.length).toBeGreaterThanOrEqual(8);
    const mae = errors.reduce((sum, e) => sum + e, 0) / errors.length;
    expect(mae).toBeLessThanOrEqual(15);
    expect(Math.max(...errors)).toBeLessThanOrEqual(25);
  });
});
