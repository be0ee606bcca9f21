import { describe, expect, it } from 'vitest';
import { metricsCsv } from '../exports/metricsCsv.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import { parseJointData, serializeJointData } from './jointDataFile.ts';
import { syntheticWalk } from './syntheticWalk.ts';

const { recording } = syntheticWalk({
  seed: 5,
  speed: 1.2,
  cadence: 105,
  stancePercent: 60,
  direction: 'away',
  durationS: 6,
});

describe('a recording seen from the side', () => {
  it('has no step width in any bout, foot or symmetry, where the same walk seen in depth has one', () => {
    const seen = computeGaitMetrics(recording);
    const side = computeGaitMetrics({ ...recording, view: 'side' });
    if (seen.status !== 'ok' || side.status !== 'ok') throw new Error('not analysed');
    expect(seen.session.stepWidth).toBeGreaterThan(0.1);
    expect(side.session.stepWidth).toBeNull();
    expect(side.session.left.stepWidth).toBeNull();
    expect(side.session.variability.stepWidthCv).toBeNull();
    expect(side.session.symmetry.stepWidth).toBeNull();
    for (const bout of side.bouts) expect(bout.status === 'ok' && bout.metrics.stepWidth).toBeNull();
    // What a side view does see is untouched.
    expect(side.session.cadence).toBe(seen.session.cadence);
  });

  it('leaves the step width cells of metrics.csv empty after the stored joint data is read again', () => {
    const stored = parseJointData(serializeJointData({ ...recording, view: 'side' }));
    if (!stored.ok) throw new Error(stored.error);
    const csv = metricsCsv([
      {
        givenPatientId: 'P1',
        sessionNumber: 1,
        subSessionNumber: 1,
        dateTime: '2026-12-03T08:00:00.000Z',
        analysis: computeGaitMetrics(stored.recording),
      },
    ]);
    const [header = '', ...lines] = csv.split('\r\n').filter((line) => line !== '');
    const column = header.split(',').indexOf('step_width_m');
    expect(column).toBeGreaterThan(0);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.split(',')[column]).toBe('');
  });
});
