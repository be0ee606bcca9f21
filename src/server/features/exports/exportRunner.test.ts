import { afterAll, describe, expect, it } from 'vitest';
import { serializeJointData } from '#shared/gait/jointDataFile';
import { syntheticWalk } from '#shared/gait/syntheticWalk';
import type { ExportJob } from './exportJob.ts';
import { createExportRunner, tooLargeToExport } from './exportRunner.ts';
import { asSubSessionId } from '#shared/ids/ids';

const { recording } = syntheticWalk({
  seed: 7,
  speed: 1.2,
  cadence: 108,
  stancePercent: 61,
  direction: 'toward',
  durationS: 20,
});
const [walk] = recording.bouts;
if (walk === undefined) throw new Error('the walk has no bout');

/** One walk repeated as many bouts: about 1.1 MiB of joint data per minute recorded. */
const joints = (minutes: number) =>
  serializeJointData({
    bouts: Array.from({ length: Math.max(1, minutes * 3) }, (_, k) => ({
      times: walk.times.map((t) => t + k * 25),
      positions: walk.positions,
    })),
  });

const job = (jointText: string): ExportJob => ({
  subject: {
    subSessionId: asSubSessionId('s'),
    patientId: 'p',
    givenPatientId: 'GP-1',
    sessionNumber: 1,
    subSessionNumber: 1,
    dateTime: '2026-01-01T10:00:00.000Z',
    testId: 'T1',
    heightCm: 170,
  },
  kinds: ['metrics.csv', 'joints.c3d'],
  wholeWalkOnly: false,
  jointText,
  metricsFile: undefined,
});

describe('the export worker', () => {
  const runner = createExportRunner({ memoryMb: 48 });
  afterAll(() => runner.close());

  it('answers a recording that does not fit its heap with a clear error, and the next export still works', async () => {
    const big = joints(40);
    expect(big.length).toBeGreaterThan(40 * 2 ** 20);
    const refused = await runner.run(job(big));
    expect(refused.error).toBe(
      'This recording is too large to export: analysing it does not fit in the 48 MiB the server sets aside for exports.',
    );
    expect(refused.files).toEqual([
      { ok: false, error: tooLargeToExport(48) },
      { ok: false, error: tooLargeToExport(48) },
    ]);
    const next = await runner.run(job(joints(0)));
    expect(next.error).toBeUndefined();
    expect(next.files.map((f) => f.ok && f.name)).toEqual([
      'GP-1_session-1.1_metrics.csv',
      'GP-1_session-1.1_joints.c3d',
    ]);
  });

  it('runs exports sent at once one after another, each answering its own', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => runner.run(job(joints(0)))));
    expect(answers.map((a) => a.files.length)).toEqual([2, 2, 2]);
  });
});
