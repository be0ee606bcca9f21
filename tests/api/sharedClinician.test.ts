import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { databaseSnapshot } from './support/records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

/** A clinician of two clinics logs in to both clinics' patients: only the product administrator sets that login. */
describe.each(DATABASE_KINDS)('a clinician shared by two clinics (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  it("keeps each clinic from taking over the shared clinician's login; the admin may", async () => {
    const [admin, clinic] = [await api.login('admin'), await api.login('clinic')];
    const { db } = t.deps.database;
    const shared = (
      await db
        .selectFrom('clinician_clinics')
        .select('clinician_id')
        .where('clinic_id', '!=', clinic.id)
        .orderBy('clinician_id')
        .executeTakeFirstOrThrow()
    ).clinician_id;
    expect(
      (await api.post('/api/addClinicianToClinic', { clinicianId: shared, clinicId: clinic.id }, admin.token)).status,
    ).toBe(200);
    const record = (await api.get(`/api/clinician?id=${shared}`, clinic.token)).body.clinicians as {
      DateModified: string;
    }[];
    const edit = (who: Session, DateModified: string) =>
      api.post(
        '/api/updateClinician',
        {
          ID: shared,
          Forename: 'Shared',
          Surname: 'Person',
          Username: 'shared-login',
          Password: 'Shared-Login-2026',
          DateModified,
        },
        who.token,
      );
    const before = await databaseSnapshot(t);
    const refused = await edit(clinic, record[0]?.DateModified ?? '');
    expect(refused).toEqual({
      status: 403,
      body: {
        error: 'Only the product administrator can change the login of a clinician who works for several clinics.',
      },
    });
    expect(await databaseSnapshot(t)).toBe(before);
    expect((await edit(admin, record[0]?.DateModified ?? '')).status).toBe(200);
  });
});
