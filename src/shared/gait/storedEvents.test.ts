import { describe, expect, it } from 'vitest';
import { engineMetricsFileText } from '../sessions/storedMetricsFile.ts';
import { computeGaitMetrics } from './gaitMetrics.ts';
import { syntheticWalk } from './syntheticWalk.ts';
import { storedEvents } from './storedEvents.ts';

const { recording } = syntheticWalk({
  seed: 3,
  speed: 1.1,
  cadence: 108,
  stancePercent: 61,
  direction: 'toward',
  durationS: 8,
  bouts: 2,
});
const analysis = computeGaitMetrics(recording);
const text = engineMetricsFileText(analysis, new Date('2026-01-02T03:04:05Z')) ?? '';
const edited = (edit: (file: Record<string, unknown>) => void) => {
  const file = JSON.parse(text) as Record<string, unknown>;
  edit(file);
  return JSON.stringify(file);
};

describe('storedEvents', () => {
  it("gives the engine's own events per bout, to a tenth of a millisecond", () => {
    const stored = storedEvents(text, 2);
    expect(stored).toHaveLength(2);
    const viewer = computeGaitMetrics(recording, { jointAngles: false });
    for (const [i, bout] of viewer.bouts.entries()) {
      const read = stored?.[i];
      if (bout.status !== 'ok' || read?.status !== 'ok') throw new Error(`bout ${String(i + 1)} not analysed`);
      for (const side of ['left', 'right'] as const) {
        for (const kind of ['heelStrikes', 'toeOffs'] as const) {
          const times = read.events[side][kind];
          expect(times).toHaveLength(bout.events[side][kind].length);
          for (const [j, t] of bout.events[side][kind].entries()) expect(times[j]).toBeCloseTo(t, 4);
        }
      }
    }
  });

  it("passes on a bout's reason when the engine found no events in it", () => {
    const file = edited((f) => {
      (f.Bouts as unknown[])[1] = { Bout: 2, Status: 'insufficient-data', Reason: 'Too few steps.' };
    });
    expect(storedEvents(file, 2)?.[1]).toEqual({ status: 'insufficient-data', reason: 'Too few steps.' });
  });

  it("is null for a file the running engine did not compute from this recording's joint data", () => {
    expect(storedEvents(text, 3)).toBeNull();
    expect(
      storedEvents(
        edited((f) => (f.EngineVersion = '2.0.0')),
        2,
      ),
    ).toBeNull();
    expect(
      storedEvents(
        edited((f) => (f.SourceFile = 'GaitPortalClinicFormat_SessionFile.txt')),
        2,
      ),
    ).toBeNull();
    expect(
      storedEvents(
        edited((f) => (f.Source = 'clinic')),
        2,
      ),
    ).toBeNull();
    expect(storedEvents('{"Format": "MainStorageFormat_SessionMetrics"', 2)).toBeNull();
    expect(storedEvents('[]', 0)).toBeNull();
  });

  it('is null for a file whose bouts or events are not what the engine writes', () => {
    const bout = (edit: (b: Record<string, unknown>) => void) =>
      edited((f) => edit((f.Bouts as Record<string, unknown>[])[0] ?? {}));
    expect(
      storedEvents(
        bout((b) => (b.Bout = 2)),
        2,
      ),
    ).toBeNull();
    expect(
      storedEvents(
        bout((b) => (b.Status = 'maybe')),
        2,
      ),
    ).toBeNull();
    expect(
      storedEvents(
        bout((b) => (b.Events = { Left: { HeelStrikes_s: [1], ToeOffs_s: [] } })),
        2,
      ),
    ).toBeNull();
    expect(
      storedEvents(
        bout(
          (b) =>
            (b.Events = { Left: { HeelStrikes_s: [-1], ToeOffs_s: [] }, Right: { HeelStrikes_s: [], ToeOffs_s: [] } }),
        ),
        2,
      ),
    ).toBeNull();
    expect(
      storedEvents(
        bout((b) => (((b as { Reason?: unknown }).Reason = 3), (b.Status = 'insufficient-data'))),
        2,
      ),
    ).toBeNull();
  });
});
