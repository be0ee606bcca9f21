import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '#shared/auth/userTypes';
import { apiClient, type Session } from './support/client.ts';
import { logInEveryRole, scopeIds, type ScopeIds } from './support/scope.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { download, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Row = Record<string, unknown>;
const ROW_OF = (html: string, heading: string) => {
  const match = new RegExp(`<th scope="row">${heading.replace(/[()/]/g, '\\$&')}</th>(.*?)</tr>`).exec(html);
  if (!match) throw new Error(`no row ${heading}`);
  return [...(match[1] ?? '').matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1] ?? '');
};

describe.each(DATABASE_KINDS)('group report (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let who: Record<UserType, Session>;
  let ids: ScopeIds;
  let newest: Row;
  const names = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
    who = await logInEveryRole(api);
    ids = await scopeIds(t, who);
    const { db } = t.deps.database;
    for (const p of await db.selectFrom('patients').select(['id', 'forename', 'surname', 'given_patient_id']).execute())
      names.set(p.id, `${p.forename} ${p.surname} (${p.given_patient_id})`);
    const record = async (patientId: string, n: number, seed: number, day: string) =>
      (
        await addSessionWith(
          t,
          who.admin,
          [{ body: walk(seed, 10).text, type: 'application/json' }],
          sessionBody(patientId, ids.clinicClinician, {
            SessionNumber: n,
            DateTime: `2026-${day}T10:00:00.000Z`,
            FileUploadTypeOptions: 'SharedFormatJointsOnly',
          }),
        )
      ).body;
    await record(ids.clinicPatient, 1, 3, '01-10');
    newest = await record(ids.clinicPatient, 2, 8, '03-10');
    await record(ids.foreignPatient, 1, 5, '02-10');
  });
  afterAll(() => t.close());

  const html = async (res: { body: Row }) => (await download(t, String(res.body.htmlPath))).raw.toString('utf8');

  it("shows each metric's spread across a clinic's patients, and each patient's latest value, as HTML and PDF", async () => {
    const res = await api.post(
      '/api/generate-group-report',
      { clinicIDs: [who.clinic.id], metrics: ['Speed', 'Cadence'], timeZone: 'UTC' },
      who.clinic.token,
    );
    expect(res.status).toBe(200);
    const text = await html(res);
    expect(text).toContain('Group Gait Report');
    const { db } = t.deps.database;
    const clinicName = (
      await db.selectFrom('clinics').select('name').where('id', '=', who.clinic.id).executeTakeFirstOrThrow()
    ).name;
    expect(text).toContain(`Clinic: ${clinicName}`);
    const members = await db
      .selectFrom('patient_clinics')
      .select('patient_id')
      .where('clinic_id', '=', who.clinic.id)
      .execute();
    expect(res.body.patientCount).toBe(members.length);
    // n counts the patients with a recording: the demo clinic's patient recorded twice.
    const [n, median, iqr, reference] = ROW_OF(text, 'Walking speed (m/s)');
    expect(n).toBe('1');
    expect(median).toMatch(/^1\.\d\d$/);
    expect(iqr).toBe(`${String(median)}–${String(median)}`);
    expect(reference).toBe('0.94–1.43');
    // The latest value is the newer recording's, the same figure its own report prints.
    const single = await api.post(
      '/api/generate-report',
      {
        sessionIDs: [newest.SessionID],
        subSessionIDs: [newest.SubSessionID],
        metrics: ['Speed'],
        report_type: 'session',
      },
      who.clinic.token,
    );
    const own = /Walking speed \(m\/s\)<\/th><td[^>]*>([\d.]+)<\/td>/.exec(await html(single))?.[1];
    const patientRow = ROW_OF(text, names.get(ids.clinicPatient) ?? '');
    expect(patientRow).toContain(own);
    expect(patientRow.join(' ')).toContain('Session 2.1, 10/03/2026 10:00');
    expect(text).not.toContain(names.get(ids.foreignPatient));
    expect(text).not.toMatch(/NaN|<script/);
    const pdf = await download(t, String(res.body.pdfPath));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('chooses the group by patient, by ICD code and by tag, each narrowing the others', async () => {
    const { db } = t.deps.database;
    const { icd } = await db
      .selectFrom('patients')
      .select('icd')
      .where('id', '=', ids.clinicPatient)
      .executeTakeFirstOrThrow();
    const code = String(icd).split(',')[0] ?? '';
    const byCode = await api.post('/api/generate-group-report', { ICD: [code], metrics: ['Speed'] }, who.admin.token);
    expect(byCode.status).toBe(200);
    const all = await db.selectFrom('patients').select('icd').where('deleted_at', 'is', null).execute();
    expect(byCode.body.patientCount).toBe(all.filter((p) => (p.icd ?? '').split(',').includes(code)).length);
    expect(await html(byCode)).toContain(`ICD: ${code} `);

    const chosen = await api.post(
      '/api/generate-group-report',
      { patientIDs: [ids.clinicPatient, ids.foreignPatient], metrics: ['Speed'] },
      who.admin.token,
    );
    expect(chosen.body.patientCount).toBe(2);
    expect(ROW_OF(await html(chosen), 'Walking speed (m/s)')[0]).toBe('2');

    await db.updateTable('patients').set({ miscs: 'M05' }).where('id', '=', ids.clinicPatient).execute();
    const tagged = await api.post(
      '/api/generate-group-report',
      { patientIDs: [ids.clinicPatient, ids.foreignPatient], Miscs: ['M05'], metrics: ['Speed'] },
      who.admin.token,
    );
    expect(tagged.body.patientCount).toBe(1);
    expect(await html(tagged)).toContain('Tag: M05 Falls risk');
  });

  it("answers 404 for another clinic's patient or clinic, and audits reports made and refused", async () => {
    const ask = (body: Row, as: Session) =>
      api.post('/api/generate-group-report', { metrics: ['Speed'], ...body }, as.token);
    expect((await ask({ patientIDs: [ids.foreignPatient] }, who.clinician)).status).toBe(404);
    expect((await ask({ patientIDs: [ids.clinicPatient, ids.foreignPatient] }, who.clinic)).status).toBe(404);
    expect((await ask({ clinicIDs: [ids.foreignClinic] }, who.clinician)).status).toBe(404);
    expect((await ask({ clinicIDs: [ids.foreignClinic] }, who.clinic)).status).toBe(404);
    expect((await ask({ patientIDs: [who.patient.id] }, who.patient)).status).toBe(403);
    const made = await ask({ patientIDs: [ids.clinicPatient] }, who.clinic);
    expect(made.status).toBe(200);
    const rows = await t.deps.database.db
      .selectFrom('audit_log')
      .select(['outcome', 'target'])
      .where('action', '=', 'report.generate')
      .where('user_id', '=', who.clinic.id)
      .orderBy('id', 'desc')
      .execute();
    expect(rows[0]?.outcome).toBe('success');
    expect(rows[0]?.target).toMatch(new RegExp(`^report:[0-9a-f-]{36} group patients:${ids.clinicPatient}$`));
    expect(rows.some((r) => r.outcome === 'denied' && r.target.includes(`clinics:${ids.foreignClinic}`))).toBe(true);
    // Reading it through its link is audited for the user it was made for.
    await download(t, String(made.body.htmlPath));
    const reads = await t.deps.database.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'report.read')
      .where('user_id', '=', who.clinic.id)
      .execute();
    expect(reads.some((r) => r.target.includes(ids.clinicPatient))).toBe(true);
  });

  it('refuses a group without criteria, unknown codes and groups nobody is in, saying why', async () => {
    const ask = (body: Row) => api.post('/api/generate-group-report', body, who.admin.token);
    expect((await ask({ metrics: ['Speed'] })).body.error).toBe(
      'A group report must have at least one patient, code, tag or clinic',
    );
    expect((await ask({ ICD: ['NOPE'], metrics: ['Speed'] })).body.error).toBe('ICD code NOPE is not recognised');
    expect((await ask({ clinicIDs: [who.clinic.id], metrics: [] })).status).toBe(400);
    const none = await ask({ patientIDs: [ids.clinicPatient], Miscs: ['M13'], metrics: ['Speed'] });
    expect(none).toEqual({ status: 422, body: { error: 'No patient matches the chosen criteria.' } });
  });
});
