import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_CSV_HEADER } from '#shared/exports/metricsCsv';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { download, metricsText, tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Row = Record<string, unknown>;
type Observation = {
  resourceType: string;
  code: { coding: { code: string }[] };
  valueQuantity?: { value: number };
  note?: { text: string }[];
};

/**
 * One source for a session's metrics: the report, metrics.csv and the FHIR Bundle show the same numbers — a user's
 * metrics file when the session has one, else the engine's analysis of the joint data.
 */
describe.each(DATABASE_KINDS)('exported metrics agree with the report (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: Session, clinician: Session, patient: Session;
  let engineOnly: Row, userMetrics: Row;

  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    api = apiClient(t.app);
    [admin, clinician, patient] = await Promise.all([api.login('admin'), api.login('clinician'), api.login('patient')]);
    const joints = { body: walk().text, type: 'application/json' };
    engineOnly = (
      await addSessionWith(
        t,
        admin,
        [joints],
        sessionBody(patient.id, clinician.id, { SessionNumber: 1, FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
      )
    ).body;
    // The user's own metrics beside the joint data, with a speed the engine would not find in this walk.
    userMetrics = (
      await addSessionWith(
        t,
        admin,
        [joints, { body: metricsText(1.37), type: 'application/json' }],
        sessionBody(patient.id, clinician.id, { SessionNumber: 2, FileUploadTypeOptions: 'SharedFormat' }),
      )
    ).body;
  });
  afterAll(() => t.close());

  /** Walking speed and cadence as the single-session report prints them (two decimals, one). */
  const reported = async (s: Row) => {
    const res = await api.post(
      '/api/generate-report',
      {
        patientIDs: [patient.id],
        sessionIDs: [s.SessionID],
        subSessionIDs: [s.SubSessionID],
        clinicianIDs: [clinician.id],
        metrics: ['Speed', 'Cadence'],
        report_type: 'session',
        xAxisType: 'SessionNumber',
      },
      clinician.token,
    );
    expect(res.status).toBe(200);
    const html = (await download(t, String(res.body.htmlPath))).raw.toString('utf8');
    const cell = (label: string) => Number(new RegExp(`${label}<\\/th><td[^>]*>([\\d.]+)<`).exec(html)?.[1]);
    return { speed: cell('Walking speed \\(m\\/s\\)'), cadence: cell('Cadence \\(steps\\/min\\)') };
  };

  /** The whole walk's row of metrics.csv ("session", "both"). */
  const csvRow = async (s: Row) => {
    const res = await download(t, `/api/export/session/${String(s.SubSessionID)}/metrics.csv`, patient.token);
    expect(res.status).toBe(200);
    const rows = res.raw
      .toString('utf8')
      .split('\r\n')
      .filter(Boolean)
      .map((l) => l.split(','));
    const at = (name: string) => (METRICS_CSV_HEADER as readonly string[]).indexOf(name);
    const row = rows.find((r) => r[at('bout')] === 'session' && r[at('side')] === 'both') ?? [];
    return { speed: Number(row[at('speed_m_per_s')]), cadence: Number(row[at('cadence_steps_per_min')]) };
  };

  const fhirValues = async (number: string) => {
    const res = await download(t, `/api/export/patient/${patient.id}/fhir.json`, patient.token);
    expect(res.status).toBe(200);
    const bundle = JSON.parse(res.raw.toString('utf8')) as { entry: { resource: Observation }[] };
    const value = (code: string) =>
      bundle.entry
        .map((e) => e.resource)
        .find((r) => r.note?.[0]?.text === `Session ${number}` && r.code.coding.some((c) => c.code === code))
        ?.valueQuantity?.value;
    return { speed: value('gait-speed'), cadence: value('cadence') };
  };

  it("shows a user's metrics file in the report, metrics.csv and FHIR alike", async () => {
    expect(await reported(userMetrics)).toEqual({ speed: 1.37, cadence: 108 });
    expect(await csvRow(userMetrics)).toEqual({ speed: 1.37, cadence: 108 });
    expect(await fhirValues('2.1')).toEqual({ speed: 1.37, cadence: 108 });
  });

  it("shows the engine's analysis of the joint data in the report, metrics.csv and FHIR alike", async () => {
    const report = await reported(engineOnly);
    const csv = await csvRow(engineOnly);
    const fhir = await fhirValues('1.1');
    expect(report.speed).toBeGreaterThan(0.5);
    // Each to the precision it is written with: the report two decimals (speed) and one (cadence), FHIR four.
    expect(csv.speed.toFixed(2)).toBe(report.speed.toFixed(2));
    expect(csv.cadence.toFixed(1)).toBe(report.cadence.toFixed(1));
    expect(fhir.speed).toBeCloseTo(csv.speed, 4);
    expect(fhir.cadence).toBeCloseTo(csv.cadence, 4);
  });
});
