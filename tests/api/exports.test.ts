import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readC3d } from '#shared/c3d/readC3d';
import { CYCLES_CSV_HEADER } from '#shared/exports/cyclesCsv';
import { EVENTS_CSV_HEADER } from '#shared/exports/eventsCsv';
import { METRICS_CSV_HEADER } from '#shared/exports/metricsCsv';
import { ZIP_INDEX_HEADER } from '#shared/exports/zipIndex';
import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { JOINT_NAMES } from '#shared/gait/joints';
import { fhirR4Validator } from '../fixtures/fhir/fhirSchema.ts';
import { profileErrors } from '../fixtures/fhir/vitalSignsProfiles.ts';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { download, metricsText, tempDataDir, walk } from './support/sessions.ts';
import { logInEveryRole, patientOutside } from './support/scope.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Row = Record<string, unknown>;

const lines = (raw: Buffer) => raw.toString('utf8').split('\r\n').filter(Boolean);
const header = (raw: Buffer) => lines(raw)[0]?.split(',');

describe.each(DATABASE_KINDS)('exports (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: Session, clinic: Session, clinician: Session, patient: Session;
  let givenId: string;
  let withJoints: Row, metricsOnly: Row, empty: Row, foreign: Row;
  let foreignPatientId: string;
  const joints = walk();

  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    api = apiClient(t.app);
    ({ admin, clinic, clinician, patient } = await logInEveryRole(api));
    const { db } = t.deps.database;
    givenId = (
      await db.selectFrom('patients').select('given_patient_id').where('id', '=', patient.id).executeTakeFirstOrThrow()
    ).given_patient_id;
    foreignPatientId = await patientOutside(t, clinic.id);
    const add = async (files: Parameters<typeof addSessionWith>[2], body: Row) =>
      (await addSessionWith(t, admin, files, body)).body;
    const json = (body: string) => ({ body, type: 'application/json' });
    withJoints = await add(
      [json(joints.text)],
      sessionBody(patient.id, clinician.id, { SessionNumber: 3, FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
    );
    metricsOnly = await add(
      [json(metricsText())],
      sessionBody(patient.id, clinician.id, {
        SessionNumber: 3,
        SubSessionNumber: 2,
        FileUploadTypeOptions: 'SharedFormatGaitMetricsOnly',
      }),
    );
    empty = await add([], sessionBody(patient.id, clinician.id, { SessionNumber: 4 }));
    foreign = await add(
      [json(joints.text)],
      sessionBody(foreignPatientId, clinician.id, { FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
    );
  });
  afterAll(() => t.close());

  const sessionUrl = (s: Row, what: string) => `/api/export/session/${String(s.SubSessionID)}/${what}`;
  const auditRows = (action: string) =>
    t.deps.database.db
      .selectFrom('audit_log')
      .select(['user_id', 'target', 'outcome'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const zip = (who: Session, SubSessionIDs: unknown[], Kinds: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/export/sessions.zip',
      payload: { SubSessionIDs, Kinds },
      headers: { authorization: `Bearer ${who.token}` },
    });

  it('exports metrics, cycles and events as CSV with their headers, named by patient id and session numbers', async () => {
    const analysis = computeGaitMetrics(joints.recording);
    expect(analysis.status).toBe('ok');
    for (const [what, columns] of [
      ['metrics.csv', METRICS_CSV_HEADER],
      ['cycles.csv', CYCLES_CSV_HEADER],
      ['events.csv', EVENTS_CSV_HEADER],
    ] as const) {
      const res = await download(t, sessionUrl(withJoints, what), patient.token);
      expect(res.status, what).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      const name = `${givenId}_session-3.1_${what}`;
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      expect(header(res.raw)).toEqual([...columns]);
      expect(lines(res.raw).length, what).toBeGreaterThan(2);
      expect(lines(res.raw)[1]?.startsWith(`${givenId},3,1,`)).toBe(true);
    }
    const events = await download(t, sessionUrl(withJoints, 'events.csv'), clinician.token);
    const expected = analysis.bouts.reduce(
      (n, b) =>
        b.status === 'ok'
          ? n +
            b.events.left.heelStrikes.length +
            b.events.left.toeOffs.length +
            b.events.right.heelStrikes.length +
            b.events.right.toeOffs.length
          : n,
      0,
    );
    expect(lines(events.raw)).toHaveLength(expected + 1);
  });

  it('exports the joints as C3D that our reader reads back, with the gait events', async () => {
    const res = await download(t, sessionUrl(withJoints, 'joints.c3d'), clinic.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="${givenId}_session-3.1_joints.c3d"`);
    const read = readC3d(new Uint8Array(res.raw));
    if (!read.ok) throw new Error(read.error);
    expect(read.file.points.labels).toEqual(JOINT_NAMES);
    expect(read.file.points.units).toBe('mm');
    const bout = joints.recording.bouts[0];
    const firstFrame = (read.file.points.positions[0] ?? 0) / 1000;
    expect(Math.abs(firstFrame - (bout?.positions[0] ?? 0))).toBeLessThan(1e-6);
    expect(read.file.events.length).toBeGreaterThan(10);
    expect(new Set(read.file.events.map((e) => e.label))).toEqual(new Set(['Foot Strike', 'Foot Off']));
  });

  it('makes metrics.csv from a stored metrics file, and says clearly what a session without the data lacks', async () => {
    const metrics = await download(t, sessionUrl(metricsOnly, 'metrics.csv'), admin.token);
    expect(metrics.status).toBe(200);
    expect(lines(metrics.raw)[1]?.startsWith(`${givenId},3,2,`)).toBe(true);
    expect(lines(metrics.raw)[1]).toContain(',1.21,108,');
    const cycles = await download(t, sessionUrl(metricsOnly, 'joints.c3d'), admin.token);
    expect(cycles.status).toBe(422);
    expect(cycles.body.error).toBe(
      'This session has no joint data file, so it has no gait cycles, events or joints to export.',
    );
    const nothing = await download(t, sessionUrl(empty, 'metrics.csv'), admin.token);
    expect(nothing.status).toBe(422);
    expect(nothing.body.error).toBe(
      'This session has no joint data or gait metrics file, so it has nothing to export.',
    );
  });

  it("answers 404 for another clinic's session or patient, like one that does not exist, and audits each refusal", async () => {
    for (const who of [patient, clinician, clinic]) {
      expect((await download(t, sessionUrl(foreign, 'events.csv'), who.token)).status).toBe(404);
      expect((await download(t, `/api/export/patient/${foreignPatientId}/fhir.json`, who.token)).status).toBe(404);
      expect((await zip(who, [withJoints.SubSessionID, foreign.SubSessionID], ['events.csv'])).statusCode).toBe(404);
    }
    expect((await download(t, sessionUrl({ SubSessionID: 'no-such-id' }, 'events.csv'), admin.token)).status).toBe(404);
    expect((await download(t, sessionUrl(foreign, 'events.csv'), admin.token)).status).toBe(200);
    const denied = (await auditRows('session.export')).filter((r) => r.outcome === 'denied');
    expect(denied.map((r) => r.user_id)).toEqual(expect.arrayContaining([patient.id, clinician.id, clinic.id]));
    expect((await auditRows('patient.exportFhir')).filter((r) => r.outcome === 'denied')).toHaveLength(3);
    expect((await auditRows('session.exportZip')).filter((r) => r.outcome === 'denied')).toHaveLength(3);
  });

  it('audits every export with the patient and sub-session it names', async () => {
    await download(t, sessionUrl(withJoints, 'cycles.csv'), clinician.token);
    const rows = await auditRows('session.export');
    expect(rows.at(-1)).toEqual({
      user_id: clinician.id,
      target: `patient:${patient.id} subSession:${String(withJoints.SubSessionID)} cycles.csv`,
      outcome: 'success',
    });
  });

  it("exports a patient's FHIR R4 Bundle that the official schema accepts: Patient plus one Observation per measure and session", async () => {
    const res = await download(t, `/api/export/patient/${patient.id}/fhir.json`, patient.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="${givenId}_fhir.json"`);
    const bundle = JSON.parse(res.raw.toString('utf8')) as { entry: { resource: Row & { resourceType: string } }[] };
    const validate = fhirR4Validator();
    expect(validate(bundle), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const resources = bundle.entry.map((e) => e.resource);
    expect(resources.filter((r) => r.resourceType === 'Patient')).toHaveLength(1);
    const notes = new Set(
      resources
        .filter((r) => r.resourceType === 'Observation')
        .flatMap((r) => (r.note as { text: string }[] | undefined)?.map((n) => n.text) ?? []),
    );
    // The sessions with metrics (from joints, from a stored file) give observations; the empty one gives none.
    expect(notes).toEqual(new Set(['Session 3.1', 'Session 3.2']));
    // Body height and weight conform to the R4 vital signs profiles they name, effective[x] included.
    const vitals = resources.filter((r) => (r.meta as { profile?: string[] } | undefined)?.profile !== undefined);
    expect(vitals.length).toBeGreaterThan(0);
    for (const vital of vitals) {
      const [profile = ''] = (vital.meta as { profile: string[] }).profile;
      expect(profileErrors(vital as Parameters<typeof profileErrors>[0], profile)).toEqual([]);
    }
    const audit = (await auditRows('patient.exportFhir')).at(-1);
    expect(audit?.user_id).toBe(patient.id);
    expect(audit?.target).toContain(`patient:${patient.id} sub-sessions:`);
    expect(audit?.target).toContain(String(withJoints.SubSessionID));
  }, 120_000);

  it('zips a selection with an index.csv, names inside by patient id and session numbers, and lists what was left out', async () => {
    const res = await zip(
      clinician,
      [withJoints.SubSessionID, metricsOnly.SubSessionID, empty.SubSessionID],
      ['metrics.csv', 'joints.c3d'],
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename="${givenId}_sessions.zip"`);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const base = `${givenId}_session-3`;
    expect(Object.keys(files).sort()).toEqual(
      [
        `${base}.1_metrics.csv`,
        `${base}.1_joints.c3d`,
        `${base}.2_metrics.csv`,
        'index.csv',
        'not-exported.csv',
      ].sort(),
    );
    const index = lines(Buffer.from(files['index.csv'] ?? []));
    expect(index[0]?.split(',')).toEqual([...ZIP_INDEX_HEADER]);
    expect(index.slice(1).map((l) => l.split(',').at(-1))).toEqual([
      `${base}.1_metrics.csv`,
      `${base}.1_joints.c3d`,
      `${base}.2_metrics.csv`,
    ]);
    const left = lines(Buffer.from(files['not-exported.csv'] ?? []));
    expect(left).toHaveLength(4);
    expect(left[1]).toContain(`${givenId},3,2,joints.c3d,`);
    expect(left[2]).toContain(`${givenId},4,1,metrics.csv,`);
    expect(readC3d(files[`${base}.1_joints.c3d`] ?? new Uint8Array()).ok).toBe(true);
    const audit = (await auditRows('session.exportZip')).at(-1);
    expect(audit).toMatchObject({ user_id: clinician.id, outcome: 'success' });
    expect(audit?.target).toContain(`patients:${patient.id} sub-sessions:`);
  });

  it('refuses a zip of sessions that give nothing (422) and a bad request (400)', async () => {
    const nothing = await zip(admin, [empty.SubSessionID], ['events.csv']);
    expect(nothing.statusCode).toBe(422);
    expect((JSON.parse(nothing.payload) as Row).error).toBe(
      'This session has no joint data or gait metrics file, so it has nothing to export.',
    );
    expect((await zip(admin, [], ['events.csv'])).statusCode).toBe(400);
    expect((await zip(admin, [withJoints.SubSessionID], ['report.pdf'])).statusCode).toBe(400);
    expect((await download(t, sessionUrl(withJoints, 'joints.json'), admin.token)).status).toBe(400);
  });
});
