import fs from 'node:fs';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as SessionMetricsModule from '#server/analysis/sessionMetrics';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { CLINIC_METRICS_TEXT, download, tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';
import { asSubSessionId } from '#shared/ids/ids';

/** The joint data the server's own thread parses for the metrics rule: a report must leave that to the worker. */
const mainThread = vi.hoisted(() => ({ jointTexts: 0 }));
vi.mock('#server/analysis/sessionMetrics', async (importOriginal) => {
  const actual = await importOriginal<typeof SessionMetricsModule>();
  return {
    ...actual,
    sessionMetrics: (input: SessionMetricsModule.SessionMetricsInput) => {
      if (input.jointText !== undefined) mainThread.jointTexts += 1;
      return actual.sessionMetrics(input);
    },
  };
});

/**
 * A Kysely plugin that counts the statements that read recordings, their files or their patients: a report's own
 * reads (a token's or the audit trail's statements, which may land in either request, are not counted).
 */
const RECORDING_TABLES = /"name":"(sub_sessions|session_files|patients)"/;
const counting = (count: () => void): KyselyPlugin => ({
  transformQuery: (args) => {
    if (RECORDING_TABLES.test(JSON.stringify(args.node))) count();
    return args.node;
  },
  transformResult: (args) => Promise.resolve(args.result),
});

type Row = Record<string, unknown>;
type Trend = { label: string; xLabels: string[]; datasets: { name: string; values: (number | null)[] }[] };
const ALL_METRICS = [
  'Speed',
  'Cadence',
  'Stance/Swing Phase Percentage',
  'Double/Single Support Percentage',
  'Step Length',
  'Step Count',
  'Distance',
];

describe.each(DATABASE_KINDS)('gait reports (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: Session;
  let patient: Session;
  let clinician: Session;
  let clinic: Session;
  const recorded: Row[] = [];
  let empty: Row;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    api = apiClient(t.app);
    [admin, patient, clinician, clinic] = await Promise.all([
      api.login('admin'),
      api.login('patient'),
      api.login('clinician'),
      api.login('clinic'),
    ]);
    for (const [n, seed] of [
      [1, 3],
      [2, 4],
      [3, 5],
    ] as const) {
      const added = await addSessionWith(
        t,
        admin,
        [{ body: walk(seed, 10).text, type: 'application/json' }],
        sessionBody(patient.id, clinician.id, {
          SessionNumber: n,
          DateTime: `2026-0${String(n)}-15T10:00:00.000Z`,
          FileUploadTypeOptions: 'SharedFormatJointsOnly',
        }),
      );
      recorded.push(added.body);
    }
    empty = (await addSessionWith(t, admin, [], sessionBody(patient.id, clinician.id, { SessionNumber: 9 }))).body;
  });
  afterAll(() => t.close());

  const request = (sessions: Row[], overrides: Record<string, unknown> = {}) => ({
    patientIDs: [patient.id],
    sessionIDs: sessions.map((s) => s.SessionID),
    subSessionIDs: sessions.map((s) => s.SubSessionID),
    clinicianIDs: [clinician.id],
    metrics: ALL_METRICS,
    report_type: 'session',
    xAxisType: 'SessionNumber',
    ...overrides,
  });

  it('makes a single-session report as an HTML table and a PDF pie chart, behind signed links', async () => {
    const res = await api.post('/api/generate-report', request([recorded[0] ?? {}]), clinician.token);
    expect(res.status).toBe(200);
    expect(String(res.body.htmlPath)).toMatch(/^\/reports\/[0-9a-f-]{36}\.html\?expires=\d+&signature=/);
    const html = await download(t, String(res.body.htmlPath));
    expect(html.status).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    const text = html.raw.toString('utf8');
    expect(text).toContain('Single Session Gait Report');
    expect(text).toMatch(/Walking speed \(m\/s\)<\/th><td[^>]*>1\.\d\d<\/td>/);
    expect(text).not.toMatch(/NaN|Infinity|<script/);
    const pdf = await download(t, String(res.body.pdfPath));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("names the PDF by patient and session, and the report by the clinician's name", async () => {
    const res = await api.post('/api/generate-report', request([recorded[0] ?? {}]), clinician.token);
    const { db } = t.deps.database;
    const who = await db
      .selectFrom('clinicians')
      .select(['forename', 'surname'])
      .where('id', '=', clinician.id)
      .executeTakeFirstOrThrow();
    const { given_patient_id } = await db
      .selectFrom('patients')
      .select('given_patient_id')
      .where('id', '=', patient.id)
      .executeTakeFirstOrThrow();
    const pdf = await download(t, String(res.body.pdfPath));
    const pdfName = `${given_patient_id}_session-1.1_report.pdf`;
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="${pdfName}"; filename*=UTF-8''${pdfName}`);
    const text = (await download(t, String(res.body.htmlPath))).raw.toString('utf8');
    expect(text).toContain(` by ${who.forename} ${who.surname}, clinician.`);
    expect(text).not.toContain(' by clinician.');
  });

  it("reports a clinic's metrics file as it was sent, printing a dash for the per-foot values it lacks", async () => {
    const added = await addSessionWith(
      t,
      admin,
      [{ body: CLINIC_METRICS_TEXT, type: 'text/plain' }],
      sessionBody(patient.id, clinician.id, { SessionNumber: 7, FileUploadTypeOptions: 'SSCFormat' }),
    );
    const res = await api.post('/api/generate-report', request([added.body]), clinician.token);
    expect(res.status).toBe(200);
    const text = (await download(t, String(res.body.htmlPath))).raw.toString('utf8');
    expect(text).toMatch(/Walking speed \(m\/s\)<\/th><td[^>]*>1\.21<\/td>/);
    expect(text).toMatch(/Step length, left \(m\)<\/th><td[^>]*>0\.66<\/td>/);
    expect(text).toMatch(/Step length, right \(m\)<\/th><td[^>]*>—<\/td>/);
    expect(text).not.toMatch(/NaN/);
  });

  it('makes a multi-session report with trends in session order, and no PDF', async () => {
    const res = await api.post(
      '/api/generate-report',
      request([recorded[2] ?? {}, recorded[0] ?? {}, recorded[1] ?? {}], {
        report_type: 'multi-session',
        metrics: ['Speed', 'Cadence'],
      }),
      patient.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.pdfPath).toBeUndefined();
    const trends = res.body.trends as Trend[];
    expect(trends.map((s) => s.label)).toEqual(['Walking speed', 'Cadence']);
    expect(trends[0]?.xLabels).toEqual(['1.1', '2.1', '3.1']);
    expect(trends[0]?.datasets).toHaveLength(1);
    expect(trends[0]?.datasets[0]?.values.every((y) => y !== null && y > 1 && y < 1.4)).toBe(true);
    const text = (await download(t, String(res.body.htmlPath))).raw.toString('utf8');
    expect(text).toContain('Walking speed by session number');
    expect(text).not.toContain('Step count');
  });

  it('compares patients side by side in a multi-patient report', async () => {
    const other = await t.deps.database.db
      .selectFrom('patient_clinics')
      .innerJoin('patients', 'patients.id', 'patient_clinics.patient_id')
      .select(['patients.id', 'patients.forename'])
      .where('clinic_id', '=', clinic.id)
      .where('patients.id', '!=', patient.id)
      .executeTakeFirstOrThrow();
    const theirs = (
      await addSessionWith(
        t,
        admin,
        [{ body: walk(11, 10).text, type: 'application/json' }],
        sessionBody(other.id, clinician.id, { SessionNumber: 1, FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
      )
    ).body;
    const res = await api.post(
      '/api/generate-report',
      request([recorded[0] ?? {}, theirs], { report_type: 'multi-patient', metrics: ['Speed'] }),
      clinic.token,
    );
    expect(res.status).toBe(200);
    const text = (await download(t, String(res.body.htmlPath))).raw.toString('utf8');
    expect(text).toContain('Multi Patient Gait Report');
    expect(text).toContain('Patients</dt>');
    expect(text).toContain(other.forename);
    // One trend line per patient, never one line through different people.
    const trends = res.body.trends as Trend[];
    expect(trends[0]?.datasets.map((d) => d.name).sort()).toHaveLength(2);
    expect(trends[0]?.datasets.every((d) => d.values.filter((v) => v !== null).length === 1)).toBe(true);
  });

  it("states the patient's sex and age and writes times in the asking device's time zone", async () => {
    const res = await api.post(
      '/api/generate-report',
      request([recorded[0] ?? {}], {
        metrics: ['Speed', 'Knee Flexion', 'Symmetry Index'],
        timeZone: 'America/New_York',
      }),
      clinician.token,
    );
    expect(res.status).toBe(200);
    const text = (await download(t, String(res.body.htmlPath))).raw.toString('utf8');
    const record = await t.deps.database.db
      .selectFrom('patients')
      .select(['sex', 'dob'])
      .where('id', '=', patient.id)
      .executeTakeFirstOrThrow();
    expect(text).toContain(record.sex === '' ? 'sex not recorded' : record.sex.toLowerCase());
    expect(text).toMatch(/\d+ years old at the recording|age not recorded/);
    // Recorded 15/01/2026 10:00 UTC: 05:00 in New York, five hours behind.
    expect(text).toContain('15/01/2026 05:00 (UTC-05:00)');
    expect(text).toContain('Knee flexion range, left');
    expect(text).toContain('Knee flexion over the gait cycle');
  });

  it('orders a multi-session report by date when asked', async () => {
    const res = await api.post(
      '/api/generate-report',
      request(recorded, { report_type: 'multi-session', metrics: ['Speed'], xAxisType: 'Date' }),
      admin.token,
    );
    expect((res.body.trends as Trend[])[0]?.xLabels).toEqual([
      '15/01/2026 10:00',
      '15/02/2026 10:00',
      '15/03/2026 10:00',
    ]);
  });

  it('computes metrics an older engine stored again in the analysis worker, not on the event loop', async () => {
    const stored = await t.deps.database.db
      .selectFrom('session_files')
      .select('storage_key')
      .where('sub_session_id', '=', asSubSessionId(String(recorded[1]?.SubSessionID)))
      .where('kind', '=', 'gaitMetrics')
      .executeTakeFirstOrThrow();
    const file = path.join(dataDir, 'files', stored.storage_key.slice(0, 2), stored.storage_key);
    const stale = fs
      .readFileSync(file, 'utf8')
      .replace(/"EngineVersion":"[^"]+"/, '"EngineVersion":"1.0.0"')
      .replace(/"Speed_m_per_s":[\d.]+/, '"Speed_m_per_s":9.99');
    fs.writeFileSync(file, stale);
    mainThread.jointTexts = 0;
    const res = await api.post('/api/generate-report', request([recorded[1] ?? {}]), clinician.token);
    expect(res.status).toBe(200);
    const text = (await download(t, String(res.body.htmlPath))).raw.toString('utf8');
    expect(text).toMatch(/Walking speed \(m\/s\)<\/th><td[^>]*>1\.\d\d<\/td>/);
    expect(mainThread.jointTexts).toBe(0);
  });

  it('reads the recordings of a report of three sessions in as many statements as a report of one', async () => {
    const { database } = t.deps;
    const plain = database.db;
    let statements = 0;
    database.db = plain.withPlugin(counting(() => (statements += 1)));
    const counted = async (sessions: Row[]) => {
      statements = 0;
      const res = await api.post(
        '/api/generate-report',
        request(sessions, { report_type: sessions.length > 1 ? 'multi-session' : 'session', metrics: ['Speed'] }),
        clinician.token,
      );
      expect(res.status).toBe(200);
      return statements;
    };
    try {
      const one = await counted([recorded[0] ?? {}]);
      expect(await counted(recorded)).toBe(one);
    } finally {
      database.db = plain;
    }
  });

  it("answers the spec's insufficient-data error when no session has walking data", async () => {
    const res = await api.post('/api/generate-report', request([empty]), admin.token);
    expect(res).toMatchObject({ status: 422, body: { error: 'Insufficient data. Try selecting another session.' } });
  });

  it('validates the request with clear messages', async () => {
    expect((await api.post('/api/generate-report', request(recorded.slice(0, 2)), admin.token)).body.error).toBe(
      'A session report needs exactly one session',
    );
    expect(
      (await api.post('/api/generate-report', request([recorded[0] ?? {}], { metrics: [] }), admin.token)).body.error,
    ).toBe('metrics must have at least one metric');
    expect(
      (await api.post('/api/generate-report', request([recorded[0] ?? {}], { metrics: ['Happiness'] }), admin.token))
        .status,
    ).toBe(400);
  });

  it("answers 404 for a session outside the caller's scope and records the refusal", async () => {
    const foreignClinicPatient = await t.deps.database.db
      .selectFrom('patient_clinics')
      .select('patient_id')
      .where('clinic_id', '!=', clinic.id)
      .executeTakeFirstOrThrow();
    const foreign = (
      await addSessionWith(
        t,
        admin,
        [{ body: walk(8, 10).text, type: 'application/json' }],
        sessionBody(foreignClinicPatient.patient_id, clinician.id, {
          SessionNumber: 4,
          FileUploadTypeOptions: 'SharedFormatJointsOnly',
        }),
      )
    ).body;
    expect((await api.post('/api/generate-report', request([foreign]), patient.token)).status).toBe(404);
    expect((await api.post('/api/generate-report', request([foreign]), clinic.token)).status).toBe(404);
    const outcomes = await t.deps.database.db
      .selectFrom('audit_log')
      .select('outcome')
      .where('action', '=', 'report.generate')
      .where('user_id', '=', clinic.id)
      .orderBy('id', 'desc')
      .execute();
    expect(outcomes[0]?.outcome).toBe('denied');
  });

  it('refuses tampered and expired links, and audits every report read', async () => {
    const res = await api.post('/api/generate-report', request([recorded[1] ?? {}]), clinician.token);
    const link = String(res.body.htmlPath);
    // Change one character of the signature to a different one (a fixed 'X' is a no-op when it already was an X).
    const tampered = link.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect((await download(t, tampered)).status).toBe(403);
    expect((await download(t, link.replace(/\.html\?/, '.pdf?'))).status).toBe(403);
    const reads = await t.deps.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('action', '=', 'report.read')
      .execute();
    expect(reads.some((r) => r.user_id === clinician.id)).toBe(true);
    t.advanceClock(16 * 60);
    const expired = await download(t, link);
    expect(expired.status).toBe(410);
    // A browser tab shows a page that says so and leads back to the sessions, the patient preselected.
    expect(expired.headers['content-type']).toMatch(/text\/html/);
    const page = expired.raw.toString('utf8');
    expect(page).toContain('This report link has expired');
    expect(page).toContain(`href="/clinician/sessions?patient=${patient.id}"`);
    expect((await download(t, tampered)).raw.toString('utf8')).toContain('This report link is not valid');
  });
});
