import type { TestApp } from './testApp.ts';

/** A valid Add Patient body for a clinic's own patient; tests change one field at a time. */
export function patientBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ID: 'T-100',
    Forename: 'Ada',
    Surname: 'Lovell',
    DOB: '1961-04-12',
    Sex: 'Female',
    Height: 168,
    Weight: 64.5,
    ICD: 'G20',
    ICF: 'b770,d450',
    Ratings: '2,',
    ...overrides,
  };
}

export function clinicBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ClinicOrgCompName: 'North Gait Clinic',
    ClinicOrgCompAddress: '1 North Road',
    ClinicContactForename: 'Ian',
    ClinicContactSurname: 'Moss',
    ClinicContactNumber: '+44 1632 960000',
    ClinicContactEmail: 'ian@north.example',
    ClinicGroupName: 'Medical',
    ...overrides,
  };
}

/** Row counts of every record table, to prove a refused write changed nothing. */
export async function recordCounts(t: TestApp): Promise<Record<string, number>> {
  const { db } = t.deps.database;
  const tables = [
    'patients',
    'clinicians',
    'clinics',
    'patient_clinics',
    'patient_clinicians',
    'clinician_clinics',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const versions = await db
    .selectFrom('patients')
    .select('date_modified')
    .orderBy('date_modified', 'desc')
    .limit(1)
    .executeTakeFirst();
  counts.latestPatientVersion = versions === undefined ? 0 : Date.parse(versions.date_modified);
  return counts;
}

/**
 * Everything a write could change that a refused write must leave alone: every record, link, session and file row,
 * and every access token's revocation. Returned as text so that two snapshots compare in one assertion.
 */
export async function databaseSnapshot(t: TestApp): Promise<string> {
  const { db } = t.deps.database;
  const tables = {
    patients: await db.selectFrom('patients').selectAll().orderBy('id').execute(),
    clinicians: await db.selectFrom('clinicians').selectAll().orderBy('id').execute(),
    clinics: await db.selectFrom('clinics').selectAll().orderBy('id').execute(),
    clinicianClinics: await db
      .selectFrom('clinician_clinics')
      .selectAll()
      .orderBy(['clinician_id', 'clinic_id'])
      .execute(),
    patientClinics: await db.selectFrom('patient_clinics').selectAll().orderBy(['patient_id', 'clinic_id']).execute(),
    patientClinicians: await db
      .selectFrom('patient_clinicians')
      .selectAll()
      .orderBy(['patient_id', 'clinician_id'])
      .execute(),
    sessions: await db.selectFrom('sessions').selectAll().orderBy('id').execute(),
    subSessions: await db.selectFrom('sub_sessions').selectAll().orderBy('id').execute(),
    sessionFiles: await db.selectFrom('session_files').selectAll().orderBy(['sub_session_id', 'kind']).execute(),
    tokens: await db.selectFrom('access_tokens').select(['token_hash', 'revoked_at']).orderBy('token_hash').execute(),
  };
  return JSON.stringify(tables);
}
