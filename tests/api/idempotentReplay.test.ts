import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { patientBody, recordCounts } from './support/records.ts';
import { filesOnDisk, tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

/**
 * A client that lost the answer sends the same write again with the same Idempotency-Key, often while the first is
 * still running (the outbox retries on a timeout). The write must run once: every copy gets the first answer, nothing
 * fails on the stored key, and the audit trail shows no failed write that never happened.
 */
describe.each(DATABASE_KINDS)('replayed Idempotency-Keys (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let clinic: Session;
  let admin: Session;
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    api = apiClient(t.app);
    [clinic, admin] = [await api.login('clinic'), await api.login('admin')];
  });
  afterAll(() => t.close());

  const auditOutcomes = async (action: string, target: string) =>
    (
      await t.deps.database.db
        .selectFrom('audit_log')
        .select('outcome')
        .where('action', '=', action)
        .where('target', 'like', `${target}%`)
        .execute()
    ).map((r) => r.outcome);

  it.each([
    ['with a client-made id', () => ({ UniquePatientID: randomUUID() })],
    ['with a server-made id', () => ({})],
  ])('runs a write sent 8 times at once %s only once', async (_label, extra) => {
    const key = randomUUID();
    const body = patientBody({ ID: `R-${key.slice(0, 6)}`, ...extra() });
    const before = await recordCounts(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.post('/api/addPatient', body, clinic.token, { 'idempotency-key': key })),
    );
    expect(answers[0]?.status).toBe(200);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const after = await recordCounts(t);
    expect(after.patients).toBe((before.patients ?? 0) + 1);
    const id = String(answers[0]?.body.UniquePatientID);
    expect(await auditOutcomes('patient.add', `patient:${id}`)).toEqual(Array(8).fill('success'));
    expect(t.logs()).not.toMatch(/already sent/i);
  });

  it('stores an uploaded file once when the same upload is sent 4 times at once', async () => {
    const key = randomUUID();
    const uploadId = `replay-${key.slice(0, 8)}`;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/addSession/sendFile?UserType=admin&FileUploadID=${uploadId}`,
        payload: walk().text,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}`, 'idempotency-key': key },
      });
    const answers = await Promise.all(Array.from({ length: 4 }, send));
    for (const answer of answers)
      expect({ status: answer.statusCode, body: answer.json<unknown>() }).toEqual({
        status: 200,
        body: answers[0]?.json<unknown>(),
      });
    const staged = await t.deps.database.db
      .selectFrom('upload_staging')
      .selectAll()
      .where('file_upload_id', '=', uploadId)
      .execute();
    // Staged once: the file and the metrics computed from it.
    expect(staged.map((r) => r.slot).sort()).toEqual(['jointData', 'jointData+gaitMetrics']);
    // Only the staged files are on disk: the copies' bytes were dropped before they answered.
    const onDisk = filesOnDisk(t.deps.config.storage.dir).filter((name) => !name.endsWith('.part'));
    for (const row of staged) expect(onDisk).toContain(row.storage_key);
    expect(await auditOutcomes('session.sendFile', `upload:${uploadId}`)).toEqual(Array(4).fill('success'));
    expect(t.logs()).not.toMatch(/already sent/i);
  });

  it('refuses a key sent again with another body (422) and keeps the first write', async () => {
    const key = randomUUID();
    const body = patientBody({ ID: `K-${key.slice(0, 6)}` });
    const first = await api.post('/api/addPatient', body, clinic.token, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const edited = { ...body, Notes: 'A changed note that must not be lost silently' };
    const again = await api.post('/api/addPatient', edited, clinic.token, { 'idempotency-key': key });
    expect(again).toEqual({
      status: 422,
      body: { error: 'This Idempotency-Key was already used with a different request.' },
    });
    // The same body under the same key is still the replay it always was.
    expect(await api.post('/api/addPatient', body, clinic.token, { 'idempotency-key': key })).toEqual(first);
  });
});
