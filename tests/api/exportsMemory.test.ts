import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { addSessionWith, sessionBody } from './support/sessionFlows.ts';
import { download, longRecording, tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

const TOO_LARGE =
  'This recording is too large to export: analysing it does not fit in the 48 MiB the server sets aside for exports.';

/**
 * An export whose recording does not fit the export worker's heap answers a clear 422 the app shows (never a 500),
 * and the worker, replaced, makes the next export as usual.
 */
describe.each(DATABASE_KINDS)('an export that runs out of memory (%s)', (kind) => {
  let t: TestApp;
  let patient: Session;
  let big: Record<string, unknown>;
  let small: Record<string, unknown>;
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir(), EXPORT_MEMORY_MB: '48' });
    const api = apiClient(t.app);
    const [admin, p, clinician] = await Promise.all([api.login('admin'), api.login('patient'), api.login('clinician')]);
    patient = p;
    const add = async (text: string, SessionNumber: number) =>
      (
        await addSessionWith(
          t,
          admin,
          [{ body: text, type: 'application/json' }],
          sessionBody(patient.id, clinician.id, { SessionNumber, FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
        )
      ).body;
    big = await add(longRecording(40), 1);
    small = await add(walk().text, 2);
  });
  afterAll(() => t.close());

  const exported = (s: Record<string, unknown>, what: string) =>
    download(t, `/api/export/session/${String(s.SubSessionID)}/${what}`, patient.token);

  it('answers 422 with what happened, and the next export works', async () => {
    const refused = await exported(big, 'joints.c3d');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(TOO_LARGE);
    const next = await exported(small, 'metrics.csv');
    expect(next.status).toBe(200);
    expect(next.raw.toString('utf8')).toContain('speed_m_per_s');
  });

  it("still gives the patient's FHIR Bundle: whole-walk metrics come from the engine's metrics file, not the recording", async () => {
    const res = await download(t, `/api/export/patient/${patient.id}/fhir.json`, patient.token);
    expect(res.status).toBe(200);
    const notes = (
      JSON.parse(res.raw.toString('utf8')) as { entry: { resource: { note?: { text: string }[] } }[] }
    ).entry
      .flatMap((e) => e.resource.note ?? [])
      .map((n) => n.text);
    expect(new Set(notes)).toEqual(new Set(['Session 1.1', 'Session 2.1']));
  });
});
