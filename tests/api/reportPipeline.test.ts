import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as metricsFileModule from '#shared/gait/metricsFile';
import type * as trendModule from '#shared/reports/trendSeries';
import { apiClient, type Session } from './support/client.ts';
import { logInEveryRole } from './support/scope.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { metricsText, tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';
import { asSubSessionId } from '#shared/ids/ids';

/** What the server's own thread does with a report's files: whole reads by key, metrics files parsed, trends built. */
const seen = vi.hoisted(() => ({ readWhole: [] as string[], metricsParsed: 0, trends: 0 }));

vi.mock('#server/storage/openStorage', async (original) =>
  (await import('./support/countingStorage.ts')).countingStorage(await original(), seen.readWhole),
);
vi.mock('#shared/gait/metricsFile', async (original) => {
  const actual = await original<typeof metricsFileModule>();
  return {
    ...actual,
    readMetricsFile: (text: string) => {
      seen.metricsParsed += 1;
      return actual.readMetricsFile(text);
    },
  };
});
vi.mock('#shared/reports/trendSeries', async (original) => {
  const actual = await original<typeof trendModule>();
  return {
    ...actual,
    trendSeries: (...args: Parameters<typeof actual.trendSeries>) => {
      seen.trends += 1;
      return actual.trendSeries(...args);
    },
  };
});

/**
 * A report goes through one pipeline (docs/design.md, Pipelines): its rows loaded in one batch → each metrics file
 * read and parsed once (joint data only where the metrics file cannot stand for the engine, in the worker) →
 * rendered once, the trends it answers being the ones it drew.
 */
describe.each(DATABASE_KINDS)('the report pipeline (%s)', (kind) => {
  let t: TestApp;
  let clinician: Session;
  let patient: Session;
  const sessions: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    const { admin, ...others } = await logInEveryRole(apiClient(t.app));
    ({ clinician, patient } = others);
    for (const [n, files] of [
      [1, [{ body: walk(3, 10).text, type: 'application/json' }]],
      [2, [{ body: walk(4, 10).text, type: 'application/json' }]],
      [
        3,
        [
          { body: walk(5, 10).text, type: 'application/json' },
          { body: metricsText(1.1), type: 'application/json' },
        ],
      ],
    ] as const) {
      const added = await addSessionWith(
        t,
        admin,
        [...files],
        sessionBody(patient.id, clinician.id, {
          SessionNumber: n,
          FileUploadTypeOptions: n === 3 ? 'SharedFormat' : 'SharedFormatJointsOnly',
        }),
      );
      sessions.push(added.body);
    }
  });
  afterAll(() => t.close());
  beforeEach(() => {
    seen.readWhole.length = 0;
    seen.metricsParsed = 0;
    seen.trends = 0;
  });

  it('reads and parses each metrics file once, leaves the joint data unread and builds the trends once', async () => {
    const res = await apiClient(t.app).post(
      '/api/generate-report',
      {
        patientIDs: [patient.id],
        sessionIDs: sessions.map((s) => s.SessionID),
        subSessionIDs: sessions.map((s) => s.SubSessionID),
        clinicianIDs: [clinician.id],
        metrics: ['Speed', 'Cadence'],
        report_type: 'multi-session',
        xAxisType: 'SessionNumber',
      },
      clinician.token,
    );
    expect(res.status).toBe(200);
    expect((res.body as { trends?: unknown[] }).trends?.length).toBeGreaterThan(0);
    const metricsKeys = await t.deps.database.db
      .selectFrom('session_files')
      .select('storage_key')
      .where('kind', '=', 'gaitMetrics')
      .where(
        'sub_session_id',
        'in',
        sessions.map((s) => asSubSessionId(String(s.SubSessionID))),
      )
      .execute();
    expect(seen.readWhole.sort()).toEqual(metricsKeys.map((r) => r.storage_key).sort());
    expect(seen.metricsParsed).toBe(3);
    expect(seen.trends).toBe(1);
  });
});
